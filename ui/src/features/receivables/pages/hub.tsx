/** `/admin/cxc`: what clients owe — total, overdue, aging buckets and the top debtors. */
import { Link, useLoaderData } from 'react-router';
import { RecordHead, RecordTable } from '../../../components/record-table';
import type { CxcHubView } from '../../../lib/api-types';
import { formatMoney } from '../../../lib/format';
import { fromCents, toCents } from '../../../lib/money';
import { bucketLabels } from '../labels';

export default function CxcHub() {
  const hub = useLoaderData() as CxcHubView;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Cuentas por cobrar</h1>
      <div className="grid gap-3 sm:grid-cols-2">
        <section className="card" data-testid="cxc-total">
          <p className="text-sm text-gray-500">Total por cobrar</p>
          <p className="text-2xl font-bold">{formatMoney(hub.total)}</p>
        </section>
        <section className="card" data-testid="cxc-overdue">
          <p className="text-sm text-gray-500">Vencido</p>
          <p className="text-2xl font-bold text-red-700">{formatMoney(hub.overdue)}</p>
        </section>
      </div>
      <section className="card">
        <h2 className="mb-2 font-semibold">Antigüedad de saldos</h2>
        <table className="w-full text-sm" data-testid="cxc-aging">
          <RecordHead columns={bucketLabels.map(([, label]) => ({ header: label, numeric: true }))} />
          <tbody>
            <tr>
              {bucketLabels.map(([key]) => (
                <td key={key} className="text-right">
                  {formatMoney(hub.aging[key])}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </section>
      <section className="card">
        <h2 className="mb-2 font-semibold">Principales deudores</h2>
        <RecordTable
          rows={hub.topDebtors}
          empty="Ningún cliente debe."
          testId="cxc-debtors"
          rowKey={(d) => d.clientId}
          columns={[
            { header: 'Cliente', className: 'py-1', cell: (d) => d.name },
            { header: 'Vencido', numeric: true, cell: (d) => formatMoney(overdueOf(d)) },
            { header: 'Total', numeric: true, className: 'font-medium', cell: (d) => formatMoney(d.total) },
            {
              className: 'text-right',
              cell: (d) => (
                <Link className="link" to={`/admin/cxc/cobrarCxC?clientId=${d.clientId}`}>
                  Cobrar
                </Link>
              ),
            },
          ]}
        />
      </section>
      <div className="flex flex-wrap gap-2">
        <Link className="btn" to="/admin/cxc/listaCxC">
          Ver cuentas por cobrar
        </Link>
        <Link className="btn btn-primary" to="/admin/cxc/cobrarCxC">
          Cobrar
        </Link>
        <Link className="btn" to="/admin/cxc/estadoCuenta">
          Estado de cuenta
        </Link>
      </div>
    </div>
  );
}

/** Past due of a client: everything but «por vencer» (cents, never floats). */
function overdueOf(d: { total: string; notDue: string }): string {
  return fromCents(toCents(d.total) - toCents(d.notDue));
}
