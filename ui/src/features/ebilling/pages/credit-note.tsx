/**
 * `/admin/ebilling/nota_de_credito` (every role): the electronic nota de crédito against an
 * authorized factura. Find the factura by its number or its client, type the quantities returned
 * (the sales credit note's return form), the reason and how the money goes back; the SRI state is
 * then followed live until AUTORIZADO (with the RIDE A4 / 80 mm) or the SRI's messages. The
 * branch's electronic credit notes are listed below.
 */
import { useEffect, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { RecordTable } from '../../../components/record-table';
import { ApiError, apiGet } from '../../../lib/api';
import type { CreditableInvoiceView, DocumentStatus, ElectronicCreditNoteView, ElectronicCreditNotesPage, SaleRowView } from '../../../lib/api-types';
import { formatDateTime, formatMoney, formatQuantity } from '../../../lib/format';
import { ReturnForm } from '../../sales/components/return-form';
import { ReturnSearch, useReturnFlow } from '../../sales/components/return-flow';
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
  const [candidates, setCandidates] = useState<SaleRowView[] | null>(null);
  const [issued, setIssued] = useState<ElectronicCreditNoteView | null>(null);
  const flow = useReturnFlow<CreditableInvoiceView, ElectronicCreditNoteView>('/api/ebilling/creditNote/register', (invoice) => ({ invoiceId: invoice._id }), setIssued);
  const invoice = flow.found;

  /** The facturas whose number or client matches, to pick the one the note is against. */
  const find = async (search: string) => {
    flow.setFound(null);
    setIssued(null);
    setCandidates(null);
    const page = await apiGet<{ results: SaleRowView[] }>(`/api/sales/invoice?search=${encodeURIComponent(search)}&limit=10`, { quiet: true });
    setCandidates(page.results);
    if (page.results.length === 0) return 'No se encontró ninguna factura con ese número o cliente';
  };

  async function pick(id: number) {
    flow.fail('');
    try {
      flow.setFound(await apiGet<CreditableInvoiceView>(`/api/ebilling/creditNote/invoice/${id}`, { quiet: true }));
      setCandidates(null);
    } catch (err) {
      flow.fail(err instanceof ApiError ? err.message : 'No se pudo abrir la factura');
    }
  }

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Nota de crédito electrónica</h1>
      <SriTarget target={sriTarget} />
      <ReturnSearch label="Factura (número o cliente)" flow={flow} onSearch={flow.search(find, 'No se pudieron buscar las facturas: revise la conexión')} />
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
            busy={flow.busy}
            submitLabel="Emitir nota de crédito"
            onSubmit={flow.register}
          />
        ) : (
          <p role="alert" className="card text-sm text-amber-900 dark:text-amber-200">
            {`La factura ${invoice.number} está «${invoice.status || 'sin documento electrónico'}»: solo una factura AUTORIZADA por el SRI admite nota de crédito electrónica.`}
          </p>
        ))}
      {issued && <CreditNoteProgress key={issued._id} first={issued} onFinal={() => revalidator.revalidate()} />}
      <section className="card">
        <h2 className="mb-2 font-semibold">Notas de crédito electrónicas de la sucursal</h2>
        <RecordTable
          rows={list.results}
          empty="Todavía no hay notas de crédito electrónicas."
          rowKey={(n) => n._id}
          columns={[
            { header: 'Número', cell: (n) => n.number },
            { header: 'Fecha', cell: (n) => formatDateTime(n.date) },
            { header: 'Factura', cell: (n) => n.saleNumber },
            { header: 'Cliente', cell: (n) => n.clientName },
            { header: 'Motivo', cell: (n) => n.reason },
            { header: 'Estado SRI', testId: 'credit-note-row-status', cell: (n) => n.status },
            { header: 'Total', numeric: true, cell: (n) => formatMoney(n.total) },
            { header: 'RIDE', cell: (n) => n.documentId !== null && n.statusCode === 'authorized' && <RideLinks documentId={n.documentId} /> },
          ]}
        />
      </section>
    </div>
  );
}
