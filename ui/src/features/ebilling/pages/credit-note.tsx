/**
 * `/admin/ebilling/nota_de_credito` (every role): the electronic nota de crédito against an
 * authorized factura. Find the factura by its number or its client, type the quantities returned
 * (the sales credit note's return form), the reason and how the money goes back; the SRI state is
 * then followed live until AUTORIZADO (with the RIDE A4 / 80 mm) or the SRI's messages. The
 * branch's electronic credit notes are listed below.
 */
import { useEffect, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { ApiError, apiGet, apiPost } from '../../../lib/api';
import type { CreditableInvoiceView, DocumentStatus, ElectronicCreditNoteView, ElectronicCreditNotesPage, SaleRowView } from '../../../lib/api-types';
import { formatDateTime, formatMoney, formatQuantity } from '../../../lib/format';
import { ReturnForm, type ReturnBody } from '../../sales/components/return-form';
import { SriTarget } from '../components/sri-target';

/** Refused or returned by the SRI: its messages say why. */
const REFUSED: DocumentStatus[] = ['returned', 'not_authorized'];

function RideLinks({ documentId }: { documentId: number }) {
  return (
    <span className="inline-flex flex-wrap gap-2">
      <a className="btn btn-secondary" href={`/tickets/notaCredito/${documentId}/A4SRI`} target="_blank" rel="noreferrer">
        RIDE A4
      </a>
      <a className="btn btn-secondary" href={`/tickets/notaCredito/${documentId}/Ticket80`} target="_blank" rel="noreferrer">
        RIDE 80 mm
      </a>
    </span>
  );
}

/**
 * The nota de crédito's SRI state, asked for every 1.5 s until it is final; then `onFinal` (the
 * list below reloads, so its row says the same as this card and offers the RIDE).
 */
function CreditNoteProgress({ first, onFinal }: { first: ElectronicCreditNoteView; onFinal: () => void }) {
  const [note, setNote] = useState(first);
  const pending = note.pending;
  useEffect(() => {
    if (!pending && first.pending) onFinal();
    // Once, when the state becomes final (`onFinal` is a new function each render, so it is not
    // a dependency).
  }, [pending]);
  useEffect(() => {
    if (!note.pending) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      apiGet<ElectronicCreditNoteView>(`/api/ebilling/creditNote/${note._id}`, { quiet: true, signal: controller.signal })
        .then(setNote)
        .catch(() => setNote({ ...note }));
    }, 1500);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [note]);
  const authorized = note.statusCode === 'authorized';
  const refused = note.statusCode !== '' && REFUSED.includes(note.statusCode);
  return (
    <section className="card space-y-2 text-sm" data-testid="credit-note-progress">
      <h2 className="font-semibold">{`Nota de crédito ${note.number} · factura ${note.saleNumber} · ${formatMoney(note.total)}`}</h2>
      <p>
        {'Estado en el SRI: '}
        <strong data-testid="credit-note-status" className={authorized ? 'text-green-700 dark:text-green-400' : refused ? 'text-red-700 dark:text-red-300' : ''}>
          {note.status}
        </strong>
        {note.pending && <span aria-hidden="true">{' …'}</span>}
      </p>
      {/* What the note gave back, so the shop sees the stock and the money moved (once). */}
      <p data-testid="credit-note-returned">
        {`Regresa al inventario: ${note.lines.map((l) => `${formatQuantity(l.quantity)} × ${l.name}`).join(', ')}. `}
        {note.refund === 'cash' ? `Se devolvieron ${formatMoney(note.total)} en efectivo de su turno de caja.` : `Se rebajaron ${formatMoney(note.total)} de la cuenta por cobrar del cliente.`}
      </p>
      {note.accessKey && <p className="break-all font-mono text-xs">{note.accessKey}</p>}
      {authorized && note.authorizationDate && <p className="text-xs">{`Autorizada el ${formatDateTime(note.authorizationDate)}`}</p>}
      {note.lastError && note.pending && <p className="text-xs text-amber-800 dark:text-amber-300">{note.lastError}</p>}
      {refused && (
        <ul className="space-y-1 rounded-md bg-red-50 p-2 text-red-900 dark:bg-red-950 dark:text-red-200">
          {note.messages.map((m, i) => (
            <li key={i}>{`${m.identifier} ${m.message}${m.additionalInfo ? `: ${m.additionalInfo}` : ''}`}</li>
          ))}
        </ul>
      )}
      {note.documentId !== null && <RideLinks documentId={note.documentId} />}
    </section>
  );
}

export default function ElectronicCreditNote() {
  const { list, sriTarget } = useLoaderData() as ElectronicCreditNotesPage;
  const revalidator = useRevalidator();
  const [search, setSearch] = useState('');
  const [candidates, setCandidates] = useState<SaleRowView[] | null>(null);
  const [invoice, setInvoice] = useState<CreditableInvoiceView | null>(null);
  const [issued, setIssued] = useState<ElectronicCreditNoteView | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [searching, setSearching] = useState(false);

  async function find(e: React.FormEvent) {
    e.preventDefault();
    setError('');
    setInvoice(null);
    setIssued(null);
    setSearching(true);
    try {
      const page = await apiGet<{ results: SaleRowView[] }>(`/api/sales/invoice?search=${encodeURIComponent(search.trim())}&limit=10`, { quiet: true });
      setCandidates(page.results);
      if (page.results.length === 0) setError('No se encontró ninguna factura con ese número o cliente');
    } catch (err) {
      setCandidates(null);
      setError(err instanceof ApiError ? err.message : 'No se pudieron buscar las facturas: revise la conexión');
    } finally {
      setSearching(false);
    }
  }

  async function pick(id: number) {
    setError('');
    try {
      setInvoice(await apiGet<CreditableInvoiceView>(`/api/ebilling/creditNote/invoice/${id}`, { quiet: true }));
      setCandidates(null);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'No se pudo abrir la factura');
    }
  }

  async function register(body: ReturnBody) {
    if (!invoice) return;
    setBusy(true);
    setError('');
    try {
      const note = await apiPost<ElectronicCreditNoteView>('/api/ebilling/creditNote/register', { invoiceId: invoice._id, ...body }, { quiet: true });
      setIssued(note);
      setInvoice(null);
      setSearch('');
      revalidator.revalidate();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'No se pudo registrar la nota de crédito');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Nota de crédito electrónica</h1>
      <SriTarget target={sriTarget} />
      <form onSubmit={find} className="card flex flex-wrap items-end gap-2">
        <label className="label flex-1">
          Factura (número o cliente)
          <input className="input" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="001-001-000000123" required />
        </label>
        <button className="btn btn-secondary" type="submit" disabled={searching}>
          {searching ? 'Buscando…' : 'Buscar'}
        </button>
      </form>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      {candidates && candidates.length > 0 && (
        <ul className="card divide-y divide-gray-200 text-sm dark:divide-gray-700" data-testid="invoice-candidates">
          {candidates.map((c) => (
            <li key={c._id}>
              <button type="button" className="w-full py-2 text-left hover:underline" onClick={() => pick(c._id)}>
                {`${c.number} · ${formatDateTime(c.date)} · ${c.clientName} · ${formatMoney(c.total)}`}
              </button>
            </li>
          ))}
        </ul>
      )}
      {invoice &&
        (invoice.creditable ? (
          <ReturnForm
            heading={`Factura ${invoice.number} · ${invoice.clientName} (${invoice.clientIdentification}) · ${formatMoney(invoice.total)}`}
            lines={invoice.lines}
            busy={busy}
            submitLabel="Emitir nota de crédito"
            onSubmit={register}
          />
        ) : (
          <p role="alert" className="card text-sm text-amber-900 dark:text-amber-200">
            {`La factura ${invoice.number} está «${invoice.status || 'sin documento electrónico'}»: solo una factura AUTORIZADA por el SRI admite nota de crédito electrónica.`}
          </p>
        ))}
      {issued && <CreditNoteProgress key={issued._id} first={issued} onFinal={() => revalidator.revalidate()} />}
      <section className="card">
        <h2 className="mb-2 font-semibold">Notas de crédito electrónicas de la sucursal</h2>
        {list.results.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-300">Todavía no hay notas de crédito electrónicas.</p>
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left">
                <th>Número</th>
                <th>Fecha</th>
                <th>Factura</th>
                <th>Cliente</th>
                <th>Motivo</th>
                <th>Estado SRI</th>
                <th className="text-right">Total</th>
                <th>RIDE</th>
              </tr>
            </thead>
            <tbody>
              {list.results.map((n) => (
                <tr key={n._id} className="border-t border-gray-200 dark:border-gray-700">
                  <td>{n.number}</td>
                  <td>{formatDateTime(n.date)}</td>
                  <td>{n.saleNumber}</td>
                  <td>{n.clientName}</td>
                  <td>{n.reason}</td>
                  <td data-testid="credit-note-row-status">{n.status}</td>
                  <td className="text-right">{formatMoney(n.total)}</td>
                  <td>{n.documentId !== null && n.statusCode === 'authorized' && <RideLinks documentId={n.documentId} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
