/**
 * `/admin/ventas/notaCredito`: returns against a sales note. Find the sale by its number, type
 * the quantities returned (at most what is left of each line), the reason and how the money goes
 * back; the branch's credit notes are listed below.
 */
import { useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { ApiError, apiGet, apiPost } from '../../../lib/api';
import type { CreditNoteView, CreditNotesPage, ReturnableLineView, SaleRowView } from '../../../lib/api-types';
import { formatDateTime, formatMoney, formatQuantity } from '../../../lib/format';
import { toast } from '../../../lib/toast';

interface Found {
  sale: SaleRowView;
  lines: ReturnableLineView[];
}

export default function CreditNotes() {
  const { list } = useLoaderData() as CreditNotesPage;
  const revalidator = useRevalidator();
  const [number, setNumber] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [refund, setRefund] = useState<'cash' | 'credit'>('cash');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function search(e: React.FormEvent) {
    e.preventDefault();
    setError('');
    const page = await apiGet<{ results: SaleRowView[] }>(`/api/sales/note?search=${encodeURIComponent(number.trim())}&limit=1`);
    const sale = page.results[0];
    if (!sale) {
      setFound(null);
      setError('No se encontró la nota de venta');
      return;
    }
    const lines = await apiGet<ReturnableLineView[]>(`/api/sales/note/${sale._id}/returnable`);
    setFound({ sale, lines });
    setQuantities({});
  }

  async function register(e: React.FormEvent) {
    e.preventDefault();
    if (!found) return;
    setBusy(true);
    setError('');
    const lines = found.lines
      .filter((l) => (quantities[l.saleLineId] ?? '').trim() !== '')
      .map((l) => ({ productId: l.productId, quantity: quantities[l.saleLineId].trim() }));
    try {
      const note = await apiPost<CreditNoteView>('/api/sales/creditNote/register', { saleId: found.sale._id, reason, refund, lines }, { quiet: true });
      toast({ title: `Nota de crédito ${note.number} registrada`, description: `Total ${formatMoney(note.total)}`, color: 'success' });
      setFound(null);
      setNumber('');
      setReason('');
      revalidator.revalidate();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'No se pudo registrar la nota de crédito');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Notas de crédito</h1>
      <form onSubmit={search} className="card flex flex-wrap items-end gap-2">
        <label className="label flex-1">
          Número de la nota de venta
          <input className="input" value={number} onChange={(e) => setNumber(e.target.value)} placeholder="001-001-000000123" required />
        </label>
        <button className="btn btn-secondary" type="submit">
          Buscar
        </button>
      </form>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      {found && (
        <form onSubmit={register} className="card space-y-3" data-testid="credit-note-form">
          <h2 className="font-semibold">{`Venta ${found.sale.number} · ${found.sale.clientName} · ${formatMoney(found.sale.total)}`}</h2>
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left">
                <th>Producto</th>
                <th className="text-right">Vendido</th>
                <th className="text-right">Devuelto</th>
                <th className="text-right">Devolver</th>
              </tr>
            </thead>
            <tbody>
              {found.lines.map((l) => (
                <tr key={l.saleLineId} className="border-t border-gray-200 dark:border-gray-700">
                  <td>{`${l.code} · ${l.name}`}</td>
                  <td className="text-right">{formatQuantity(l.sold)}</td>
                  <td className="text-right">{formatQuantity(l.returned)}</td>
                  <td className="text-right">
                    <input
                      className="input w-24 text-right"
                      inputMode="decimal"
                      aria-label={`Devolver ${l.name}`}
                      disabled={l.returnable === '0'}
                      placeholder={`máx. ${formatQuantity(l.returnable)}`}
                      value={quantities[l.saleLineId] ?? ''}
                      onChange={(e) => setQuantities({ ...quantities, [l.saleLineId]: e.target.value })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <label className="label">
            Motivo
            <input className="input" value={reason} onChange={(e) => setReason(e.target.value)} required maxLength={300} />
          </label>
          <fieldset className="flex gap-4 text-sm">
            <label>
              <input type="radio" name="refund" checked={refund === 'cash'} onChange={() => setRefund('cash')} /> Devolver en efectivo (sale de mi turno)
            </label>
            <label>
              <input type="radio" name="refund" checked={refund === 'credit'} onChange={() => setRefund('credit')} /> Rebajar la cuenta por cobrar
            </label>
          </fieldset>
          <button className="btn btn-primary" type="submit" disabled={busy}>
            {busy ? 'Registrando…' : 'Registrar nota de crédito'}
          </button>
        </form>
      )}
      <section className="card">
        <h2 className="mb-2 font-semibold">Notas de crédito de la sucursal</h2>
        {list.results.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-300">Todavía no hay notas de crédito.</p>
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left">
                <th>Número</th>
                <th>Fecha</th>
                <th>Venta</th>
                <th>Cliente</th>
                <th>Motivo</th>
                <th className="text-right">Total</th>
              </tr>
            </thead>
            <tbody>
              {list.results.map((n) => (
                <tr key={n._id} className="border-t border-gray-200 dark:border-gray-700">
                  <td>{n.number}</td>
                  <td>{formatDateTime(n.date)}</td>
                  <td>{n.saleNumber}</td>
                  <td>{n.clientName}</td>
                  <td>{n.reason}</td>
                  <td className="text-right">{formatMoney(n.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
