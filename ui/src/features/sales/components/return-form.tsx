/**
 * The form of a return: the quantities returned of each line of a sale (at most what is left of
 * it), the reason and how the money goes back. Shared by the internal credit note
 * (`/admin/ventas/notaCredito`) and the electronic one (`/admin/ebilling/nota_de_credito`), which
 * differ only in the document they register.
 */
import { useState } from 'react';
import { RecordTable } from '../../../components/record-table';
import type { ReturnableLineView } from '../../../lib/api-types';
import { formatQuantity } from '../../../lib/format';

/** How the money goes back: out of the user's shift, or lowering the sale's receivable. */
export type Refund = 'cash' | 'credit';

/** What the form collects: the register body without the document it is against. */
export interface ReturnBody {
  reason: string;
  refund: Refund;
  lines: { productId: number; quantity: string }[];
}

interface Props {
  heading: string;
  lines: ReturnableLineView[];
  busy: boolean;
  submitLabel: string;
  onSubmit: (body: ReturnBody) => void;
}

export function ReturnForm({ heading, lines, busy, submitLabel, onSubmit }: Props) {
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [refund, setRefund] = useState<Refund>('cash');

  function submit(e: React.FormEvent) {
    e.preventDefault();
    onSubmit({
      reason,
      refund,
      lines: lines
        .filter((l) => (quantities[l.saleLineId] ?? '').trim() !== '')
        .map((l) => ({ productId: l.productId, quantity: quantities[l.saleLineId].trim() })),
    });
  }

  return (
    <form onSubmit={submit} className="card space-y-3" data-testid="credit-note-form">
      <h2 className="font-semibold">{heading}</h2>
      <RecordTable
        rows={lines}
        rowKey={(l) => l.saleLineId}
        columns={[
          { header: 'Producto', cell: (l) => `${l.code} · ${l.name}` },
          { header: 'Vendido', numeric: true, cell: (l) => formatQuantity(l.sold) },
          { header: 'Devuelto', numeric: true, cell: (l) => formatQuantity(l.returned) },
          {
            header: 'Devolver',
            numeric: true,
            cell: (l) => (
              <input
                className="input w-24 text-right"
                inputMode="decimal"
                aria-label={`Devolver ${l.name}`}
                disabled={l.returnable === '0'}
                placeholder={`máx. ${formatQuantity(l.returnable)}`}
                value={quantities[l.saleLineId] ?? ''}
                onChange={(e) => setQuantities({ ...quantities, [l.saleLineId]: e.target.value })}
              />
            ),
          },
        ]}
      />
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
        {busy ? 'Registrando…' : submitLabel}
      </button>
    </form>
  );
}
