/**
 * `/admin/ventas/notaCredito`: returns against a sales note. Find the sale by its number, type
 * the quantities returned (at most what is left of each line), the reason and how the money goes
 * back (the return form is shared with the electronic credit note); the branch's credit notes are
 * listed below.
 */
import { useLoaderData } from 'react-router';
import { RecordTable } from '../../../components/record-table';
import { apiGet } from '../../../lib/api';
import type { CreditNoteView, CreditNotesPage, ReturnableLineView, SaleRowView } from '../../../lib/api-types';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { PrintLinks } from '../components/print-links';
import { ReturnForm } from '../components/return-form';
import { ReturnSearch, useReturnFlow } from '../components/return-flow';

interface Found {
  sale: SaleRowView;
  lines: ReturnableLineView[];
}

export default function CreditNotes() {
  const { list } = useLoaderData() as CreditNotesPage;
  const flow = useReturnFlow<Found, CreditNoteView>(
    '/api/sales/creditNote/register',
    (found) => ({ saleId: found.sale._id }),
    (note) => toast({ title: `Nota de crédito ${note.number} registrada`, description: `Total ${formatMoney(note.total)}`, color: 'success' }),
  );
  const { found } = flow;

  /** The sale with that number and what is left to return of each of its lines. */
  const find = async (number: string) => {
    const page = await apiGet<{ results: SaleRowView[] }>(`/api/sales/note?search=${encodeURIComponent(number)}&limit=1`, { quiet: true });
    const sale = page.results[0];
    flow.setFound(null);
    if (!sale) return 'No se encontró la nota de venta';
    const lines = await apiGet<ReturnableLineView[]>(`/api/sales/note/${sale._id}/returnable`, { quiet: true });
    flow.setFound({ sale, lines });
  };

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Notas de crédito</h1>
      <ReturnSearch label="Número de la nota de venta" flow={flow} onSearch={flow.search(find, 'No se pudo buscar la nota de venta: revise la conexión')} />
      {found && (
        <ReturnForm
          heading={`Venta ${found.sale.number} · ${found.sale.clientName} · ${formatMoney(found.sale.total)}`}
          lines={found.lines}
          busy={flow.busy}
          submitLabel="Registrar nota de crédito"
          onSubmit={flow.register}
        />
      )}
      <section className="card">
        <h2 className="mb-2 font-semibold">Notas de crédito de la sucursal</h2>
        <RecordTable
          rows={list.results}
          empty="Todavía no hay notas de crédito."
          rowKey={(n) => n._id}
          columns={[
            { header: 'Número', cell: (n) => n.number },
            { header: 'Fecha', cell: (n) => formatDateTime(n.date) },
            { header: 'Venta', cell: (n) => n.saleNumber },
            { header: 'Cliente', cell: (n) => n.clientName },
            { header: 'Motivo', cell: (n) => n.reason },
            { header: 'Total', numeric: true, cell: (n) => formatMoney(n.total) },
            { className: 'space-x-2 text-right', cell: (n) => <PrintLinks ticket={`/admin/ventas/notaCredito/${n._id}/ticket`} a4={`/admin/ventas/notaCredito/${n._id}/pdf`} /> },
          ]}
        />
      </section>
    </div>
  );
}
