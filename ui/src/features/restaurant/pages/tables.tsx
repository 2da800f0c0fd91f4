/** Placeholder of «Mesas y zonas» until its screen lands (issue 26). */
export default function Page() {
  return <h1 className="text-2xl font-bold">Mesas y zonas</h1>;
}
