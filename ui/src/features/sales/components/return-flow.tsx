/**
 * The flow both credit notes share — the internal one against a sales note and the electronic one
 * against an authorized factura: look the document up by what the user types, show its return
 * form, register the return against it. They differ only in how the document is found and which
 * endpoint registers the note, so the state, the errors and the search form live here once.
 */
import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { FormError } from '../../../components/form';
import { ApiError } from '../../../lib/api';
import { useSubmit } from '../../../lib/use-submit';
import type { CreditNoteBody } from '../../../lib/api-types';
import type { ReturnBody } from './return-form';

/**
 * The typed search, the document found (`D`) and the registering of a note (`N`) at `url`.
 * `against` says which document the body names (`{ saleId }`, `{ invoiceId }`); once the server
 * accepts the note, `registered` gets it, the document is let go and the page's list reloads.
 */
export function useReturnFlow<D, N>(url: string, against: (document: D) => CreditNoteBody, registered: (note: N) => void) {
  const revalidator = useRevalidator();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<D | null>(null);
  const [searching, setSearching] = useState(false);
  // One message at a time: the search's or the register's refusal (the API's, under `form`).
  const { send, busy, errors, setErrors } = useSubmit<N, CreditNoteBody>(url);
  const fail = (message: string) => setErrors(message ? { form: message } : {});

  /**
   * Runs `find` with the trimmed query; its answer (a message) says nothing was found. A refused
   * request shows the API's message, any other failure `failure`.
   */
  const search = (find: (q: string) => Promise<string | void>, failure: string) => async (e: FormEvent) => {
    e.preventDefault();
    fail('');
    setSearching(true);
    try {
      fail((await find(query.trim())) ?? '');
    } catch (err) {
      fail(err instanceof ApiError ? err.message : failure);
    } finally {
      setSearching(false);
    }
  };

  const register = (body: ReturnBody) =>
    found &&
    send({ ...against(found), ...body }, async (note) => {
      registered(note);
      setFound(null);
      setQuery('');
      await revalidator.revalidate();
    });

  return { query, setQuery, found, setFound, searching, search, register, busy, error: errors.form, fail };
}

/** The search of the document a return is against, with the flow's message under it. */
export function ReturnSearch({
  label,
  flow,
  onSearch,
}: {
  /** The field's label, e.g. «Número de la nota de venta». */
  label: string;
  flow: Pick<ReturnType<typeof useReturnFlow>, 'query' | 'setQuery' | 'searching' | 'error'>;
  onSearch: (e: FormEvent) => unknown;
}) {
  return (
    <>
      <form onSubmit={onSearch} className="card flex flex-wrap items-end gap-2">
        <label className="label flex-1">
          {label}
          <input className="input" value={flow.query} onChange={(e) => flow.setQuery(e.target.value)} placeholder="001-001-000000123" required />
        </label>
        <button className="btn btn-secondary" type="submit" disabled={flow.searching}>
          {flow.searching ? 'Buscando…' : 'Buscar'}
        </button>
      </form>
      <FormError message={flow.error} />
    </>
  );
}
