/**
 * The pieces of a list's filter form sent by GET (the filters live in the URL, so the server
 * renders the filtered list and the form works before the page's script): a select with an «all»
 * option, the «Desde»/«Hasta» date range, and the «Filtrar» / «Quitar filtros» buttons.
 */
import { Form, Link, useSearchParams } from 'react-router';
import { Options } from '../form-fields';

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

/**
 * «Desde» and «Hasta» (`from`, `to`: dates of Ecuador, both included), from the URL unless the
 * page knows the range it showed (`from`, `to`: a statement's, defaulted by the server).
 */
export function DateRangeFilters({ from, to }: { from?: string; to?: string }) {
  const [params] = useSearchParams();
  return (
    <>
      <label className="label">
        Desde
        <input className="input" type="date" name="from" defaultValue={from ?? params.get('from') ?? ''} />
      </label>
      <label className="label">
        Hasta
        <input className="input" type="date" name="to" defaultValue={to ?? params.get('to') ?? ''} />
      </label>
    </>
  );
}

/**
 * The form of a statement of account, sent by GET: whose statement (a client, a supplier) and the
 * period, then «Ver».
 */
export function StatementFilters({
  testId,
  label,
  name,
  parties,
  choose,
  from,
  to,
}: {
  testId: string;
  /** «Cliente», «Proveedor». */
  label: string;
  /** The URL parameter, e.g. `clientId`. */
  name: string;
  parties: readonly { _id: number; name: string }[];
  /** The empty first option, e.g. «Elija un cliente». */
  choose: string;
  from?: string;
  to?: string;
}) {
  const [params] = useSearchParams();
  return (
    <Form method="get" className="no-print card flex flex-wrap items-end gap-3" data-testid={testId}>
      <label className="label">
        {label}
        <select className="input" name={name} defaultValue={params.get(name) ?? ''} required>
          <Options items={parties} value={(p) => p._id} label={(p) => p.name} empty={choose} />
        </select>
      </label>
      <DateRangeFilters from={from} to={to} />
      <button type="submit" className="btn btn-secondary">
        Ver
      </button>
    </Form>
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
