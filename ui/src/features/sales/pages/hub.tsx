/** `/admin/ventas`: today's sales of the branch, by payment method, and the last documents. */
import { Link, useLoaderData } from 'react-router';
import type { SalesHubPage } from '../../../lib/api-types';
import { formatDateTime, formatMoney } from '../../../lib/format';

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
        {recent.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-300">Todavía no hay ventas hoy.</p>
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left">
                <th>Número</th>
                <th>Fecha</th>
                <th>Cliente</th>
                <th className="text-right">Total</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {recent.map((s) => (
                <tr key={s._id} className="border-t border-gray-200 dark:border-gray-700">
                  <td>{s.number}</td>
                  <td>{formatDateTime(s.date)}</td>
                  <td>{s.clientName}</td>
                  <td className="text-right">{formatMoney(s.total)}</td>
                  <td className="space-x-2 text-right">
                    {/* A factura prints as its RIDE; a sales note as its own ticket and A4. */}
                    <a
                      href={s.kind === 'invoice' ? `/tickets/factura/${s.documentId}/Ticket80` : `/admin/ventas/notaventa/${s._id}/ticket`}
                      target="_blank"
                      rel="noreferrer"
                      className="text-blue-700 underline dark:text-blue-300"
                    >
                      Ticket
                    </a>
                    <a
                      href={s.kind === 'invoice' ? `/tickets/factura/${s.documentId}/A4SRI` : `/admin/ventas/notaventa/${s._id}/pdf`}
                      target="_blank"
                      rel="noreferrer"
                      className="text-blue-700 underline dark:text-blue-300"
                    >
                      A4
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
