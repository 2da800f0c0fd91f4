/**
 * An internal credit note on A4 (`/admin/ventas/notaCredito/{id}/pdf`): the sales documents' A4
 * layout with the returned lines, the sale it credits and the reason. Complete HTML without
 * scripts.
 */
import { useLoaderData } from 'react-router';
import type { CreditNotePrint } from '../../../lib/api-types';
import { DocumentA4 } from '../components/document-a4';
import { refundLabel } from '../components/credit-note-labels';

export default function CreditNoteA4() {
  const { header, note, client, lines } = useLoaderData() as CreditNotePrint;
  return (
    <DocumentA4
      header={header}
      title="NOTA DE CRÉDITO"
      number={note.number}
      date={note.date}
      client={client}
      lines={lines}
      totals={note.totals}
      details={[
        ['Venta', note.saleNumber],
        ['Atendió', note.user],
      ]}
      footer={
        <div data-testid="credit-note-reason">
          <p>{`Motivo: ${note.reason}`}</p>
          <p>{`Devolución: ${refundLabel(note.refund)}`}</p>
        </div>
      }
    />
  );
}
