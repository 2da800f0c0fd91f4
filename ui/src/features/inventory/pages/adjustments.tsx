/**
 * `/admin/inventario/ajusteInventario`: adjustments. Lines are added by scanning (Enter adds the
 * product, scanning it again adds 1); positive quantities enter, negative ones leave. In count mode
 * the user types the counted quantity and the server posts the difference with the stock.
 */
import { useState, type FormEvent } from 'react';
import { useLoaderData, useRevalidator, useSearchParams } from 'react-router';
import { Pagination } from '../../../components/data-list/pagination';
import { ApiError, apiPost } from '../../../lib/api';
import { formatDateTime, formatQuantity } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import type { AdjustmentsPage, AdjustmentView } from '../../../lib/api-types';
import { ScanInput, addDecimal } from '../shared';

interface Line {
  productId: number;
  code: string;
  name: string;
  stock: string;
  quantity: string;
  unitCost: string;
}

export default function Adjustments() {
  const { list, cellars } = useLoaderData() as AdjustmentsPage;
  const revalidator = useRevalidator();
  const [params, setParams] = useSearchParams();
  const [cellarId, setCellarId] = useState(String(cellars.find((c) => c.isDefault)?._id ?? cellars[0]?._id ?? ''));
  const [mode, setMode] = useState<'lines' | 'count'>('lines');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [lines, setLines] = useState<Line[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const add = (p: { _id: number; code: string; name: string; stocks: { cellarId: number; quantity: string }[] }) => {
    setLines((current) => {
      const found = current.find((l) => l.productId === p._id);
      if (found) return current.map((l) => (l.productId === p._id ? { ...l, quantity: addDecimal(l.quantity, 1) } : l));
      const stock = p.stocks.find((s) => String(s.cellarId) === cellarId)?.quantity ?? '0';
      return [...current, { productId: p._id, code: p.code, name: p.name, stock, quantity: '1', unitCost: '' }];
    });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    const body =
      mode === 'count'
        ? { cellarId: Number(cellarId), mode, reason, note, lines: lines.map((l) => ({ productId: l.productId, counted: l.quantity })) }
        : {
            cellarId: Number(cellarId),
            reason,
            note,
            lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity, unitCost: l.unitCost || null })),
          };
    try {
      const saved = await apiPost<AdjustmentView>('/api/inventory/adjustment/register', body, { quiet: true });
      toast({ title: 'Ajuste registrado', description: `Número ${saved.number}`, color: 'success' });
      setLines([]);
      setReason('');
      setNote('');
      revalidator.revalidate();
    } catch (err) {
      setError(err instanceof ApiError ? err.body.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold">Ajustes de inventario</h1>
      <form className="card space-y-3" onSubmit={submit} noValidate>
        <div className="grid gap-3 sm:grid-cols-4">
          <label className="text-sm">
            <span className="label">Bodega</span>
            <select className="input" value={cellarId} onChange={(e) => setCellarId(e.target.value)} name="cellarId">
              {cellars.map((c) => (
                <option key={c._id} value={c._id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            <span className="label">Modo</span>
            <select className="input" value={mode} onChange={(e) => setMode(e.target.value as 'lines' | 'count')} data-testid="adjustment-mode">
              <option value="lines">Entradas y salidas</option>
              <option value="count">Conteo físico</option>
            </select>
          </label>
          <label className="text-sm">
            <span className="label">Motivo</span>
            <input className="input" value={reason} onChange={(e) => setReason(e.target.value)} name="reason" placeholder={mode === 'count' ? 'Conteo físico' : ''} />
          </label>
          <label className="text-sm">
            <span className="label">Nota</span>
            <input className="input" value={note} onChange={(e) => setNote(e.target.value)} name="note" />
          </label>
        </div>
        <ScanInput onProduct={add} />
        <table className="w-full text-sm" data-testid="adjustment-lines">
          <thead className="text-xs text-gray-500 uppercase">
            <tr>
              <th className="text-left">Código</th>
              <th className="text-left">Producto</th>
              <th className="text-right">Stock</th>
              <th className="text-right">{mode === 'count' ? 'Contado' : 'Cantidad (+ entra, − sale)'}</th>
              {mode === 'lines' && <th className="text-right">Costo unitario</th>}
              <th />
            </tr>
          </thead>
          <tbody>
            {lines.map((l, i) => (
              <tr key={l.productId} data-testid="adjustment-line">
                <td>{l.code}</td>
                <td>{l.name}</td>
                <td className="text-right">{formatQuantity(l.stock)}</td>
                <td className="text-right">
                  <input
                    className="input ml-auto w-28 text-right"
                    aria-label={`Cantidad de ${l.name}`}
                    value={l.quantity}
                    onChange={(e) => setLines(lines.map((x, j) => (j === i ? { ...x, quantity: e.target.value } : x)))}
                  />
                </td>
                {mode === 'lines' && (
                  <td className="text-right">
                    <input
                      className="input ml-auto w-28 text-right"
                      aria-label={`Costo de ${l.name}`}
                      value={l.unitCost}
                      placeholder="promedio"
                      onChange={(e) => setLines(lines.map((x, j) => (j === i ? { ...x, unitCost: e.target.value } : x)))}
                    />
                  </td>
                )}
                <td className="text-right">
                  <button type="button" className="btn-ghost" onClick={() => setLines(lines.filter((_, j) => j !== i))}>
                    Quitar
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {error && (
          <p className="text-sm text-red-700 dark:text-red-400" role="alert">
            {error}
          </p>
        )}
        <div className="flex justify-end">
          <button type="submit" className="btn btn-primary" disabled={busy || lines.length === 0}>
            {busy ? 'Registrando…' : 'Registrar ajuste'}
          </button>
        </div>
      </form>

      <div className="card overflow-x-auto p-0">
        <table className="w-full text-sm" data-testid="list-table">
          <thead className="bg-gray-50 text-xs uppercase dark:bg-gray-800">
            <tr>
              <th className="px-3 py-2 text-left">Número</th>
              <th className="text-left">Fecha</th>
              <th className="text-left">Bodega</th>
              <th className="text-left">Motivo</th>
              <th className="text-right">Líneas</th>
              <th className="px-3 text-left">Usuario</th>
            </tr>
          </thead>
          <tbody>
            {list.results.map((a) => (
              <tr key={a._id} className="border-b border-gray-100 dark:border-gray-800" data-testid="list-row">
                <td className="px-3 py-1">{String(a.number).padStart(6, '0')}</td>
                <td>{formatDateTime(a.date)}</td>
                <td>{a.cellarName}</td>
                <td>{a.reason}</td>
                <td className="text-right">{a.lines.length}</td>
                <td className="px-3">{a.user ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination
        page={list.page}
        limit={list.limit}
        total={list.total}
        onPage={(page) => {
          const next = new URLSearchParams(params);
          next.set('page', String(page));
          setParams(next);
        }}
      />
    </section>
  );
}
