/** Placeholder of «Reservas» until its screen lands (issue 26). */
export default function Page() {
  return <h1 className="text-2xl font-bold">Reservas</h1>;
}
