/** `/admin/cxc/{id}/pagos`: the payments of a receivable, each reversible with a reason (never deleted). */
import { useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import { ApiError, apiPost } from '../../../lib/api';
import { RecordTable } from '../../../components/record-table';
import type { ReceivableDetailView, ReverseBody } from '../../../lib/api-types';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { methodLabels, statusLabels } from '../labels';

export default function ReceivablePayments() {
  const r = useLoaderData() as ReceivableDetailView;
  const revalidator = useRevalidator();
  const [reversing, setReversing] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const reverse = async (receiptId: number) => {
    try {
      await apiPost(`/api/cxc/payment/${receiptId}/reverse`, { reason } satisfies ReverseBody, { quiet: true });
      toast({ title: 'Cobro anulado', color: 'success' });
      setReversing(null);
      setReason('');
      setError('');
      await revalidator.revalidate();
    } catch (e) {
      setError(e instanceof ApiError ? (e.fieldErrors.reason ?? e.body.message) : String(e));
    }
  };
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">{`Pagos de ${r.document}`}</h1>
      <section className="card grid gap-1 text-sm sm:grid-cols-2" data-testid="cxc-receivable">
        <p>{`Cliente: ${r.clientName}`}</p>
        <p>{`Estado: ${statusLabels[r.status] ?? r.status}`}</p>
        <p>{`Emisión: ${formatDate(r.issueDate)} · vence ${formatDate(r.dueDate)}`}</p>
        <p>{`Monto ${formatMoney(r.amount)} · pagado ${formatMoney(r.paid)} · saldo ${formatMoney(r.balance)}`}</p>
      </section>
      {r.payments.length === 0 ? (
        <p className="card">Todavía no tiene pagos.</p>
      ) : (
        <RecordTable
          rows={r.payments}
          testId="cxc-payments"
          rowKey={(p) => p.receiptId}
          columns={[
            { header: 'Recibo', className: 'py-1', cell: (p) => <a className="link" href={`/tickets/cxc/recibo/${p.receiptId}/A4`}>{`N.º ${p.number}`}</a> },
            { header: 'Fecha', cell: (p) => formatDateTime(p.date) },
            { header: 'Forma', cell: (p) => `${methodLabels[p.method] ?? p.method}${p.reference ? ` (${p.reference})` : ''}` },
            { header: 'Abonado', numeric: true, cell: (p) => formatMoney(p.amount) },
            { header: 'Estado', cell: (p) => (p.reversed ? `Anulado: ${p.reversalReason ?? ''}` : 'Vigente') },
            {
              className: 'text-right',
              cell: (p) =>
                !p.reversed &&
                (reversing === p.receiptId ? (
                  <span className="flex items-center justify-end gap-2">
                    <input className="input" aria-label="Motivo de la anulación" value={reason} onChange={(e) => setReason(e.target.value)} />
                    <button type="button" className="btn btn-danger" onClick={() => reverse(p.receiptId)}>
                      Anular
                    </button>
                  </span>
                ) : (
                  <button type="button" className="btn" onClick={() => setReversing(p.receiptId)}>
                    Anular cobro
                  </button>
                )),
            },
          ]}
        />
      )}
      {error && <p className="text-sm text-red-700">{error}</p>}
      <Link className="btn" to="/admin/cxc/listaCxC">
        Volver
      </Link>
    </div>
  );
}
