/**
 * `/admin/restaurante/tomar-orden-express`: the counter. The cashier takes the items, the client
 * pays first (sales note or factura, the POS's payments), and only then the order goes to the
 * kitchen with its number, shown big to call it. Behind the scenes the order is opened, its round
 * sent and billed in a row; if the bill fails after the round was sent, the same order (and the
 * same idempotency key) is billed on retry, never a second one. The side list shows the counter's
 * orders in the kitchen and those ready to call; a tap hands a ready one over (entregado).
 * Keyboard: F2 searches, F4 chooses the client, F9 pays.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ClientView } from '../../../lib/api-types';
import { formatMoney } from '../../../lib/format';
import { Modal } from '../../../components/modal';
import { ClientPicker } from '../../sales/components/client-picker';
import { PayDialog } from '../../sales/components/pay-dialog';
import { restaurantApi, type BillResult, type DraftItem, type OrderView, type TicketView } from '../api';
import { DocumentTypeChoice, type DocumentType } from '../components/document-type';
import { DraftEditor, ProductSearch, addToDraft } from '../components/order-draft';
import { usePosSetup } from '../components/pos-setup';
import { ConnectionBanner, useRestaurantEvents } from '../components/use-restaurant-events';
import { newKey } from '../../../lib/idempotency';
import { usePriced } from '../../../lib/use-priced';

export default function Express() {
  const setup = usePosSetup();
  const [draft, setDraft] = useState<DraftItem[]>([]);
  const [documentType, setDocumentType] = useState<DocumentType>('note');
  const [client, setClient] = useState<ClientView | null>(null);
  const [dialog, setDialog] = useState<'client' | 'pay' | null>(null);
  const [done, setDone] = useState<{ number: number; sale: BillResult['sale'] } | null>(null);
  const [counter, setCounter] = useState<TicketView[]>([]);
  const search = useRef<HTMLInputElement>(null);
  // The order of this sale once opened and sent, and the bill's key: a retried payment reuses both.
  const pending = useRef<{ order: OrderView | null; key: string }>({ order: null, key: newKey() });
  const [sent, setSent] = useState<OrderView | null>(null);

  const lineKey = draft.map((d) => `${d.productId}:${d.quantity}`).join(',');
  const { priced, problem } = usePriced(
    draft.length === 0 ? null : (signal) => restaurantApi.price(draft, client?._id ?? null, { quiet: true, signal }),
    // `draft` changes with notes and modifiers too; the price depends on `lineKey` only.
    [lineKey, client?._id],
  );
  const total = priced?.total ?? null;

  // The counter's orders in the kitchen (express tickets), live.
  const loadCounter = useCallback(async () => {
    try {
      setCounter((await restaurantApi.kitchen('', { quiet: true })).filter((t) => t.kind === 'express'));
    } catch {
      /* the list stays as it was; the banner says when the feed is down */
    }
  }, []);
  useEffect(() => {
    void loadCounter();
  }, [loadCounter]);
  const feed = useRestaurantEvents(loadCounter, loadCounter);

  async function pay(payments: Parameters<typeof restaurantApi.bill>[1]['payments']) {
    const state = pending.current;
    if (!state.order) state.order = await restaurantApi.open({ kind: 'express', ...(client ? { clientId: client._id } : {}) }, { quiet: true });
    if (state.order.items.length === 0) {
      state.order = await restaurantApi.send(state.order._id, draft, { quiet: true });
      setSent(state.order);
    }
    return restaurantApi.bill(state.order._id, { idempotencyKey: state.key, payments, documentType, clientId: client?._id ?? null }, { quiet: true });
  }

  function startOver() {
    pending.current = { order: null, key: newKey() };
    setSent(null);
    setDraft([]);
    setClient(null);
    setDone(null);
    setDialog(null);
    setTimeout(() => search.current?.focus(), 0);
  }

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F2') {
        e.preventDefault();
        search.current?.focus();
      } else if (e.key === 'F4' && !dialog) {
        e.preventDefault();
        setDialog('client');
      } else if (e.key === 'F9') {
        e.preventDefault();
        if (done) startOver();
        else if (!dialog && total && draft.length > 0 && !problem) setDialog('pay');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  // Orders already sent keep their items: a change of the cart after a failed payment would not reach the kitchen.
  const locked = sent !== null;
  const ready = counter.filter((t) => t.items.every((i) => i.state === 'anulado' || i.state === 'listo' || i.state === 'entregado'));
  const cooking = counter.filter((t) => !ready.includes(t));
  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_22rem]" data-testid="express" data-feed={feed}>
      <section className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-bold">Orden express</h1>
          <p className="text-xs text-gray-600 dark:text-gray-300">F2 buscar · F4 cliente · F9 cobrar · Esc cerrar</p>
        </div>
        <ConnectionBanner state={feed} />
        {setup && !setup.hasOpenTurn && (
          <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            No tiene un turno de caja abierto: abra la caja antes de cobrar.
          </p>
        )}
        {locked ? (
          <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">{`La orden N.º ${sent?.number ?? ''} ya está en cocina: falta cobrarla.`}</p>
        ) : (
          <ProductSearch ref={search} onPick={(p) => setDraft((d) => addToDraft(d, p))} />
        )}
        <DraftEditor draft={draft} onChange={locked ? () => undefined : setDraft} />
        {problem && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {problem}
          </p>
        )}
      </section>
      <aside className="space-y-4">
        <div className="card space-y-3" data-testid="express-totals">
          <DocumentTypeChoice value={documentType} onChange={setDocumentType} className="flex gap-4 text-sm" legendClassName="sr-only" />
          <div>
            <p className="text-xs text-gray-500">Cliente (F4)</p>
            <button type="button" className="text-left font-medium underline-offset-2 hover:underline" onClick={() => setDialog('client')}>
              {client ? `${client.name} · ${client.identification}` : (setup?.finalConsumer ?? 'Consumidor final')}
            </button>
          </div>
          <p className="flex items-baseline justify-between border-t border-gray-200 pt-2 text-2xl font-bold dark:border-gray-700">
            <span>Total</span>
            <span data-testid="express-total">{formatMoney(total ?? '0.00')}</span>
          </p>
          <button type="button" className="btn btn-primary w-full text-lg" disabled={!total || draft.length === 0 || Boolean(problem)} onClick={() => setDialog('pay')}>
            Cobrar y enviar a cocina (F9)
          </button>
        </div>
        <div className="card space-y-2" data-testid="counter-orders">
          <h2 className="font-semibold">Listos para llamar</h2>
          {ready.length === 0 && <p className="text-sm text-gray-500">Ninguno.</p>}
          <div className="flex flex-wrap gap-2">
            {ready.map((t) => (
              <button
                key={`${t.orderId}-${t.round}`}
                type="button"
                className="rounded-lg bg-green-600 px-4 py-2 text-2xl font-bold text-white"
                aria-label={`Entregar la orden ${t.number}`}
                onClick={async () => {
                  for (const i of t.items.filter((x) => x.state === 'listo')) await restaurantApi.setState(t.orderId, i._id, 'entregado').catch(() => undefined);
                  void loadCounter();
                }}
              >
                {t.number}
              </button>
            ))}
          </div>
          <h2 className="pt-2 font-semibold">En preparación</h2>
          {cooking.length === 0 && <p className="text-sm text-gray-500">Ninguno.</p>}
          <p className="flex flex-wrap gap-2 text-xl font-semibold">
            {cooking.map((t) => (
              <span key={`${t.orderId}-${t.round}`} className="rounded bg-gray-200 px-2 dark:bg-gray-700">
                {t.number}
              </span>
            ))}
          </p>
        </div>
      </aside>
      {dialog === 'client' && (
        <ClientPicker
          open
          createClient
          onClose={() => setDialog(null)}
          onPick={(c) => {
            setClient(c.finalConsumer ? null : c);
            setDialog(null);
          }}
        />
      )}
      {dialog === 'pay' && total && (
        <PayDialog
          total={total}
          banks={setup?.bankAccounts ?? []}
          onSubmit={pay}
          onClose={() => setDialog(null)}
          onDone={(r) => {
            setDone({ number: r.order.number, sale: r.sale });
            setSent(null);
            setDialog(null);
            void loadCounter();
          }}
        />
      )}
      <Modal title="Orden enviada a cocina" open={done !== null} onClose={startOver}>
        {done && (
          <div className="space-y-3 text-center" data-testid="express-done">
            <p className="text-lg">Su número es</p>
            <p className="text-8xl font-black leading-none" data-testid="express-number">
              {done.number}
            </p>
            {done.sale && <p>{`${'documentId' in done.sale ? 'Factura' : 'Nota de venta'} ${done.sale.number} · Total ${formatMoney(done.sale.total)}`}</p>}
            {done.sale && done.sale.change !== '0.00' && <p className="text-3xl font-bold">{`Cambio ${formatMoney(done.sale.change)}`}</p>}
            <div className="flex flex-wrap justify-center gap-2">
              {done.sale && !('documentId' in done.sale) && (
                <a className="btn btn-secondary" href={`/admin/ventas/notaventa/${done.sale._id}/ticket`} target="_blank" rel="noreferrer">
                  Ticket 80 mm
                </a>
              )}
              <button type="button" className="btn btn-primary" onClick={startOver} data-autofocus>
                Nueva orden (F9)
              </button>
            </div>
          </div>
        )}
      </Modal>
    </div>
  );
}
