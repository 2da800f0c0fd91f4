/**
 * The pieces of a list's filter form sent by GET (the filters live in the URL, so the server
 * renders the filtered list and the form works before the page's script): a select with an «all»
 * option, the «Desde»/«Hasta» date range, and the «Filtrar» / «Quitar filtros» buttons.
 */
import { Link, useSearchParams } from 'react-router';

/** A select of the form, `value → label`, first «all» (no filter). */
export function FilterSelect({ label, name, all, options }: { label: string; name: string; all: string; options: [string | number, string][] }) {
  const [params] = useSearchParams();
  return (
    <label className="label">
      {label}
      <select className="input" name={name} defaultValue={params.get(name) ?? ''}>
        <option value="">{all}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** «Desde» and «Hasta» (`from`, `to`: dates of Ecuador, both included). */
export function DateRangeFilters() {
  const [params] = useSearchParams();
  return (
    <>
      <label className="label">
        Desde
        <input className="input" type="date" name="from" defaultValue={params.get('from') ?? ''} />
      </label>
      <label className="label">
        Hasta
        <input className="input" type="date" name="to" defaultValue={params.get('to') ?? ''} />
      </label>
    </>
  );
}

/** «Filtrar», and «Quitar filtros» (back to `resetTo`) when `filtered`. */
export function FilterActions({ loading, filtered, resetTo }: { loading: boolean; filtered: boolean; resetTo: string }) {
  return (
    <div className="flex items-end gap-2">
      <button className="btn btn-primary" type="submit" disabled={loading}>
        Filtrar
      </button>
      {filtered && (
        <Link className="btn btn-secondary" to={resetTo}>
          Quitar filtros
        </Link>
      )}
    </div>
  );
}
