/** The day's Banco del Barrio report of a branch, printable on the 80 mm ticket. */
import { useLoaderData } from 'react-router';
import { Ticket80, TicketRow, TicketRule, TicketSection } from '../../../components/ticket80';
import type { CnbReportTicket } from '../../../lib/api-types';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { cnbTypes } from '../labels';

const label = (code: string) => cnbTypes.find((t) => t.code === code)?.label ?? code;

export default function TicketBarrio() {
  const { header, report: r, printedAt } = useLoaderData() as CnbReportTicket;
  return (
    <Ticket80 header={header} title="CNB: BANCO DEL BARRIO">
      <TicketRow label="Fecha" value={formatDate(r.date)} />
      <TicketRow label="Agente" value={r.agentCode ?? '—'} />
      <TicketRule />
      <TicketSection title="Ingresos">
        {Object.entries(r.ins).map(([code, amount]) => (
          <TicketRow key={code} label={label(code)} value={formatMoney(amount ?? '0')} />
        ))}
        <TicketRow label="Total ingresos" value={formatMoney(r.totalIns)} strong />
      </TicketSection>
      <TicketSection title="Egresos">
        {Object.entries(r.outs).map(([code, amount]) => (
          <TicketRow key={code} label={label(code)} value={formatMoney(amount ?? '0')} />
        ))}
        <TicketRow label="Total egresos" value={formatMoney(r.totalOuts)} strong />
      </TicketSection>
      <TicketRule />
      <TicketRow label="SALDO EN CAJA" value={formatMoney(r.saldoEnCaja)} strong />
      <TicketRow label="Comisiones" value={formatMoney(r.commissions)} />
      <TicketRow label="Cupo" value={formatMoney(r.cupo)} />
      <TicketRow label="Cupo usado" value={formatMoney(r.cupoUsed)} />
      <TicketRow label="Cupo disponible" value={formatMoney(r.cupoAvailable)} />
      <TicketRule />
      <TicketSection title={`Operaciones (${r.operations.length})`}>
        {r.operations.map((o) => (
          <TicketRow
            key={o._id}
            label={`${o.createdAt.slice(11, 16)} ${o.label}${o.reversed ? ' (reversada)' : ''} ${o.transactionNumber}`}
            value={`${o.cashIn ? '' : '-'}${formatMoney(o.amount)}`}
          />
        ))}
      </TicketSection>
      <p className="mt-2 text-center">{`Impreso ${formatDateTime(printedAt)}`}</p>
    </Ticket80>
  );
}
