/** The sales report's table: one row per group and the totals (shared by the page and the A4). */
import type { SalesReportView } from '../../lib/api-types';
import { formatMoney, formatQuantity } from '../../lib/format';

export function SalesTable({ report, keyLabel, testId }: { report: SalesReportView; keyLabel: string; testId?: string }) {
  const money = ['base', 'iva', 'total', 'cost', 'margin'] as const;
  // By product or category: the units sold less returned («Ventas» counts the sales).
  const units = report.rows.some((r) => r.units !== null);
  return (
    <table className="w-full text-sm" data-testid={testId}>
      <thead className="bg-gray-50 text-xs uppercase dark:bg-gray-800 print:bg-white">
        <tr>
          <th className="px-2 py-2 text-left">{keyLabel}</th>
          <th className="text-right">Ventas</th>
          {units && <th className="text-right">Unidades</th>}
          <th className="text-right">Base</th>
          <th className="text-right">IVA</th>
          <th className="text-right">Total</th>
          <th className="text-right">Costo</th>
          <th className="px-2 text-right">Margen</th>
        </tr>
      </thead>
      <tbody>
        {report.rows.length === 0 ? (
          <tr>
            <td className="px-2 py-2 text-gray-500" colSpan={units ? 8 : 7}>
              No hay ventas en el período.
            </td>
          </tr>
        ) : (
          report.rows.map((r) => (
            <tr key={r.key} className="border-b border-gray-100 dark:border-gray-800" data-testid="report-row">
              <td className="px-2 py-1">{r.label}</td>
              <td className="text-right">{r.count}</td>
              {units && <td className="text-right">{formatQuantity(r.units ?? '0')}</td>}
              {money.map((m) => (
                <td key={m} className={`text-right ${m === 'margin' ? 'px-2' : ''}`}>
                  {formatMoney(r[m])}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
      <tfoot>
        <tr className="border-t-2 border-gray-400 font-semibold" data-testid="report-totals">
          <td className="px-2 py-1">Total</td>
          <td className="text-right">{report.totals.count}</td>
          {units && <td />}
          {money.map((m) => (
            <td key={m} className={`text-right ${m === 'margin' ? 'px-2' : ''}`}>
              {formatMoney(report.totals[m])}
            </td>
          ))}
        </tr>
      </tfoot>
    </table>
  );
}
