/**
 * `/admin/reportes`: sales of a date range grouped by day, product, category, cashier, register,
 * payment method or client (count, base, IVA, total, cost, margin; credit notes subtracted), its
 * CSV/XLSX downloads and printable A4; top products, slow movers, stock below minimum and stock
 * value per warehouse. The filter is a plain GET form, so it works before scripts load.
 */
import { Form, useLoaderData, useSearchParams } from 'react-router';
import type { ReportsPage } from '../../../lib/api-types';
import { formatDate, formatMoney, formatQuantity } from '../../../lib/format';
import { GROUPINGS, groupLabel } from '../labels';
import { SalesTable } from '../sales-table';

export default function Reports() {
  const { sales, top, slow, stock } = useLoaderData() as ReportsPage;
  const [params] = useSearchParams();
  const query = new URLSearchParams({ from: sales.from, to: sales.to, groupBy: sales.groupBy });
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold">Reportes</h1>
      <Form method="get" className="card grid items-end gap-3 sm:grid-cols-5" data-testid="report-filter">
        <label className="text-sm">
          <span className="label">Desde</span>
          <input type="date" name="from" className="input" defaultValue={sales.from} />
        </label>
        <label className="text-sm">
          <span className="label">Hasta</span>
          <input type="date" name="to" className="input" defaultValue={sales.to} />
        </label>
        <label className="text-sm">
          <span className="label">Agrupar por</span>
          <select name="groupBy" className="input" defaultValue={sales.groupBy} data-testid="report-group">
            {GROUPINGS.map((g) => (
              <option key={g.value} value={g.value}>
                {g.label}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="label">Sin ventas en (días)</span>
          <input type="number" name="days" min={1} max={3650} className="input" defaultValue={params.get('days') ?? String(slow.days)} />
        </label>
        <button type="submit" className="btn btn-primary" data-testid="report-submit">
          Ver reporte
        </button>
      </Form>

      <div className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">{`Ventas por ${groupLabel(sales.groupBy).toLowerCase()} · ${formatDate(sales.from)} al ${formatDate(sales.to)}`}</h2>
          <div className="flex gap-2">
            {/* The server writes the files (every cell neutralised against spreadsheet formulas). */}
            <a className="btn btn-secondary" href={`/api/reports/sales/export?${query}&format=csv`} download data-testid="report-export-csv">
              Exportar CSV
            </a>
            <a className="btn btn-secondary" href={`/api/reports/sales/export?${query}&format=xlsx`} download data-testid="report-export-xlsx">
              Exportar Excel
            </a>
            <a className="btn btn-secondary" href={`/admin/reportes/imprimir?${query}`} target="_blank" rel="noreferrer" data-testid="report-print">
              Imprimir A4
            </a>
          </div>
        </div>
        <div className="card overflow-x-auto p-0">
          <SalesTable report={sales} keyLabel={groupLabel(sales.groupBy)} testId="sales-report" />
        </div>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <div className="card space-y-2 overflow-x-auto">
          <h2 className="font-semibold">Productos más vendidos</h2>
          <table className="w-full text-sm" data-testid="top-products">
            <thead className="text-xs uppercase">
              <tr>
                <th className="text-left">Producto</th>
                <th className="text-right">Ventas</th>
                <th className="text-right">Total</th>
                <th className="text-right">Margen</th>
              </tr>
            </thead>
            <tbody>
              {top.rows.map((r) => (
                <tr key={r.key} className="border-b border-gray-100 dark:border-gray-800">
                  <td>{r.label}</td>
                  <td className="text-right">{r.count}</td>
                  <td className="text-right">{formatMoney(r.total)}</td>
                  <td className="text-right">{formatMoney(r.margin)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="card space-y-2 overflow-x-auto">
          <h2 className="font-semibold">{`Sin ventas en ${slow.days} días`}</h2>
          {slow.rows.length === 0 ? (
            <p className="text-sm text-gray-500">Todos los productos se vendieron en el período.</p>
          ) : (
            <table className="w-full text-sm" data-testid="slow-products">
              <thead className="text-xs uppercase">
                <tr>
                  <th className="text-left">Producto</th>
                  <th className="text-left">Última venta</th>
                  <th className="text-right">Stock</th>
                </tr>
              </thead>
              <tbody>
                {slow.rows.slice(0, 50).map((r) => (
                  <tr key={r.productId} className="border-b border-gray-100 dark:border-gray-800">
                    <td>{`${r.code} · ${r.name}`}</td>
                    <td>{r.lastSold ? formatDate(r.lastSold) : 'Nunca'}</td>
                    <td className="text-right">{formatQuantity(r.stock)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        <div className="card space-y-2 overflow-x-auto">
          <h2 className="font-semibold">Stock bajo el mínimo</h2>
          {stock.low.length === 0 ? (
            <p className="text-sm text-gray-500">Ningún producto está bajo su mínimo.</p>
          ) : (
            <table className="w-full text-sm" data-testid="low-stock">
              <thead className="text-xs uppercase">
                <tr>
                  <th className="text-left">Producto</th>
                  <th className="text-left">Bodega</th>
                  <th className="text-right">Stock</th>
                  <th className="text-right">Mínimo</th>
                </tr>
              </thead>
              <tbody>
                {stock.low.map((r) => (
                  <tr key={`${r.productId}-${r.cellar}`} className="border-b border-gray-100 dark:border-gray-800">
                    <td>{`${r.code} · ${r.name}`}</td>
                    <td>{r.cellar}</td>
                    <td className="text-right">{formatQuantity(r.quantity)}</td>
                    <td className="text-right">{formatQuantity(r.minStock)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        <div className="card space-y-2 overflow-x-auto">
          <h2 className="font-semibold">Valor del stock por bodega</h2>
          <table className="w-full text-sm" data-testid="stock-value">
            <thead className="text-xs uppercase">
              <tr>
                <th className="text-left">Bodega</th>
                <th className="text-right">Productos</th>
                <th className="text-right">Valor</th>
              </tr>
            </thead>
            <tbody>
              {stock.byCellar.map((c) => (
                <tr key={c.cellar} className="border-b border-gray-100 dark:border-gray-800">
                  <td>{c.cellar}</td>
                  <td className="text-right">{c.products}</td>
                  <td className="text-right">{formatMoney(c.value)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="font-semibold">
                <td>Total</td>
                <td />
                <td className="text-right">{formatMoney(stock.totalValue)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      </div>
    </section>
  );
}
