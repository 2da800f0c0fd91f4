/** Placeholder of «Orden express» until its screen lands (issue 26). */
export default function Page() {
  return <h1 className="text-2xl font-bold">Orden express</h1>;
}
