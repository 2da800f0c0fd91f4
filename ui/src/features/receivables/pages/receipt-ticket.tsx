/** The collection receipt on the 80 mm ticket (complete HTML, no scripts). */
import { useLoaderData } from 'react-router';
import { Ticket80, TicketRow, TicketRule, TicketSection } from '../../../components/ticket80';
import type { ReceiptPrint } from '../../../lib/api-types';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { methodLabels } from '../labels';

export default function ReceiptTicket() {
  const { header, receipt: r, printedAt } = useLoaderData() as ReceiptPrint;
  return (
    <Ticket80 header={header} title={`RECIBO DE COBRO N.º ${r.number}`}>
      {r.reversed && <p className="text-center font-bold">{`ANULADO: ${r.reversalReason ?? ''}`}</p>}
      <TicketRow label="Fecha" value={formatDateTime(r.date)} />
      <TicketRow label="Cliente" value={r.client.name} />
      <TicketRow label="Identificación" value={r.client.identification} />
      <TicketRow label="Forma de pago" value={`${methodLabels[r.method] ?? r.method}${r.reference ? ` ${r.reference}` : ''}`} />
      <TicketRule />
      <TicketSection title="Abonos">
        {r.allocations.map((a) => (
          <TicketRow key={a.receivableId} label={a.document} value={formatMoney(a.amount)} />
        ))}
      </TicketSection>
      <TicketRule />
      <TicketRow label="RECIBIDO" value={formatMoney(r.amount)} strong />
      <TicketRow label="Saldo a favor usado" value={formatMoney(r.creditUsed)} />
      <TicketRow label="Saldo a favor" value={formatMoney(r.remainingCredit)} />
      <TicketRow label="Saldo por cobrar" value={formatMoney(r.outstanding)} />
      <TicketRow label="Atendió" value={r.user} />
      <p className="mt-2 text-center">{`Impreso ${formatDateTime(printedAt)}`}</p>
    </Ticket80>
  );
}
