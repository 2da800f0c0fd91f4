/**
 * `/admin/restaurante/tomar-pedido`: delivery and take-away. The order carries who receives it
 * (name, phone, address — none for take-away —, reference) and when it is expected; its items go to
 * the kitchen at once. An open order takes more rounds («Agregar productos»: the client called
 * back) and is billed when it is dispatched («Despachar y cobrar»: the bill dialog of the tables,
 * whole, with the POS's payment dialog). The list shows the open deliveries with their kitchen
 * state, live. Keyboard: F2 searches, F7 (or Ctrl+Enter) sends.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api';
import { useSoon } from '../../../lib/debounce';
import { formatDateTime, formatQuantity } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { ITEM_STATE_LABELS, billable, restaurantApi, type DeliveryInfo, type DraftItem, type OrderView } from '../api';
import { BillDialog } from '../components/bill-dialog';
import { DraftEditor, ItemExtras, ProductSearch, addToDraft } from '../components/order-draft';
import { STATE_BADGE } from '../components/order-view';
import { usePosSetup } from '../components/pos-setup';
import { ConnectionBanner, useRestaurantEvents } from '../components/use-restaurant-events';

const EMPTY: DeliveryInfo = { name: '', phone: '', address: '', reference: '', expectedAt: '' };

export default function Delivery() {
  const setup = usePosSetup();
  const [info, setInfo] = useState<DeliveryInfo>(EMPTY);
  const [time, setTime] = useState('');
  const [draft, setDraft] = useState<DraftItem[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState<OrderView[] | null>(null);
  const [billing, setBilling] = useState<OrderView | null>(null);
  // The open order getting another round.
  const [adding, setAdding] = useState<OrderView | null>(null);
  const search = useRef<HTMLInputElement>(null);
  // An order opened whose round failed to go: a retry sends the round to it instead of opening another.
  const unsent = useRef<OrderView | null>(null);

  const load = useCallback(async () => {
    try {
      setOpen(await restaurantApi.openOrders('delivery', { quiet: true }));
    } catch {
      setOpen((cur) => cur ?? []);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const loadSoon = useSoon(load, 150);
  const feed = useRestaurantEvents(loadSoon, loadSoon);

  async function send(e?: React.FormEvent) {
    e?.preventDefault();
    if (busy) return;
    const problems: Record<string, string> = {};
    if (!info.name.trim()) problems.name = 'Indique quién recibe el pedido.';
    if (!info.phone.trim()) problems.phone = 'Indique el teléfono.';
    if (draft.length === 0) problems.items = 'Agregue al menos un producto.';
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      const delivery = {
        name: info.name.trim(),
        phone: info.phone.trim(),
        address: info.address.trim(),
        reference: info.reference.trim(),
        // `HH:MM`: today in the company's zone, as the server reads it.
        expectedAt: time || null,
      };
      const order = unsent.current ?? (await restaurantApi.open({ kind: 'delivery', delivery }, { quiet: true }));
      unsent.current = order;
      await restaurantApi.send(order._id, draft, { quiet: true });
      unsent.current = null;
      toast({ title: `Pedido N.º ${order.number} enviado a cocina`, color: 'success' });
      setInfo(EMPTY);
      setTime('');
      setDraft([]);
      loadSoon();
    } catch (err) {
      if (err instanceof ApiError) {
        // Field errors of the delivery come as `delivery.<field>`.
        const fields = Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k.replace(/^delivery\./, ''), v]));
        setErrors({ ...fields, form: err.message });
      }
      else setErrors({ form: 'No se pudo enviar el pedido: revise la conexión.' });
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (billing || adding) return;
      if (e.key === 'F2') {
        e.preventDefault();
        search.current?.focus();
      } else if (e.key === 'F7' || (e.key === 'Enter' && e.ctrlKey)) {
        e.preventDefault();
        void send();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const field = (key: keyof DeliveryInfo, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <label className="block text-sm">
      <span className="font-medium">{label}</span>
      <input className="input mt-1" aria-label={label} value={info[key] ?? ''} onChange={(e) => setInfo({ ...info, [key]: e.target.value })} {...props} />
      {errors[key] && <span className="text-xs text-red-700 dark:text-red-300">{errors[key]}</span>}
    </label>
  );

  return (
    <div className="grid gap-4 xl:grid-cols-[1fr_28rem]" data-testid="delivery" data-feed={feed}>
      <section className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-bold">Pedidos a domicilio y para llevar</h1>
          <p className="text-xs text-gray-600 dark:text-gray-300">F2 buscar · F7 enviar a cocina</p>
        </div>
        <ConnectionBanner state={feed} />
        <form className="card space-y-3" onSubmit={(e) => void send(e)} data-testid="delivery-form">
          <div className="grid gap-3 sm:grid-cols-2">
            {field('name', 'Cliente', { maxLength: 200, autoFocus: true })}
            {field('phone', 'Teléfono', { maxLength: 30, inputMode: 'tel' })}
            {field('address', 'Dirección (vacía: para llevar)', { maxLength: 300 })}
            {field('reference', 'Referencia', { maxLength: 300 })}
            <label className="block text-sm">
              <span className="font-medium">Hora esperada</span>
              <input className="input mt-1" type="time" aria-label="Hora esperada" value={time} onChange={(e) => setTime(e.target.value)} />
              {errors.expectedAt && <span className="text-xs text-red-700 dark:text-red-300">{errors.expectedAt}</span>}
            </label>
          </div>
          <ProductSearch ref={search} onPick={(p) => setDraft((d) => addToDraft(d, p))} />
          <DraftEditor draft={draft} onChange={setDraft} />
          {errors.items && <p className="text-sm text-red-700 dark:text-red-300">{errors.items}</p>}
          {errors.form && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {errors.form}
            </p>
          )}
          <button type="submit" className="btn btn-primary w-full text-lg" disabled={busy}>
            {busy ? 'Enviando…' : 'Enviar a cocina (F7)'}
          </button>
        </form>
      </section>
      <aside className="space-y-3" data-testid="open-deliveries">
        <h2 className="text-lg font-semibold">Pedidos abiertos</h2>
        {open === null && <p className="text-sm text-gray-500">Cargando…</p>}
        {open?.length === 0 && <p className="text-sm text-gray-500">No hay pedidos abiertos.</p>}
        {open?.map((o) => (
          <article key={o._id} className="card space-y-2" data-testid="delivery-order">
            <header className="flex items-baseline justify-between">
              <h3 className="text-xl font-bold">{`N.º ${o.number}`}</h3>
              {o.delivery?.expectedAt && <span className="text-sm">{`Para ${formatDateTime(o.delivery.expectedAt).slice(11)}`}</span>}
            </header>
            {o.delivery && (
              <p className="text-sm">
                <strong>{o.delivery.name}</strong>
                {` · ${o.delivery.phone}`}
                <span className="block">{o.delivery.address || 'Para llevar'}</span>
                {o.delivery.reference && <span className="block text-gray-500">{o.delivery.reference}</span>}
              </p>
            )}
            <ul className="text-sm">
              {o.items.map((i) => (
                <li key={i._id} className="flex items-start justify-between gap-2">
                  <span className={i.state === 'anulado' ? 'line-through opacity-70' : ''}>
                    {`${formatQuantity(i.quantity)} × ${i.name}`}
                    <ItemExtras modifiers={i.modifiers} notes={i.notes} />
                  </span>
                  <span className={`rounded px-1.5 text-xs font-semibold ${STATE_BADGE[i.state]}`}>{ITEM_STATE_LABELS[i.state]}</span>
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn btn-secondary" onClick={() => setAdding(o)}>
                Agregar productos
              </button>
              <button type="button" className="btn btn-primary flex-1" disabled={billable(o).length === 0} onClick={() => setBilling(o)}>
                Despachar y cobrar
              </button>
            </div>
          </article>
        ))}
      </aside>
      {adding && (
        <AddRound
          order={adding}
          onClose={() => setAdding(null)}
          onSent={() => {
            setAdding(null);
            loadSoon();
          }}
        />
      )}
      {billing && (
        <BillDialog
          order={billing}
          setup={setup}
          allowSplit={false}
          onClose={() => setBilling(null)}
          onBilled={() => loadSoon()}
        />
      )}
    </div>
  );
}

/** Another round for the open order `order`: products found and edited as in the form, sent at once. */
function AddRound({ order, onClose, onSent }: { order: OrderView; onClose: () => void; onSent: () => void }) {
  const [draft, setDraft] = useState<DraftItem[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  async function send() {
    if (busy) return;
    if (draft.length === 0) {
      setProblem('Agregue al menos un producto.');
      return;
    }
    setBusy(true);
    try {
      await restaurantApi.send(order._id, draft, { quiet: true });
      toast({ title: `Pedido N.º ${order.number}: nueva ronda enviada a cocina`, color: 'success' });
      onSent();
    } catch (err) {
      setProblem(err instanceof ApiError ? err.message : 'No se pudo enviar: revise la conexión.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal title={`Agregar al pedido N.º ${order.number}`} open onClose={onClose} size="lg">
      <div
        className="space-y-3"
        data-testid="add-round"
        onKeyDown={(e) => {
          if (e.key === 'F7' || (e.key === 'Enter' && e.ctrlKey)) {
            e.preventDefault();
            void send();
          }
        }}
      >
        <ProductSearch onPick={(p) => setDraft((d) => addToDraft(d, p))} />
        <DraftEditor draft={draft} onChange={setDraft} />
        {problem && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {problem}
          </p>
        )}
        <button type="button" className="btn btn-primary w-full text-lg" disabled={busy} onClick={() => void send()}>
          {busy ? 'Enviando…' : 'Enviar ronda a cocina (F7)'}
        </button>
      </div>
    </Modal>
  );
}
