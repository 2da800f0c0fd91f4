/**
 * The owner's figures on the back-office home: today's and this month's sales against the same
 * days of last month, open shifts with who holds them and the cash expected in each drawer, and
 * the stock alerts. A cashier sees only their own shift, without the expected cash (blind count).
 */
import type { ComparisonView, ReportsDashboardView } from '../../lib/api-types';
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

export function DashboardPanel({ d }: { d: ReportsDashboardView }) {
  return (
    <div className="space-y-4" data-testid="owner-dashboard">
      {d.today && d.month ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Compare title="Ventas netas de hoy" c={d.today} testId="sales-today" />
          <Compare title="Ventas netas del mes" c={d.month} testId="sales-month" />
        </div>
      ) : null}
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
