/** The sales note as an 80 mm ticket (`/admin/ventas/notaventa/{id}/ticket`): no scripts. */
import { useLoaderData } from 'react-router';
import { Ticket80, TicketRow, TicketRule } from '../../../components/ticket80';
import type { SaleNotePrint } from '../../../lib/api-types';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { TicketLines } from '../components/ticket-lines';

export default function NoteTicket() {
  const { header, sale } = useLoaderData() as SaleNotePrint;
  return (
    <Ticket80 header={header} title={`NOTA DE VENTA ${sale.number}`}>
      <TicketRow label="Fecha" value={formatDateTime(sale.date)} />
      <TicketRow label="Cliente" value={sale.client.name} />
      <TicketRow label="CI/RUC" value={sale.client.identification} />
      <TicketRow label="Cajero" value={sale.user} />
      <TicketRule />
      <TicketLines lines={sale.lines} totals={sale.totals} total={sale.total} />
      <TicketRule />
      {sale.payments.map((p, i) => (
        <TicketRow key={i} label={p.label} value={formatMoney(p.received ?? p.amount)} />
      ))}
      {sale.change !== '0.00' && <TicketRow label="CAMBIO" value={formatMoney(sale.change)} strong />}
      <TicketRule />
      <p className="text-center">¡Gracias por su compra!</p>
    </Ticket80>
  );
}
