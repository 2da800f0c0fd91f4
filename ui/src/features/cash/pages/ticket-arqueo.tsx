/**
 * The arqueo (cash-count) ticket of a shift, 80 mm: opening, lines by type (cash paid to suppliers
 * apart from withdrawals), sales by payment method (the sales on credit too), the count by
 * denomination, expected, counted and the difference. Complete HTML without
 * scripts (`/admin/caja/turno/{id}/ticketArqueo` and `/tickets/caja/ticketArqueo?turno={id}`).
 */
import { useLoaderData } from 'react-router';
import { Ticket80, TicketRow, TicketRule, TicketSection } from '../../../components/ticket80';
import type { CashCountTicket } from '../../../lib/api-types';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { toCents } from '../../../lib/money';
import { methodLabels, movementLabels, stateLabels } from '../labels';

export default function TicketArqueo() {
  const { header, turn, printedAt } = useLoaderData() as CashCountTicket;
  if (!turn) {
    return (
      <Ticket80 header={header} title="ARQUEO DE CAJA">
        <p className="my-2 text-center">No hay un turno de caja para imprimir.</p>
      </Ticket80>
    );
  }
  const s = turn.summary;
  const difference = s.difference === null ? null : toCents(s.difference);
  const types = Object.entries(s.byType).filter(([type]) => type !== 'opening' && type !== 'non_cash_sale');
  const methods = Object.entries(s.byMethod);
  return (
    <Ticket80 header={header} title="ARQUEO DE CAJA">
      <TicketRow label="Turno" value={`#${turn._id}`} />
      <TicketRow label="Caja" value={turn.cashRegisterName} />
      <TicketRow label="Cajero" value={turn.userName} />
      <TicketRow label="Estado" value={stateLabels[turn.state] ?? turn.state} />
      <TicketRow label="Apertura" value={formatDateTime(turn.openedAt)} />
      {turn.closedAt && <TicketRow label="Cierre" value={formatDateTime(turn.closedAt)} />}
      <TicketRule />
      <TicketSection title="Efectivo">
        <TicketRow label="Fondo inicial" value={formatMoney(s.opening)} />
        {types.map(([type, amount]) => (
          <TicketRow key={type} label={movementLabels[type] ?? type} value={formatMoney(amount ?? '0')} />
        ))}
        {s.expected !== null && <TicketRow label="EFECTIVO ESPERADO" value={formatMoney(s.expected)} strong />}
      </TicketSection>
      {methods.length > 0 && (
        <TicketSection title="Ventas por forma de pago">
          {methods.map(([method, amount]) => (
            <TicketRow key={method} label={methodLabels[method] ?? method} value={formatMoney(amount ?? '0')} />
          ))}
        </TicketSection>
      )}
      {turn.counts.length > 0 && (
        <TicketSection title="Conteo">
          {turn.counts.map((c) => (
            <TicketRow key={c.denomination} label={`${c.quantity} x ${formatMoney(c.denomination)}`} value={formatMoney(c.amount)} />
          ))}
        </TicketSection>
      )}
      <TicketRule />
      {/* A cashier's open shift is counted blind: no expected cash until it is closed. */}
      {s.expected !== null && <TicketRow label="ESPERADO" value={formatMoney(s.expected)} strong />}
      <TicketRow label="CONTADO" value={s.counted === null ? '—' : formatMoney(s.counted)} strong />
      <TicketRow
        label={difference === null ? 'DIFERENCIA' : difference > 0n ? 'SOBRANTE' : difference < 0n ? 'FALTANTE' : 'DIFERENCIA'}
        value={s.difference === null ? '—' : formatMoney(s.difference)}
        strong
      />
      {turn.refusedWithdrawals.length > 0 && (
        <TicketSection title="RETIROS RECHAZADOS">
          {turn.refusedWithdrawals.map((r, i) => (
            <TicketRow key={i} label={`${formatDateTime(r.createdAt)} ${r.reason}`} value={formatMoney(r.amount)} />
          ))}
        </TicketSection>
      )}
      {turn.closeNote && <p className="mt-1">{`Nota: ${turn.closeNote}`}</p>}
      {turn.confirmNote && <p>{`Confirmación: ${turn.confirmNote}`}</p>}
      <div className="mt-8 grid grid-cols-2 gap-4 text-center">
        <p className="border-t border-black pt-1">Cajero</p>
        <p className="border-t border-black pt-1">Supervisor</p>
      </div>
      <p className="mt-2 text-center">{`Impreso ${formatDateTime(printedAt)}`}</p>
    </Ticket80>
  );
}
