/**
 * `/admin/inventario/stockList`: stock per warehouse with its value, low stock highlighted,
 * printable. The same list screen as every other list (search, filters, pages, empty state), read
 * only: stock changes through adjustments, transfers and sales, never by editing a row.
 */
import { useLoaderData, useSearchParams } from 'react-router';
import { ListScreen, type ListConfig } from '../../../components/data-list/list-screen';
import { Options } from '../../../components/form-fields';
import { PrintButton } from '../../../components/print-button';
import { formatMoney, formatQuantity } from '../../../lib/format';
import type { StockListPage, StockRowView } from '../../../lib/api-types';

/** A stock row as the list screen keys it (a product appears once per warehouse). */
type StockRow = StockRowView & { _id: number };

export default function StockList() {
  const { cellars, stock } = useLoaderData() as StockListPage;
  const [params, setParams] = useSearchParams();
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    setParams(next);
  };
  const config: ListConfig<StockRow> = {
    base: '/api/inventory/stock',
    title: 'Stock por bodega',
    newLabel: '',
    emptyText: 'No hay existencias en las bodegas de la sucursal.',
    readOnly: true,
    rowKey: (r) => `${r.productId}-${r.cellarId}`,
    rowClassName: (r) => (r.low ? 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200' : ''),
    formTitle: () => '',
    renderForm: () => null,
    toBody: () => ({}),
    headerActions: <PrintButton />,
    columns: [
      { key: 'code', label: 'Código', render: (r) => r.code },
      { key: 'name', label: 'Producto', render: (r) => r.name },
      { key: 'cellar', label: 'Bodega', render: (r) => r.cellarName },
      { key: 'quantity', label: 'Cantidad', className: 'text-right', render: (r) => formatQuantity(r.quantity) },
      { key: 'minStock', label: 'Mínimo', className: 'text-right', render: (r) => formatQuantity(r.minStock) },
      { key: 'averageCost', label: 'Costo promedio', className: 'text-right', render: (r) => formatMoney(r.averageCost) },
      { key: 'value', label: 'Valor', className: 'text-right', render: (r) => formatMoney(r.value) },
    ],
    toolbar: (
      <>
        <select className="input w-auto" aria-label="Bodega" value={params.get('cellarId') ?? ''} onChange={(e) => set('cellarId', e.target.value)}>
          <option value="">Todas las bodegas</option>
          <Options items={cellars} value={(c) => c._id} label={(c) => c.name} />
        </select>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="h-4 w-4 accent-primary-600" checked={params.get('low') === 'true'} onChange={(e) => set('low', e.target.checked ? 'true' : '')} />
          Solo bajo el mínimo
        </label>
      </>
    ),
    footer: (
      <p className="text-right font-bold">
        {'Valor total '}
        <span data-testid="stock-total">{formatMoney(stock.totalValue)}</span>
      </p>
    ),
  };
  const offset = (stock.page - 1) * stock.limit;
  const data = { ...stock, results: stock.results.map((r, i) => ({ ...r, _id: offset + i + 1 })) };
  return <ListScreen config={config} data={data} />;
}
