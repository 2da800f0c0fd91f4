/**
 * The body every 80 mm sales ticket prints (sales note, credit note): its lines with their
 * discounts, the subtotal, the IVA per rate and the total. Complete HTML without scripts. The
 * printed amounts add up: each line prints quantity × price, its discount below as a negative
 * amount, and the SUBTOTAL is their sum (the lines' bases); the IVA of each rate and the TOTAL follow.
 */
import { TicketRow, TicketRule } from '../../../components/ticket80';
import type { DocumentTotalsView, SaleLineView } from '../../../lib/api-types';
import { formatMoney, formatPrice, formatQuantity } from '../../../lib/format';
import { discountOf } from './document-a4';

export function TicketLines({ lines, totals, total }: { lines: SaleLineView[]; totals: DocumentTotalsView; total: string }) {
  return (
    <>
      <div data-testid="ticket-lines">
        {lines.map((l, i) => (
          <div key={i}>
            <p>{l.name}</p>
            <TicketRow label={`${formatQuantity(l.quantity)} x ${formatPrice(l.unitPrice)}`} value={formatMoney(l.gross)} />
            {discountOf(l) !== '0.00' && <TicketRow label={l.promotion ? `  ${l.promotion.name}` : '  Descuento'} value={`-${formatMoney(discountOf(l))}`} />}
          </div>
        ))}
      </div>
      <TicketRule />
      <TicketRow label="SUBTOTAL" value={formatMoney(totals.subtotal)} />
      {totals.groups
        .filter((g) => g.value !== '0.00')
        .map((g) => (
          <TicketRow key={g.code} label={g.label} value={formatMoney(g.value)} />
        ))}
      <TicketRow label="TOTAL" value={formatMoney(total)} strong />
    </>
  );
}
