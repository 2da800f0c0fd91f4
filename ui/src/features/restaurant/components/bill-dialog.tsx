/**
 * Billing an order (`POST /api/restaurant/order/{id}/bill`): a sales note or a factura, to the
 * consumidor final or a chosen client, for the whole order, for some of its items (a split by
 * items: each guest pays what they had, one document each; an item of several units is split
 * first so each guest pays their unit) or in equal parts (one document paid in N payments, one
 * per guest). The total is the server's price of the bill (the last part of a split takes the
 * remainder, so the parts add up to the whole), and the payments are the POS's dialog; the same
 * idempotency key is kept until it succeeds, so a retry never bills twice.
 */
import { useEffect, useState } from 'react';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api';
import type { ClientView, InvoiceView, SaleView } from '../../../lib/api-types';
import { formatMoney, formatQuantity } from '../../../lib/format';
import { ClientPicker } from '../../sales/components/client-picker';
import { PayDialog, equalParts } from '../../sales/components/pay-dialog';
import { billable, restaurantApi, type BillResult, type OrderItemView, type OrderView } from '../api';
import { DocumentTypeChoice, type DocumentType } from './document-type';
import type { PosSetup } from './pos-setup';
import { newKey } from '../../../lib/idempotency';

type Split = 'all' | 'items' | 'equal';

/** The bill of `order`; `onBilled` gets the order after it (freed when nothing is left). */
export function BillDialog({
  order: initial,
  setup,
  onClose,
  onBilled,
  onChange,
  allowSplit = true,
}: {
  order: OrderView;
  setup: PosSetup | null;
  onClose: () => void;
  onBilled: (r: BillResult) => void;
  /** The order after an item was split. */
  onChange?: (o: OrderView) => void;
  allowSplit?: boolean;
}) {
  const [order, setOrder] = useState(initial);
  const items = billable(order);
  const [documentType, setDocumentType] = useState<DocumentType>('note');
  const [client, setClient] = useState<ClientView | null>(null);
  const [split, setSplit] = useState<Split>('all');
  const [chosen, setChosen] = useState<number[]>([]);
  const [parts, setParts] = useState('2');
  const [total, setTotal] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  const [step, setStep] = useState<'options' | 'client' | 'pay' | 'done'>('options');
  const [key, setKey] = useState(newKey);
  const [done, setDone] = useState<SaleView | InvoiceView | null>(null);

  const selected = split === 'items' ? items.filter((i) => chosen.includes(i._id)) : items;
  const lineKey = `${selected.map((i) => `${i._id}:${i.quantity}`).join(',')}|${documentType}`;
  const partCount = split === 'equal' ? Math.max(2, Math.min(20, Math.floor(Number(parts)) || 2)) : 1;

  // The sales service prices what will be billed (promotions, IVA): the total shown is the one charged.
  useEffect(() => {
    if (selected.length === 0) {
      setTotal(null);
      return;
    }
    const controller = new AbortController();
    restaurantApi
      .billPrice(
        order._id,
        { clientId: client?._id ?? null, documentType, ...(split === 'items' ? { itemIds: selected.map((i) => i._id) } : {}) },
        { quiet: true, signal: controller.signal },
      )
      .then((p) => {
        setTotal(p.total);
        setProblem('');
      })
      .catch((e) => {
        if (e instanceof ApiError) setProblem(e.message);
      });
    return () => controller.abort();
    // `selected` is rebuilt every render; `lineKey` says when it really changed.
  }, [lineKey, client?._id]);

  /** One unit of `item` becomes an item of its own, checked for this guest. */
  async function splitOne(item: OrderItemView) {
    try {
      const updated = await restaurantApi.split(order._id, item._id, '1', { quiet: true });
      const fresh = billable(updated).find((i) => !items.some((old) => old._id === i._id));
      setOrder(updated);
      onChange?.(updated);
      if (fresh) setChosen([...chosen.filter((x) => x !== item._id), fresh._id]);
      setProblem('');
    } catch (e) {
      if (e instanceof ApiError) setProblem(e.message);
    }
  }

  if (step === 'client') {
    return (
      <ClientPicker
        open
        createClient
        onClose={() => setStep('options')}
        onPick={(c) => {
          setClient(c.finalConsumer ? null : c);
          setStep('options');
        }}
      />
    );
  }
  if (step === 'pay' && total) {
    return (
      <PayDialog
        total={total}
        banks={setup?.bankAccounts ?? []}
        parts={partCount}
        onSubmit={(payments) =>
          restaurantApi.bill(
            order._id,
            { idempotencyKey: key, payments, documentType, clientId: client?._id ?? null, ...(split === 'items' ? { itemIds: selected.map((i) => i._id) } : {}) },
            { quiet: true },
          )
        }
        onClose={() => setStep('options')}
        onDone={(r) => {
          setKey(newKey());
          setChosen([]);
          onBilled(r);
          // No sale: nothing was left to bill and the order was only closed.
          if (r.sale) {
            setDone(r.sale);
            setStep('done');
          } else onClose();
        }}
      />
    );
  }
  if (step === 'done' && done) {
    const invoice = 'documentId' in done ? done : null;
    return (
      <Modal title="Cuenta cobrada" open onClose={onClose}>
        <div className="space-y-3 text-center" data-testid="bill-done">
          <p className="text-lg font-semibold">{`${invoice ? 'Factura' : 'Nota de venta'} ${done.number}`}</p>
          <p>{`Total ${formatMoney(done.total)}`}</p>
          {done.change !== '0.00' && <p className="text-3xl font-bold">{`Cambio ${formatMoney(done.change)}`}</p>}
          {invoice && <p className="text-sm">{`Estado en el SRI: ${invoice.status}`}</p>}
          <div className="flex flex-wrap justify-center gap-2">
            {invoice ? (
              invoice.documentId !== null && (
                <a className="btn btn-secondary" href={`/tickets/factura/${invoice.documentId}/Ticket80`} target="_blank" rel="noreferrer">
                  RIDE 80 mm
                </a>
              )
            ) : (
              <a className="btn btn-secondary" href={`/admin/ventas/notaventa/${done._id}/ticket`} target="_blank" rel="noreferrer">
                Ticket 80 mm
              </a>
            )}
            <button type="button" className="btn btn-primary" onClick={onClose} data-autofocus>
              Continuar
            </button>
          </div>
        </div>
      </Modal>
    );
  }

  const canPay = total !== null && selected.length > 0 && !problem;
  return (
    <Modal title={`Cobrar orden N.º ${order.number}`} open onClose={onClose} size="lg">
      <form
        className="space-y-4"
        data-testid="bill-options"
        onSubmit={(e) => {
          e.preventDefault();
          if (canPay) setStep('pay');
        }}
      >
        {setup && !setup.hasOpenTurn && (
          <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            No tiene un turno de caja abierto: abra la caja antes de cobrar en efectivo, tarjeta o transferencia.
          </p>
        )}
        <DocumentTypeChoice value={documentType} onChange={setDocumentType} className="flex flex-wrap gap-4" legendClassName="mb-1 text-sm font-medium" />
        <div>
          <p className="text-sm font-medium">Cliente</p>
          <button type="button" className="text-left underline-offset-2 hover:underline" onClick={() => setStep('client')}>
            {client ? `${client.name} · ${client.identification}` : (setup?.finalConsumer ?? 'Consumidor final')}
          </button>
        </div>
        {allowSplit && (
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-medium">Dividir la cuenta</legend>
            <div className="flex flex-wrap gap-4">
              <label className="flex items-center gap-1">
                <input type="radio" name="split" checked={split === 'all'} onChange={() => setSplit('all')} /> Todo junto
              </label>
              <label className="flex items-center gap-1">
                <input type="radio" name="split" checked={split === 'items'} onChange={() => setSplit('items')} /> Por ítems
              </label>
              <label className="flex items-center gap-1">
                <input type="radio" name="split" checked={split === 'equal'} onChange={() => setSplit('equal')} /> En partes iguales
              </label>
            </div>
            {split === 'items' && (
              <div className="space-y-1 rounded-md border border-gray-200 p-2 dark:border-gray-700" data-testid="split-items">
                <p className="text-xs text-gray-500">Marque lo que paga este comensal; el resto queda en la mesa para el siguiente.</p>
                {items.map((i) => (
                  <div key={i._id} className="flex items-center gap-2" data-testid="split-item">
                    <label className="flex flex-1 items-center gap-2">
                      <input type="checkbox" checked={chosen.includes(i._id)} onChange={(e) => setChosen(e.target.checked ? [...chosen, i._id] : chosen.filter((x) => x !== i._id))} />
                      {`${formatQuantity(i.quantity)} × ${i.name}`}
                    </label>
                    {Number(i.quantity) > 1 && (
                      <button type="button" className="btn btn-ghost px-2 py-0.5 text-xs" onClick={() => void splitOne(i)} aria-label={`Separar 1 de ${i.name}`}>
                        Separar 1
                      </button>
                    )}
                  </div>
                ))}
              </div>
            )}
            {split === 'equal' && (
              <div className="space-y-1">
                <label className="flex items-center gap-2 text-sm">
                  Personas
                  <input className="input w-20 text-right" inputMode="numeric" aria-label="Personas" value={parts} onChange={(e) => setParts(e.target.value)} />
                </label>
                {total && (
                  <p className="text-sm" data-testid="equal-parts">
                    {`Un comprobante pagado en ${partCount} partes: ${equalParts(total, partCount).map(formatMoney).join(' + ')}. Cobre a cada comensal su parte.`}
                  </p>
                )}
              </div>
            )}
          </fieldset>
        )}
        {problem && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {problem}
          </p>
        )}
        <p className="flex items-baseline justify-between border-t border-gray-200 pt-2 text-2xl font-bold dark:border-gray-700">
          <span>Total</span>
          <span data-testid="bill-total">{total ? formatMoney(total) : '…'}</span>
        </p>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Volver (Esc)
          </button>
          <button type="submit" className="btn btn-primary" disabled={!canPay}>
            Cobrar (Enter)
          </button>
        </div>
      </form>
    </Modal>
  );
}
