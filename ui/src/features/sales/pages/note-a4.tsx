/** The sales note on A4 (`/admin/ventas/notaventa/{id}/pdf`): complete HTML without scripts. */
import { useLoaderData } from 'react-router';
import type { SaleNotePrint } from '../../../lib/api-types';
import { formatDate, formatMoney } from '../../../lib/format';
import { DocumentA4 } from '../components/document-a4';

export default function NoteA4() {
  const { header, sale, creditNotes } = useLoaderData() as SaleNotePrint;
  return (
    <DocumentA4
      header={header}
      title="NOTA DE VENTA"
      number={sale.number}
      date={sale.date}
      client={sale.client}
      lines={sale.lines}
      totals={sale.totals}
      details={[['Vendedor', sale.user]]}
      footer={
        <div data-testid="payments">
          <p className="font-bold">Forma de pago</p>
          {sale.payments.map((p, i) => (
            <p key={i}>{`${p.label}: ${formatMoney(p.amount)}${p.reference ? ` (${p.reference})` : ''}${p.dueDate ? ` · vence ${formatDate(p.dueDate)}` : ''}`}</p>
          ))}
          {sale.change !== '0.00' && <p>{`Cambio: ${formatMoney(sale.change)}`}</p>}
          {sale.note && <p className="mt-2">{`Nota: ${sale.note}`}</p>}
          {creditNotes.length > 0 && (
            <div className="mt-2" data-testid="credit-notes">
              <p className="font-bold">Notas de crédito</p>
              {creditNotes.map((n) => (
                <p key={n._id}>
                  {`${n.number} `}
                  <a className="underline print:hidden" href={`/admin/ventas/notaCredito/${n._id}/pdf`}>
                    A4
                  </a>{' '}
                  <a className="underline print:hidden" href={`/admin/ventas/notaCredito/${n._id}/ticket`}>
                    Ticket
                  </a>
                </p>
              ))}
            </div>
          )}
        </div>
      }
    />
  );
}
