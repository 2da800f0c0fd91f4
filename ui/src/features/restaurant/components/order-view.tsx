/**
 * The items already sent of an order, by round, with their kitchen state; each can be voided with
 * a reason (never deleted: the kitchen may have started it). Shared by the table, counter and
 * delivery screens.
 */
import { useEffect, useState } from 'react';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api';
import { formatMoney, formatQuantity } from '../../../lib/format';
import { ITEM_STATE_LABELS, billable, restaurantApi, type ItemState, type OrderItemView, type OrderView } from '../api';
import { ItemExtras } from './order-draft';

/** Badge colours of the item states. */
export const STATE_BADGE: Record<ItemState, string> = {
  pendiente: 'bg-gray-200 text-gray-800 dark:bg-gray-700 dark:text-gray-100',
  preparando: 'bg-amber-200 text-amber-900 dark:bg-amber-800 dark:text-amber-50',
  listo: 'bg-green-600 text-white',
  entregado: 'bg-blue-200 text-blue-900 dark:bg-blue-800 dark:text-blue-50',
  anulado: 'bg-red-200 text-red-900 dark:bg-red-900 dark:text-red-100',
};

/** What the items still to bill cost, as the sales service will charge them. */
export interface OrderPrice {
  /** Each billable item's amount without IVA (the line's `net`), by item id. */
  amounts: Map<number, string>;
  /** The total with IVA and promotions: what «Cobrar» will ask for. */
  total: string;
}

/**
 * The running price of `order`'s items still to bill, as «Cobrar» will charge them (the same rules
 * as the bill: promotions, IVA per rate, the remainder of a split bill); asked again when those
 * items change, `null` meanwhile or with nothing to bill.
 */
export function useOrderPrice(order: OrderView | null): OrderPrice | null {
  const [price, setPrice] = useState<OrderPrice | null>(null);
  const items = order ? billable(order) : [];
  const key = items.map((i) => `${i._id}:${i.quantity}`).join(',');
  useEffect(() => {
    setPrice(null);
    if (!order || items.length === 0) return;
    const controller = new AbortController();
    restaurantApi
      .billPrice(order._id, { clientId: order.clientId }, { quiet: true, signal: controller.signal })
      .then((p) => setPrice({ total: p.total, amounts: new Map(items.map((i, n) => [i._id, p.lines[n]?.net ?? '0'])) }))
      .catch(() => undefined);
    return () => controller.abort();
    // The items' ids and quantities say when to ask again (the order object changes on every event).
  }, [key, order?.clientId]);
  return price;
}

/** The sent items of `order` by round; `onChange` receives the order after a void. */
export function SentItems({ order, onChange, amounts }: { order: OrderView; onChange: (o: OrderView) => void; amounts?: Map<number, string> }) {
  const [voiding, setVoiding] = useState<OrderItemView | null>(null);
  const rounds = [...new Set(order.items.map((i) => i.round))].sort((a, b) => a - b);
  if (rounds.length === 0) return <p className="text-sm text-gray-500">Nada enviado a cocina todavía.</p>;
  return (
    <div className="space-y-3" data-testid="sent-items">
      {rounds.map((r) => (
        <div key={r}>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-gray-500">{`Ronda ${r}`}</h3>
          <ul className="divide-y divide-gray-100 dark:divide-gray-800">
            {order.items
              .filter((i) => i.round === r)
              .map((i) => (
                <li key={i._id} className="flex items-start gap-2 py-1" data-testid="sent-item" data-state={i.state}>
                  <span className={`flex-1 ${i.state === 'anulado' ? 'line-through opacity-70' : ''}`}>
                    {`${formatQuantity(i.quantity)} × ${i.name}`}
                    <ItemExtras modifiers={i.modifiers} notes={i.notes} />
                    {i.voidReason && <span className="block text-xs text-red-700 dark:text-red-300">{`Anulado: ${i.voidReason}`}</span>}
                    {i.saleId !== null && <span className="block text-xs text-gray-500">Cobrado</span>}
                  </span>
                  {amounts?.has(i._id) && (
                    <span className="whitespace-nowrap text-sm tabular-nums" data-testid="item-amount">
                      {formatMoney(amounts.get(i._id) ?? '0')}
                    </span>
                  )}
                  <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${STATE_BADGE[i.state]}`} data-testid="item-state">
                    {ITEM_STATE_LABELS[i.state]}
                  </span>
                  {i.state !== 'anulado' && i.saleId === null && (
                    <button type="button" className="btn btn-ghost px-1 py-0 text-xs" aria-label={`Anular ${i.name}`} onClick={() => setVoiding(i)}>
                      Anular
                    </button>
                  )}
                </li>
              ))}
          </ul>
        </div>
      ))}
      {voiding && (
        <VoidDialog
          order={order}
          item={voiding}
          onClose={() => setVoiding(null)}
          onDone={(o) => {
            setVoiding(null);
            onChange(o);
          }}
        />
      )}
    </div>
  );
}

/** Voids a sent item: the reason is required and the kitchen shows it. */
function VoidDialog({ order, item, onClose, onDone }: { order: OrderView; item: OrderItemView; onClose: () => void; onDone: (o: OrderView) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!reason.trim()) {
      setError('Indique el motivo de la anulación.');
      return;
    }
    setBusy(true);
    try {
      onDone(await restaurantApi.void(order._id, item._id, reason.trim(), { quiet: true }));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'No se pudo anular: revise la conexión.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal title={`Anular ${item.name}`} open onClose={onClose}>
      <form className="space-y-3" onSubmit={submit} data-testid="void-dialog">
        <input className="input" aria-label="Motivo de la anulación" placeholder="Motivo (lo verá la cocina)" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Volver
          </button>
          <button type="submit" className="btn btn-danger" disabled={busy}>
            Anular ítem
          </button>
        </div>
      </form>
    </Modal>
  );
}
