/**
 * The owner's figures on the back-office home: today's and this month's sales against the same
 * days of last month, open shifts with who holds them and the cash expected in each drawer, the
 * stock alerts and the charts (drawn by the server as SVG: they show without JavaScript and print;
 * each with its figures in a table). A cashier sees only their own shift, without the expected
 * cash (blind count).
 */
import type { ChartView, ComparisonView, ReportsDashboardView } from '../../lib/api-types';
import { formatDateTime, formatMoney, formatQuantity } from '../../lib/format';

function Compare({ title, c, testId }: { title: string; c: ComparisonView; testId: string }) {
  return (
    <div className="card" data-testid={testId}>
      <p className="text-xs text-gray-500 uppercase">{title}</p>
      <p className="mt-1 text-2xl font-semibold">{formatMoney(c.current.total)}</p>
      <p className="text-sm text-gray-600 dark:text-gray-300">{`${c.current.count} ventas · mes anterior ${formatMoney(c.previous.total)} (${c.previous.count})`}</p>
      <p className="text-xs text-gray-500">Netas: descontadas las notas de crédito.</p>
    </div>
  );
}

/** A chart from the server with its figures in a table under it (scrolls when long). */
function Chart({ chart }: { chart: ChartView }) {
  return (
    <figure className="card space-y-2 break-inside-avoid" data-testid={`chart-${chart.id}`}>
      <figcaption className="font-semibold">{chart.title}</figcaption>
      {chart.rows.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-300">Sin ventas en este período.</p>
      ) : (
        <>
          {/* The server's SVG (plotters): a light panel so its dark labels read in both themes. */}
          <div className="overflow-hidden rounded-md bg-white" dangerouslySetInnerHTML={{ __html: chart.svg }} />
          <div className="max-h-48 overflow-auto text-sm">
            <table className="w-full">
              <caption className="sr-only">{`Cifras: ${chart.title}`}</caption>
              <thead>
                <tr className="text-left">
                  {chart.columns.map((c, i) => (
                    <th key={c} className={`px-2 py-1 ${i > 0 ? 'text-right' : ''}`}>
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {chart.rows.map((r) => (
                  <tr key={r[0]} className="border-t border-gray-100 dark:border-gray-800">
                    {r.map((cell, i) => (
                      <td key={i} className={`px-2 py-1 ${i > 0 ? 'text-right tabular-nums whitespace-nowrap' : ''}`}>
                        {cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </figure>
  );
}

export function DashboardPanel({ d }: { d: ReportsDashboardView }) {
  return (
    <div className="space-y-4" data-testid="owner-dashboard">
      {d.today && d.month ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Compare title="Ventas netas de hoy" c={d.today} testId="sales-today" />
          <Compare title="Ventas netas del mes" c={d.month} testId="sales-month" />
        </div>
      ) : null}
      {d.charts.length > 0 && (
        <div className="grid gap-4 lg:grid-cols-2" data-testid="charts">
          {d.charts.map((c) => (
            <Chart key={c.id} chart={c} />
          ))}
        </div>
      )}
      <div className="card space-y-2">
        <h2 className="font-semibold">{d.full ? 'Turnos abiertos' : 'Mi turno'}</h2>
        {d.shifts.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-300">No hay turnos abiertos.</p>
        ) : (
          <ul className="text-sm" data-testid="open-shifts">
            {d.shifts.map((s) => (
              <li key={s.turnId}>
                {`${s.register} · ${s.user} · desde ${formatDateTime(s.openedAt)}`}
                {s.expected !== null ? ` · esperado en caja ${formatMoney(s.expected)}` : ''}
              </li>
            ))}
          </ul>
        )}
      </div>
      {d.full ? (
        <div className="card space-y-2">
          <h2 className="font-semibold">Alertas de stock</h2>
          {d.lowStock.length === 0 ? (
            <p className="text-sm text-gray-600 dark:text-gray-300">Ningún producto está bajo su mínimo.</p>
          ) : (
            <ul className="text-sm" data-testid="stock-alerts">
              {d.lowStock.slice(0, 10).map((l) => (
                <li key={`${l.productId}-${l.cellar}`}>{`${l.code} · ${l.name} (${l.cellar}): ${formatQuantity(l.quantity)} de mínimo ${formatQuantity(l.minStock)}`}</li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
