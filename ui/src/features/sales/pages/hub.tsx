/** `/admin/ventas`: today's sales of the branch, by payment method, and the last documents. */
import { Link, useLoaderData } from 'react-router';
import { RecordTable } from '../../../components/record-table';
import type { SalesHubPage } from '../../../lib/api-types';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { PrintLinks } from '../components/print-links';

export default function SalesHub() {
  const { count, total, byMethod, recent } = useLoaderData() as SalesHubPage;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Ventas de hoy</h1>
        <Link to="notaventa" className="btn btn-primary">
          Nueva venta
        </Link>
      </div>
      <section className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="today">
        <div className="card">
          <p className="text-sm text-gray-600 dark:text-gray-300">Ventas</p>
          <p className="text-2xl font-bold">{count}</p>
        </div>
        <div className="card">
          <p className="text-sm text-gray-600 dark:text-gray-300">Total vendido (bruto)</p>
          <p className="text-2xl font-bold">{formatMoney(total)}</p>
          <p className="text-xs text-gray-500">Lo facturado hoy, sin descontar las notas de crédito (el tablero muestra las ventas netas).</p>
        </div>
        {byMethod.map((m) => (
          <div key={m.method} className="card">
            <p className="text-sm text-gray-600 dark:text-gray-300">{m.label}</p>
            <p className="text-2xl font-bold">{formatMoney(m.amount)}</p>
          </div>
        ))}
      </section>
      <section className="card">
        <h2 className="mb-2 font-semibold">Últimas notas de venta</h2>
        <RecordTable
          rows={recent}
          empty="Todavía no hay ventas hoy."
          rowKey={(s) => s._id}
          columns={[
            { header: 'Número', cell: (s) => s.number },
            { header: 'Fecha', cell: (s) => formatDateTime(s.date) },
            { header: 'Cliente', cell: (s) => s.clientName },
            { header: 'Total', numeric: true, cell: (s) => formatMoney(s.total) },
            {
              className: 'space-x-2 text-right',
              // A factura prints as its RIDE; a sales note as its own ticket and A4.
              cell: (s) =>
                s.kind === 'invoice' ? (
                  <PrintLinks ticket={`/tickets/factura/${s.documentId}/Ticket80`} a4={`/tickets/factura/${s.documentId}/A4SRI`} />
                ) : (
                  <PrintLinks ticket={`/admin/ventas/notaventa/${s._id}/ticket`} a4={`/admin/ventas/notaventa/${s._id}/pdf`} />
                ),
            },
          ]}
        />
      </section>
    </div>
  );
}
