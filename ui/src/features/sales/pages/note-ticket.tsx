/** The sales note as an 80 mm ticket (`/admin/ventas/notaventa/{id}/ticket`): no scripts. */
import { useLoaderData } from 'react-router';
import { Ticket80, TicketRow, TicketRule } from '../../../components/ticket80';
import type { SaleNotePrint } from '../../../lib/api-types';
import { formatDateTime, formatMoney, formatPrice, formatQuantity } from '../../../lib/format';
import { discountOf } from '../components/document-a4';

export default function NoteTicket() {
  const { header, sale } = useLoaderData() as SaleNotePrint;
  const t = sale.totals;
  return (
    <Ticket80 header={header} title={`NOTA DE VENTA ${sale.number}`}>
      <TicketRow label="Fecha" value={formatDateTime(sale.date)} />
      <TicketRow label="Cliente" value={sale.client.name} />
      <TicketRow label="CI/RUC" value={sale.client.identification} />
      <TicketRow label="Cajero" value={sale.user} />
      <TicketRule />
      <div data-testid="ticket-lines">
        {sale.lines.map((l, i) => (
          <div key={i}>
            <p>{l.name}</p>
            <TicketRow label={`${formatQuantity(l.quantity)} x ${formatPrice(l.unitPrice)}`} value={formatMoney(l.net)} />
            {discountOf(l) !== '0.00' && <TicketRow label={l.promotion ? `  ${l.promotion.name}` : '  Descuento'} value={`-${formatMoney(discountOf(l))}`} />}
          </div>
        ))}
      </div>
      <TicketRule />
      <TicketRow label="SUBTOTAL" value={formatMoney(t.subtotal)} />
      {t.groups
        .filter((g) => g.value !== '0.00')
        .map((g) => (
          <TicketRow key={g.code} label={g.label} value={formatMoney(g.value)} />
        ))}
      <TicketRow label="TOTAL" value={formatMoney(sale.total)} strong />
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
