/**
 * `/admin/inventario/kardex`: one product (found by code, barcode or name; the server lists the
 * candidates when a name matches several) and warehouse over a date range, every movement with
 * its running quantity, average cost and value. With «Todas las de la sucursal» each row names
 * its warehouse and shows that warehouse's balance and the branch's. Kinds and documents come in
 * Spanish from the server's tables. CSV and XLSX export of the whole range
 * (`/api/inventory/kardex/export`, written by the server).
 */
import { useState } from 'react';
import { Link, useLoaderData, useSearchParams } from 'react-router';
import { UrlPagination } from '../../../components/data-list/pagination';
import { Options } from '../../../components/form-fields';
import { formatDate, formatDateTime, formatMoney, formatQuantity } from '../../../lib/format';
import type { KardexPage } from '../../../lib/api-types';
import { DOCUMENT_LABELS, MOVEMENT_LABELS } from '../shared';

export default function Kardex() {
  const { cellars, product, kardex, matches } = useLoaderData() as KardexPage;
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('search') ?? '');
  const allCellars = !params.get('cellarId');
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    next.delete('page');
    setParams(next);
  };

  const exportQuery = new URLSearchParams(params);
  exportQuery.delete('page');
  exportQuery.delete('limit');
  const xlsxQuery = new URLSearchParams(exportQuery);
  xlsxQuery.set('format', 'xlsx');
  const pick = (id: number) => {
    const next = new URLSearchParams(params);
    next.delete('search');
    next.delete('page');
    next.set('productId', String(id));
    return `?${next}`;
  };

  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">Kardex</h1>
      <div className="card grid gap-3 sm:grid-cols-4">
        {/* A plain GET form: works without JavaScript; a scanner's Enter submits it too. */}
        <form
          method="get"
          onSubmit={(e) => {
            e.preventDefault();
            set({ search: search.trim() || null, productId: null });
          }}
        >
          <label htmlFor="kardex-search" className="label">
            Producto (código, código de barras o nombre)
          </label>
          <input id="kardex-search" name="search" className="input" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Escriba o escanee y presione Enter" autoComplete="off" data-testid="kardex-search" />
          {params.get('cellarId') && <input type="hidden" name="cellarId" value={params.get('cellarId') ?? ''} />}
        </form>
        <label className="text-sm">
          <span className="label">Bodega</span>
          <select className="input" value={params.get('cellarId') ?? ''} onChange={(e) => set({ cellarId: e.target.value })}>
            <option value="">Todas las de la sucursal</option>
            <Options items={cellars} value={(c) => c._id} label={(c) => c.name} />
          </select>
        </label>
        <label className="text-sm">
          <span className="label">Desde</span>
          <input type="date" className="input" value={params.get('from') ?? ''} onChange={(e) => set({ from: e.target.value })} />
        </label>
        <label className="text-sm">
          <span className="label">Hasta</span>
          <input type="date" className="input" value={params.get('to') ?? ''} onChange={(e) => set({ to: e.target.value })} />
        </label>
      </div>
      {matches.length > 0 && (
        <div className="card" data-testid="kardex-matches">
          <p className="mb-2 text-sm">{`Varios productos coinciden con «${params.get('search') ?? ''}»; elija uno:`}</p>
          <ul className="space-y-1 text-sm">
            {matches.map((m) => (
              <li key={m._id}>
                <Link className="text-blue-700 hover:underline dark:text-blue-400" to={pick(m._id)}>{`${m.code} · ${m.name}`}</Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      {!product || !kardex ? (
        matches.length === 0 && (
          <p className="text-gray-500">
            {params.get('search') ? `Ningún producto tiene el código o el nombre «${params.get('search')}».` : 'Escriba o escanee el código o el nombre de un producto para ver su kardex.'}
          </p>
        )
      ) : (
        <>
          <div className="flex items-center justify-between">
            <h2 className="text-lg font-semibold" data-testid="kardex-product">{`${product.code} · ${product.name}`}</h2>
            {/* The server writes the file (every cell neutralised against spreadsheet formulas). */}
            <div className="flex gap-2">
              <a className="btn btn-secondary" href={`/api/inventory/kardex/export?${exportQuery}`} download data-testid="kardex-export">
                Exportar CSV
              </a>
              <a className="btn btn-secondary" href={`/api/inventory/kardex/export?${xlsxQuery}`} download data-testid="kardex-export-xlsx">
                Exportar Excel
              </a>
            </div>
          </div>
          <div className="card overflow-x-auto p-0">
            {/* Every cell padded: the headers ran together («ENTRADASALIDA»). */}
            <table className="w-full text-sm [&_td]:px-2 [&_th]:px-2 [&_th]:whitespace-nowrap" data-testid="kardex-table">
              <thead className="bg-gray-50 text-xs uppercase dark:bg-gray-800">
                <tr>
                  <th className="py-2 text-left">Fecha</th>
                  <th className="text-left">Movimiento</th>
                  <th className="text-left">Documento</th>
                  {allCellars && <th className="text-left">Bodega</th>}
                  <th className="text-right">Entrada</th>
                  <th className="text-right">Salida</th>
                  <th className="text-right">Costo unit.</th>
                  <th className="text-right">Costo total</th>
                  <th className="text-right">{allCellars ? 'Saldo bodega' : 'Saldo'}</th>
                  <th className="text-right">Promedio</th>
                  {/* The value is the row's warehouse's (saldo × promedio): beside the figures it
                      multiplies, and the branch's quantity after it. */}
                  <th className="text-right">{allCellars ? 'Valor bodega' : 'Valor'}</th>
                  {allCellars && <th className="text-right">Saldo sucursal</th>}
                </tr>
              </thead>
              <tbody>
                <tr className="border-b border-gray-100 text-gray-500 dark:border-gray-800">
                  <td className="py-1" colSpan={allCellars ? 8 : 7}>
                    Saldo anterior
                  </td>
                  <td className="text-right">{formatQuantity(kardex.opening.balanceQuantity)}</td>
                  <td className="text-right">{formatMoney(kardex.opening.averageCost)}</td>
                  <td className="text-right">{formatMoney(kardex.opening.balanceValue)}</td>
                  {allCellars && <td />}
                </tr>
                {kardex.results.map((r) => (
                  <tr key={r._id} className="border-b border-gray-100 dark:border-gray-800" data-testid="kardex-row">
                    <td className="py-1 whitespace-nowrap">
                      {/* A document dated another day (a purchase of the 5th registered on the
                          6th) shows its own date; when it was recorded goes below. */}
                      {r.documentDate ? (
                        <>
                          <span data-testid="kardex-document-date">{formatDate(r.documentDate)}</span>
                          <span className="block text-xs text-gray-500">{`registrado ${formatDateTime(r.date)}`}</span>
                        </>
                      ) : (
                        formatDateTime(r.date)
                      )}
                    </td>
                    <td>{MOVEMENT_LABELS[r.type] ?? r.type}</td>
                    <td>{[DOCUMENT_LABELS[r.document.type] ?? r.document.type, r.document.number].filter(Boolean).join(' ')}</td>
                    {allCellars && <td>{r.cellarName}</td>}
                    <td className="text-right">{r.quantityIn === '0' ? '' : formatQuantity(r.quantityIn)}</td>
                    <td className="text-right">{r.quantityOut === '0' ? '' : formatQuantity(r.quantityOut)}</td>
                    <td className="text-right">{formatMoney(r.unitCost)}</td>
                    <td className="text-right">{formatMoney(r.totalCost)}</td>
                    <td className="text-right font-medium">{formatQuantity(r.balanceQuantity)}</td>
                    <td className="text-right">{formatMoney(r.averageCost)}</td>
                    <td className="text-right">{formatMoney(r.balanceValue)}</td>
                    {allCellars && <td className="text-right">{r.branchBalance === null ? '' : formatQuantity(r.branchBalance)}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <UrlPagination list={kardex} />
        </>
      )}
    </section>
  );
}
