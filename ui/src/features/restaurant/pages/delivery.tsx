/** Placeholder of «Pedidos a domicilio» until its screen lands (issue 26). */
export default function Page() {
  return <h1 className="text-2xl font-bold">Pedidos a domicilio</h1>;
}
