/**
 * `/admin/reportes`: sales of a date range grouped by day, product, category, cashier, register,
 * payment method or client (count, base, IVA, total, cost, margin; credit notes subtracted), its
 * CSV/XLSX downloads and printable A4; top products, slow movers, stock below minimum and stock
 * value per warehouse. The filter is a plain GET form, so it works before scripts load.
 */
import type { ReactNode } from 'react';
import { Form, useLoaderData, useSearchParams } from 'react-router';
import { Options } from '../../../components/form-fields';
import { RecordTable } from '../../../components/record-table';
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
            <Options items={GROUPINGS} value={(g) => g.value} label={(g) => g.label} />
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
        <Panel title="Productos más vendidos">
          <RecordTable
            look="caps"
            rows={top.rows}
            testId="top-products"
            rowKey={(r) => r.key}
            columns={[
              { header: 'Producto', cell: (r) => r.label },
              { header: 'Ventas', numeric: true, cell: (r) => r.count },
              { header: 'Total', numeric: true, cell: (r) => formatMoney(r.total) },
              { header: 'Margen', numeric: true, cell: (r) => formatMoney(r.margin) },
            ]}
          />
        </Panel>
        <Panel title={`Sin ventas en ${slow.days} días`}>
          <RecordTable
            look="caps"
            rows={slow.rows.slice(0, 50)}
            empty="Todos los productos se vendieron en el período."
            testId="slow-products"
            rowKey={(r) => r.productId}
            columns={[
              { header: 'Producto', cell: (r) => `${r.code} · ${r.name}` },
              { header: 'Última venta', cell: (r) => (r.lastSold ? formatDate(r.lastSold) : 'Nunca') },
              { header: 'Stock', numeric: true, cell: (r) => formatQuantity(r.stock) },
            ]}
          />
        </Panel>
        <Panel title="Stock bajo el mínimo">
          <RecordTable
            look="caps"
            rows={stock.low}
            empty="Ningún producto está bajo su mínimo."
            testId="low-stock"
            rowKey={(r) => `${r.productId}-${r.cellar}`}
            columns={[
              { header: 'Producto', cell: (r) => `${r.code} · ${r.name}` },
              { header: 'Bodega', cell: (r) => r.cellar },
              { header: 'Stock', numeric: true, cell: (r) => formatQuantity(r.quantity) },
              { header: 'Mínimo', numeric: true, cell: (r) => formatQuantity(r.minStock) },
            ]}
          />
        </Panel>
        <Panel title="Valor del stock por bodega">
          <RecordTable
            look="caps"
            rows={stock.byCellar}
            testId="stock-value"
            rowKey={(c) => c.cellar}
            columns={[
              { header: 'Bodega', cell: (c) => c.cellar },
              { header: 'Productos', numeric: true, cell: (c) => c.products },
              { header: 'Valor', numeric: true, cell: (c) => formatMoney(c.value) },
            ]}
            footer={
              <tr className="font-semibold">
                <td>Total</td>
                <td />
                <td className="text-right">{formatMoney(stock.totalValue)}</td>
              </tr>
            }
          />
        </Panel>
      </div>
    </section>
  );
}

/** A card of the page's lower grid: a heading and its table, scrolled sideways on a phone. */
function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="card space-y-2 overflow-x-auto">
      <h2 className="font-semibold">{title}</h2>
      {children}
    </div>
  );
}
