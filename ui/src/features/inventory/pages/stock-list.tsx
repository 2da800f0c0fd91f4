/** `/admin/inventario/stockList`: stock per warehouse with its value, low stock highlighted, printable. */
import { useLoaderData, useSearchParams } from 'react-router';
import { formatMoney, formatQuantity } from '../../../lib/format';
import type { StockListPage } from '../../../lib/api-types';

export default function StockList() {
  const { cellars, stock } = useLoaderData() as StockListPage;
  const [params, setParams] = useSearchParams();
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  };
  return (
    <section className="space-y-4">
      <header className="flex items-end justify-between print:hidden">
        <h1 className="text-2xl font-bold">Stock por bodega</h1>
        <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
          Imprimir
        </button>
      </header>
      <div className="flex flex-wrap gap-3 print:hidden">
        <select className="input w-auto" aria-label="Bodega" value={params.get('cellarId') ?? ''} onChange={(e) => set('cellarId', e.target.value)}>
          <option value="">Todas las bodegas</option>
          {cellars.map((c) => (
            <option key={c._id} value={c._id}>
              {c.name}
            </option>
          ))}
        </select>
        <input
          className="input w-64"
          type="search"
          placeholder="Buscar producto…"
          defaultValue={params.get('search') ?? ''}
          onKeyDown={(e) => e.key === 'Enter' && set('search', e.currentTarget.value)}
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={params.get('low') === 'true'} onChange={(e) => set('low', e.target.checked ? 'true' : '')} />
          Solo bajo el mínimo
        </label>
      </div>
      <table className="w-full text-sm" data-testid="stock-table">
        <thead className="border-b border-gray-800 text-xs uppercase">
          <tr>
            <th className="text-left">Código</th>
            <th className="text-left">Producto</th>
            <th className="text-left">Bodega</th>
            <th className="text-right">Cantidad</th>
            <th className="text-right">Mínimo</th>
            <th className="text-right">Costo promedio</th>
            <th className="text-right">Valor</th>
          </tr>
        </thead>
        <tbody>
          {stock.results.map((r) => (
            <tr key={`${r.productId}-${r.cellarId}`} className={`border-b border-gray-100 ${r.low ? 'bg-red-50 text-red-800' : ''}`}>
              <td>{r.code}</td>
              <td>{r.name}</td>
              <td>{r.cellarName}</td>
              <td className="text-right">{formatQuantity(r.quantity)}</td>
              <td className="text-right">{formatQuantity(r.minStock)}</td>
              <td className="text-right">{formatMoney(r.averageCost)}</td>
              <td className="text-right">{formatMoney(r.value)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t border-gray-800 font-bold">
            <td colSpan={6} className="text-right">
              Valor total
            </td>
            <td className="text-right" data-testid="stock-total">
              {formatMoney(stock.totalValue)}
            </td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
