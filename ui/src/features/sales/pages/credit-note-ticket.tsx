/**
 * An internal credit note as an 80 mm ticket (`/admin/ventas/notaCredito/{id}/ticket`): the
 * sales ticket's header and lines with what was returned, the sale it credits and the reason.
 * No scripts.
 */
import { useLoaderData } from 'react-router';
import { Ticket80, TicketRow, TicketRule } from '../../../components/ticket80';
import type { CreditNotePrint } from '../../../lib/api-types';
import { formatDateTime } from '../../../lib/format';
import { TicketLines } from '../components/ticket-lines';
import { refundLabel } from '../components/credit-note-labels';

export default function CreditNoteTicket() {
  const { header, note, client, lines } = useLoaderData() as CreditNotePrint;
  return (
    <Ticket80 header={header} title={`NOTA DE CRÉDITO ${note.number}`}>
      <TicketRow label="Fecha" value={formatDateTime(note.date)} />
      <TicketRow label="Venta" value={note.saleNumber} />
      <TicketRow label="Cliente" value={client.name} />
      <TicketRow label="CI/RUC" value={client.identification} />
      <TicketRow label="Atendió" value={note.user} />
      <TicketRule />
      <TicketLines lines={lines} totals={note.totals} total={note.total} />
      <TicketRule />
      <TicketRow label="Devolución" value={refundLabel(note.refund)} />
      <p>{`Motivo: ${note.reason}`}</p>
      <div className="mt-8 grid grid-cols-2 gap-4 text-center">
        <p className="border-t border-black pt-1">Entregado</p>
        <p className="border-t border-black pt-1">Recibido</p>
      </div>
    </Ticket80>
  );
}
