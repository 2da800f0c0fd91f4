/**
 * `/admin/restaurante/tomar-orden`: the waiter's screen. The floor plan of the chosen zone shows
 * every table at its place with its state (libre, ocupada, cuenta pedida, reservada — colour and
 * text) and the time since it was opened; a free table opens with a click. The order panel adds
 * items (search, quantity, modifiers, notes) and sends them to the kitchen as a round, shows what
 * was sent by round with its kitchen state, voids an item with a reason, moves the order to
 * another table or joins another occupied table's order into it, asks for the bill and bills it (sales note or factura, whole or split) — then
 * the table is free again. Live: the kitchen's changes arrive through `useRestaurantEvents`.
 * Keyboard: Tab between tables and Enter opens one; F2 searches products, F7 (or Ctrl+Enter)
 * sends to the kitchen, F9 bills. The data loads in the browser (the server renders «Cargando…»).
 */
import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api';
import { useSoon } from '../../../lib/debounce';
import { confirmAction } from '../../../lib/confirm';
import { formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { TABLE_STATE_LABELS, billable, elapsedLabel, minutesSince, restaurantApi, type DraftItem, type OrderView, type RestaurantEvent, type TableState, type TableView, type ZoneView } from '../api';
import { BillDialog } from '../components/bill-dialog';
import { DraftEditor, ProductSearch, addToDraft } from '../components/order-draft';
import { SentItems, useOrderPrice } from '../components/order-view';
import { usePosSetup } from '../components/pos-setup';
import { ConnectionBanner, useNow, useRestaurantEvents } from '../components/use-restaurant-events';

/** Colours of the table states on the plan (the text says the state too). */
const TABLE_COLOURS: Record<TableState, string> = {
  libre: 'border-green-600 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100',
  ocupada: 'border-red-600 bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
  cuenta: 'border-amber-500 bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  reservada: 'border-blue-600 bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-100',
};

export default function TakeOrder() {
  const [zones, setZones] = useState<ZoneView[] | null>(null);
  const [tables, setTables] = useState<TableView[]>([]);
  // Items the kitchen marked «listo», by order: the waiter sees which tables have food to carry.
  const [ready, setReady] = useState<Map<number, number>>(new Map());
  const [zoneId, setZoneId] = useState<number | null>(null);
  const [tableId, setTableId] = useState<number | null>(null);
  const [order, setOrder] = useState<OrderView | null>(null);
  const [draft, setDraft] = useState<DraftItem[]>([]);
  const [dialog, setDialog] = useState<'move' | 'join' | null>(null);
  // The order being billed, kept apart from the panel's: the dialog stays to show the change after the table is freed.
  const [billing, setBilling] = useState<OrderView | null>(null);
  const [busy, setBusy] = useState(false);
  const [loadError, setLoadError] = useState('');
  const search = useRef<HTMLInputElement>(null);
  const setup = usePosSetup();
  const now = useNow();
  const orderRef = useRef<OrderView | null>(null);
  orderRef.current = order;

  const loadTables = useCallback(async () => {
    try {
      const [z, t, tickets] = await Promise.all([
        restaurantApi.zones({ quiet: true }),
        restaurantApi.tables({ quiet: true }),
        restaurantApi.kitchen('', { quiet: true }).catch(() => []),
      ]);
      const counts = new Map<number, number>();
      for (const ticket of tickets) {
        const n = ticket.items.filter((i) => i.state === 'listo').length;
        if (n > 0) counts.set(ticket.orderId, (counts.get(ticket.orderId) ?? 0) + n);
      }
      setZones(z);
      setTables(t);
      setReady(counts);
      setZoneId((cur) => cur ?? z[0]?._id ?? null);
      setLoadError('');
    } catch (e) {
      setLoadError(e instanceof ApiError ? e.message : 'No se pudo cargar el plano: revise la conexión.');
      setZones((cur) => cur ?? []);
    }
  }, []);
  useEffect(() => {
    void loadTables();
  }, [loadTables]);

  // Events come in bursts (a round of several items): one reload of the plan per burst.
  const reloadSoon = useSoon(loadTables, 150);

  const onEvent = useCallback(
    (e: RestaurantEvent) => {
      reloadSoon();
      const current = orderRef.current;
      if (!current || e.orderId !== current._id) return;
      if (e.order) setOrder(e.order.state === 'open' ? e.order : null);
      else void restaurantApi.order(current._id, { quiet: true }).then(setOrder, () => undefined);
    },
    [reloadSoon],
  );
  const onResync = useCallback(() => {
    void loadTables();
    const current = orderRef.current;
    if (current) void restaurantApi.order(current._id, { quiet: true }).then(setOrder, () => undefined);
  }, [loadTables]);
  const feed = useRestaurantEvents(onEvent, onResync);

  const table = tables.find((t) => t._id === tableId) ?? null;
  // The running total of what is still to bill: the waiter sees it before «Cobrar».
  const price = useOrderPrice(order);

  async function selectTable(t: TableView) {
    if (busy) return;
    setTableId(t._id);
    setDraft([]);
    if (t.orderId !== null) {
      try {
        setOrder(await restaurantApi.order(t.orderId));
      } catch {
        setOrder(null);
      }
      return;
    }
    setOrder(null);
    // A tap on a free table asks first (Enter confirms): a stray tap opened an empty order.
    const question =
      t.state === 'reservada' && t.reservation ? `Reservada para ${t.reservation.clientName} a las ${t.reservation.time}. ¿Abrir la mesa igualmente?` : `¿Abrir una orden en ${t.name}?`;
    if (!(await confirmAction(question, `Abrir ${t.name}`, 'Abrir mesa', { enterConfirms: true }))) {
      setTableId(null);
      return;
    }
    setBusy(true);
    try {
      const opened = await restaurantApi.open({ tableId: t._id, kind: 'table' });
      setOrder(opened);
      setTimeout(() => search.current?.focus(), 0);
    } catch {
      setTableId(null);
    } finally {
      setBusy(false);
      reloadSoon();
    }
  }

  async function send() {
    if (!order || draft.length === 0 || busy) return;
    setBusy(true);
    try {
      setOrder(await restaurantApi.send(order._id, draft));
      setDraft([]);
      toast({ title: 'Enviado a cocina', color: 'success' });
      search.current?.focus();
    } catch {
      /* the error modal says why; the draft stays */
    } finally {
      setBusy(false);
      reloadSoon();
    }
  }

  async function requestBill() {
    if (!order) return;
    try {
      setOrder(await restaurantApi.requestBill(order._id));
      reloadSoon();
    } catch {
      /* reported by the API client */
    }
  }

  async function move(to: TableView) {
    if (!order) return;
    try {
      const moved = await restaurantApi.move(order._id, to._id);
      setOrder(moved);
      setTableId(to._id);
      setZoneId(to.zoneId);
      setDialog(null);
      toast({ title: `Orden movida a ${to.name}`, color: 'success' });
    } catch {
      /* reported by the API client */
    } finally {
      reloadSoon();
    }
  }

  async function join(other: TableView) {
    if (!order || other.orderId === null) return;
    try {
      setOrder(await restaurantApi.join(order._id, other.orderId));
      setDialog(null);
      toast({ title: `${other.name} se unió a ${table?.name ?? 'la mesa'}`, color: 'success' });
    } catch {
      /* reported by the API client */
    } finally {
      reloadSoon();
    }
  }

  // F2 / F7 / F9 from anywhere on the screen.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (dialog || billing) return;
      if (e.key === 'F2') {
        e.preventDefault();
        search.current?.focus();
      } else if (e.key === 'F7' || (e.key === 'Enter' && e.ctrlKey)) {
        e.preventDefault();
        void send();
      } else if (e.key === 'F9') {
        e.preventDefault();
        if (order && billable(order).length > 0) setBilling(order);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (zones === null) {
    return (
      <div className="space-y-3">
        <h1 className="text-2xl font-bold">Tomar orden</h1>
        <p className="text-gray-500" data-testid="loading">
          Cargando el plano…
        </p>
      </div>
    );
  }

  const zoneTables = tables.filter((t) => t.zoneId === zoneId);
  return (
    <div className="space-y-3" data-testid="take-order" data-feed={feed}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Tomar orden</h1>
        <p className="text-xs text-gray-600 dark:text-gray-300">Tab y Enter: mesa · F2 buscar · F7 enviar a cocina · F9 cobrar · Esc cerrar</p>
      </div>
      <ConnectionBanner state={feed} />
      {loadError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {loadError}
        </p>
      )}
      {zones.length === 0 ? (
        <p className="card text-gray-600 dark:text-gray-300">
          No hay mesas todavía: créelas en{' '}
          <Link className="underline" to="/admin/restaurante/configMesas">
            Mesas y zonas
          </Link>
          .
        </p>
      ) : (
        <div className="grid gap-4 xl:grid-cols-[1fr_26rem]">
          <section className="space-y-2">
            <div role="tablist" aria-label="Zonas" className="flex flex-wrap gap-1">
              {zones.map((z) => (
                <button
                  key={z._id}
                  type="button"
                  role="tab"
                  aria-selected={z._id === zoneId}
                  className={`rounded-md px-3 py-1.5 text-sm font-medium ${z._id === zoneId ? 'bg-primary-600 text-white' : 'bg-gray-100 text-gray-800 hover:bg-gray-200 dark:bg-gray-800 dark:text-gray-100'}`}
                  onClick={() => setZoneId(z._id)}
                >
                  {z.name}
                </button>
              ))}
            </div>
            <FloorPlan tables={zoneTables} ready={ready} selected={tableId} now={now} onPick={(t) => void selectTable(t)} />
            <Legend />
          </section>
          <aside className="card h-fit space-y-3" data-testid="order-panel">
            {!table || !order ? (
              <p className="text-sm text-gray-500">{busy ? 'Abriendo la mesa…' : 'Elija una mesa libre para abrirla, u ocupada para ver su orden.'}</p>
            ) : (
              <>
                <div className="flex items-baseline justify-between gap-2">
                  <h2 className="text-lg font-semibold" data-testid="order-title">{`${table.name} · Orden N.º ${order.number}`}</h2>
                  {table.openedAt && <span className="text-sm text-gray-500">{elapsedLabel(minutesSince(table.openedAt, now))}</span>}
                </div>
                {order.billRequested && <p className="rounded bg-amber-100 px-2 py-1 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">Cuenta pedida</p>}
                <SentItems order={order} onChange={setOrder} amounts={price?.amounts} />
                {billable(order).length > 0 && (
                  <p className="flex items-baseline justify-between border-t border-gray-200 pt-2 dark:border-gray-700">
                    <span className="text-sm text-gray-600 dark:text-gray-300">Por cobrar (con IVA)</span>
                    <span className="text-lg font-bold tabular-nums" data-testid="order-running-total">
                      {price ? formatMoney(price.total) : '…'}
                    </span>
                  </p>
                )}
                <div className="space-y-2 border-t border-gray-200 pt-3 dark:border-gray-700">
                  <ProductSearch ref={search} onPick={(p) => setDraft((d) => addToDraft(d, p))} />
                  <DraftEditor draft={draft} onChange={setDraft} />
                  <button type="button" className="btn btn-primary w-full text-lg" disabled={draft.length === 0 || busy} onClick={() => void send()}>
                    {busy ? 'Enviando…' : 'Enviar a cocina (F7)'}
                  </button>
                </div>
                <div className="flex flex-wrap gap-2 border-t border-gray-200 pt-3 dark:border-gray-700">
                  <button type="button" className="btn btn-secondary" onClick={() => setDialog('move')}>
                    Mover de mesa
                  </button>
                  <button type="button" className="btn btn-secondary" onClick={() => setDialog('join')}>
                    Unir mesa
                  </button>
                  <button type="button" className="btn btn-secondary" disabled={order.billRequested || billable(order).length === 0} onClick={() => void requestBill()}>
                    Pedir cuenta
                  </button>
                  <button type="button" className="btn btn-primary flex-1" disabled={billable(order).length === 0} onClick={() => setBilling(order)}>
                    Cobrar (F9)
                  </button>
                </div>
              </>
            )}
          </aside>
        </div>
      )}
      {dialog === 'move' && order && (
        <Modal title="Mover la orden a otra mesa" open onClose={() => setDialog(null)}>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="move-dialog">
            {tables.filter((t) => t.state === 'libre' || t.state === 'reservada').length === 0 && <p className="col-span-full text-sm text-gray-500">No hay mesas libres.</p>}
            {tables
              .filter((t) => t.state === 'libre' || t.state === 'reservada')
              .map((t) => (
                <button key={t._id} type="button" className="btn btn-secondary" onClick={() => void move(t)}>
                  {`${t.name} · ${zones.find((z) => z._id === t.zoneId)?.name ?? ''}`}
                </button>
              ))}
          </div>
        </Modal>
      )}
      {dialog === 'join' && order && (
        <Modal title="Unir otra mesa a esta orden" open onClose={() => setDialog(null)}>
          <p className="mb-2 text-sm text-gray-600 dark:text-gray-300">{`Lo pendiente de cobro de la mesa elegida pasa a ${table?.name ?? 'esta mesa'}, y esa mesa queda libre.`}</p>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="join-dialog">
            {joinable(tables, tableId).length === 0 && <p className="col-span-full text-sm text-gray-500">No hay otras mesas ocupadas.</p>}
            {joinable(tables, tableId).map((t) => (
              <button key={t._id} type="button" className="btn btn-secondary" onClick={() => void join(t)}>
                {`${t.name} · ${zones.find((z) => z._id === t.zoneId)?.name ?? ''}`}
              </button>
            ))}
          </div>
        </Modal>
      )}
      {billing && (
        <BillDialog
          order={billing}
          setup={setup}
          onClose={() => setBilling(null)}
          onChange={setOrder}
          onBilled={(r) => {
            if (r.order.state === 'open') setOrder(r.order);
            else {
              setOrder(null);
              setTableId(null);
            }
            reloadSoon();
          }}
        />
      )}
    </div>
  );
}

/** The other tables with an open order (occupied or asking for the bill): they may join this one. */
function joinable(tables: TableView[], current: number | null): TableView[] {
  return tables.filter((t) => t._id !== current && t.orderId !== null && (t.state === 'ocupada' || t.state === 'cuenta'));
}

/**
 * The tables of a zone at their places (plan units 0..1000 scaled to the box). A zone whose tables
 * were never arranged (all at the corner) is shown as a grid instead of a pile, and so is every
 * zone on a phone: below the `sm` width the places would overlap (three tables of 7 rem in a
 * 375 px box), so the tiles flow in rows there and take their places from `sm` up (the place is
 * in CSS variables, so the server's HTML is the same at every width).
 */
function FloorPlan({ tables, ready, selected, now, onPick }: { tables: TableView[]; ready: Map<number, number>; selected: number | null; now: number; onPick: (t: TableView) => void }) {
  if (tables.length === 0) return <p className="card text-sm text-gray-500">Esta zona no tiene mesas.</p>;
  const arranged = tables.some((t) => t.x !== 0 || t.y !== 0);
  const tile = (t: TableView) => {
    const minutes = minutesSince(t.openedAt, now);
    const readyCount = t.orderId !== null ? (ready.get(t.orderId) ?? 0) : 0;
    return (
      <button
        key={t._id}
        type="button"
        data-testid={`table-${t._id}`}
        data-state={t.state}
        aria-label={`${t.name}: ${TABLE_STATE_LABELS[t.state]}`}
        aria-pressed={t._id === selected}
        className={`flex h-20 w-28 flex-col items-center justify-center border-2 p-1 text-center shadow-sm focus:outline-none focus-visible:ring-4 focus-visible:ring-primary-500 ${t.shape === 'round' ? 'rounded-full' : 'rounded-lg'} ${TABLE_COLOURS[t.state]} ${t._id === selected ? 'ring-4 ring-primary-500' : ''} ${arranged ? PLACED : ''}`}
        style={arranged ? ({ '--plan-x': Math.min(1000, Math.max(0, t.x)) / 1000, '--plan-y': Math.min(1000, Math.max(0, t.y)) / 1000 } as CSSProperties) : undefined}
        onClick={() => onPick(t)}
      >
        <span className="font-bold leading-tight">{t.name}</span>
        <span className="text-xs font-medium" data-testid="table-state">
          {TABLE_STATE_LABELS[t.state]}
        </span>
        {(t.state === 'ocupada' || t.state === 'cuenta') && t.openedAt && now > 0 && <span className="text-xs">{elapsedLabel(minutes)}</span>}
        {readyCount > 0 && (
          <span className="rounded bg-green-600 px-1 text-xs font-bold text-white" data-testid="table-ready">
            {`${readyCount} ${readyCount === 1 ? 'listo' : 'listos'}`}
          </span>
        )}
        {t.state === 'reservada' && t.reservation && <span className="truncate text-xs">{`${t.reservation.time} ${t.reservation.clientName}`}</span>}
      </button>
    );
  };
  return (
    <div
      className={`flex flex-wrap gap-3 rounded-lg border border-gray-200 bg-gray-50 p-3 dark:border-gray-700 dark:bg-gray-900 ${arranged ? 'sm:relative sm:block sm:h-[30rem] sm:p-0' : ''}`}
      data-testid="floor-plan"
      data-layout={arranged ? 'plan' : 'grid'}
    >
      {tables.map(tile)}
    </div>
  );
}

/** A tile at its place on the plan, from the `sm` width up (in rows below it). */
const PLACED = 'sm:absolute sm:left-[calc((100%-7rem)*var(--plan-x))] sm:top-[calc((100%-5rem)*var(--plan-y))]';

function Legend() {
  return (
    <ul className="flex flex-wrap gap-3 text-xs" aria-label="Estados de las mesas">
      {(Object.keys(TABLE_STATE_LABELS) as TableState[]).map((s) => (
        <li key={s} className="flex items-center gap-1">
          <span className={`inline-block h-3 w-3 rounded border-2 ${TABLE_COLOURS[s]}`} />
          {TABLE_STATE_LABELS[s]}
        </li>
      ))}
    </ul>
  );
}
