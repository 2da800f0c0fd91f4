/**
 * `/admin/ventas/notaCredito`: returns against a sales note. Find the sale by its number, type
 * the quantities returned (at most what is left of each line), the reason and how the money goes
 * back (the return form is shared with the electronic credit note); the branch's credit notes are
 * listed below.
 */
import { useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { ApiError, apiGet, apiPost } from '../../../lib/api';
import type { CreditNoteView, CreditNotesPage, ReturnableLineView, SaleRowView } from '../../../lib/api-types';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { ReturnForm, type ReturnBody } from '../components/return-form';

interface Found {
  sale: SaleRowView;
  lines: ReturnableLineView[];
}

export default function CreditNotes() {
  const { list } = useLoaderData() as CreditNotesPage;
  const revalidator = useRevalidator();
  const [number, setNumber] = useState('');
  const [found, setFound] = useState<Found | null>(null);
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
  }

  async function register(body: ReturnBody) {
    if (!found) return;
    setBusy(true);
    setError('');
    try {
      const note = await apiPost<CreditNoteView>('/api/sales/creditNote/register', { saleId: found.sale._id, ...body }, { quiet: true });
      toast({ title: `Nota de crédito ${note.number} registrada`, description: `Total ${formatMoney(note.total)}`, color: 'success' });
      setFound(null);
      setNumber('');
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
        <ReturnForm
          heading={`Venta ${found.sale.number} · ${found.sale.clientName} · ${formatMoney(found.sale.total)}`}
          lines={found.lines}
          busy={busy}
          submitLabel="Registrar nota de crédito"
          onSubmit={register}
        />
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
                <th />
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
                  <td className="space-x-2 text-right">
                    <a href={`/admin/ventas/notaCredito/${n._id}/ticket`} target="_blank" rel="noreferrer" className="text-blue-700 underline dark:text-blue-300">
                      Ticket
                    </a>
                    <a href={`/admin/ventas/notaCredito/${n._id}/pdf`} target="_blank" rel="noreferrer" className="text-blue-700 underline dark:text-blue-300">
                      A4
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
