/** Placeholder of «Cocina» until its screen lands (issue 26). */
export default function Page() {
  return <h1 className="text-2xl font-bold">Cocina</h1>;
}
