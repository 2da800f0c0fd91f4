/**
 * The restaurant API as the order screens use it (issue 26). Hand-written until the server's
 * views generate them into `lib/api-types.ts`; the shapes follow the contract of the issue and the
 * shared design (ids as `_id`, times as ISO strings in the company's zone, quantities as decimal
 * strings like the sales API). Money never appears here: an order is priced by the sales preview
 * when it is billed.
 */
import { apiGet, apiPost, type ApiOptions } from '../../lib/api';
import type { InvoiceView, SalePreviewView, SaleView } from '../../lib/api-types';
import type { PaymentInput } from '../sales/components/pay-dialog';

/** A table's state on the floor plan. */
export type TableState = 'libre' | 'ocupada' | 'cuenta' | 'reservada';

/** Kitchen state of an order item (`anulado`: voided with a reason). */
export type ItemState = 'pendiente' | 'preparando' | 'listo' | 'entregado' | 'anulado';

/** The forward states of an item, in order (a tap on the kitchen screen moves one step). */
export const ITEM_FLOW: ItemState[] = ['pendiente', 'preparando', 'listo', 'entregado'];

/** Spanish labels of the item states. */
export const ITEM_STATE_LABELS: Record<ItemState, string> = {
  pendiente: 'Pendiente',
  preparando: 'Preparando',
  listo: 'Listo',
  entregado: 'Entregado',
  anulado: 'Anulado',
};

/** Spanish labels of the table states. */
export const TABLE_STATE_LABELS: Record<TableState, string> = {
  libre: 'Libre',
  ocupada: 'Ocupada',
  cuenta: 'Cuenta pedida',
  reservada: 'Reservada',
};

/** The state after `state`, or null at the end (or for a voided item). */
export function nextState(state: ItemState): ItemState | null {
  const at = ITEM_FLOW.indexOf(state);
  return at < 0 || at === ITEM_FLOW.length - 1 ? null : ITEM_FLOW[at + 1];
}

/** A generic list answer (`/api/<resource>?page=&limit=`, at most 100 a page). */
export interface ListPage<T> {
  results: T[];
  total?: number;
}

export interface ZoneView {
  _id: number;
  name: string;
  active?: boolean;
}

export interface TableView {
  _id: number;
  zoneId: number;
  zoneName?: string;
  name: string;
  active?: boolean;
  seats: number;
  shape?: string;
  /** Top-left corner on the floor plan, in plan units (0..1000). */
  x: number;
  y: number;
  state: TableState;
  /** The open order at the table. */
  orderId: number | null;
  /** When that order was opened (elapsed time on the plan). */
  openedAt: string | null;
  /** A reservation within the next hour. */
  /** A reservation within the next hour (`time`: local `HH:MM`). */
  reservation?: { _id: number; clientName: string; time: string } | null;
}

export interface DeliveryInfo {
  name: string;
  phone: string;
  address: string;
  reference: string;
  expectedAt: string | null;
}

export interface OrderItemView {
  _id: number;
  productId: number;
  name: string;
  quantity: string;
  notes: string | null;
  modifiers: string[];
  station: string;
  round: number;
  state: ItemState;
  voidReason: string | null;
  /** The sale that billed the item (null while unbilled). */
  saleId: number | null;
  /** When its round was sent. */
  sentAt?: string;
}

export type OrderKind = 'table' | 'express' | 'delivery';

export interface OrderView {
  _id: number;
  /** The number called at the counter. */
  number: number;
  kind: OrderKind;
  tableId: number | null;
  tableName?: string | null;
  state: 'open' | 'billed' | 'cancelled';
  billRequested?: boolean;
  clientId?: number | null;
  openedAt?: string;
  closedAt?: string | null;
  delivery?: DeliveryInfo | null;
  items: OrderItemView[];
}

/** A kitchen ticket: one round of one order. */
export interface TicketView {
  orderId: number;
  number: number;
  table: string | null;
  kind: OrderKind;
  round: number;
  sentAt: string;
  items: {
    _id: number;
    name: string;
    quantity: string;
    notes: string | null;
    modifiers: string[];
    state: ItemState;
    station: string;
    voidReason: string | null;
  }[];
}

/** One event of `/api/restaurant/events`. */
export interface RestaurantEvent {
  seq: number;
  /** `opened`, `items`, `state`, `void`, `move`, `joined`, `billRequested` or `billed`. */
  type: string;
  orderId: number;
  order?: OrderView | null;
}

/** An item the waiter is about to send. */
export interface DraftItem {
  productId: number;
  name: string;
  quantity: string;
  notes: string;
  modifiers: string[];
}

export interface BillResult {
  order: OrderView;
  /** Null when nothing was left to bill (the order was only closed). */
  sale: SaleView | InvoiceView | null;
}

/** Items still to bill: not voided, not billed. */
export const billable = (o: OrderView) => o.items.filter((i) => i.state !== 'anulado' && i.saleId === null);

/** Every row of a generic list (`query` without page or limit), page after page of 100. */
async function allPages<T>(base: string, o?: ApiOptions): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; page <= 50; page++) {
    const answer = await apiGet<ListPage<T>>(`${base}${base.includes('?') ? '&' : '?'}page=${page}&limit=100`, o);
    rows.push(...answer.results);
    if (answer.results.length < 100 || rows.length >= (answer.total ?? 0)) break;
  }
  return rows;
}

export const restaurantApi = {
  zones: async (o?: ApiOptions) => (await allPages<ZoneView>('/api/restaurant/zone?onlyActive=true', o)).filter((z) => z.active !== false),
  tables: async (o?: ApiOptions) => (await allPages<TableView>('/api/restaurant/table?onlyActive=true', o)).filter((t) => t.active !== false),
  order: (id: number, o?: ApiOptions) => apiGet<OrderView>(`/api/restaurant/order/${id}`, o),
  openOrders: async (kind: OrderKind, o?: ApiOptions) => (await allPages<OrderView>(`/api/restaurant/order?kind=${kind}&state=open`, o)).filter((x) => x.state === 'open'),
  open: (body: { tableId?: number; kind: OrderKind; clientId?: number; delivery?: DeliveryInfo }, o?: ApiOptions) =>
    apiPost<OrderView>('/api/restaurant/order/open', body, o),
  send: (orderId: number, items: DraftItem[], o?: ApiOptions) =>
    apiPost<OrderView>(
      `/api/restaurant/order/${orderId}/items`,
      {
        items: items.map((i) => ({
          productId: i.productId,
          quantity: i.quantity.trim(),
          ...(i.notes.trim() ? { notes: i.notes.trim() } : {}),
          ...(i.modifiers.length > 0 ? { modifiers: i.modifiers } : {}),
        })),
      },
      o,
    ),
  setState: (orderId: number, itemId: number, state: ItemState, o?: ApiOptions) =>
    apiPost<OrderView>(`/api/restaurant/order/${orderId}/item/${itemId}/state`, { state }, o),
  void: (orderId: number, itemId: number, reason: string, o?: ApiOptions) =>
    apiPost<OrderView>(`/api/restaurant/order/${orderId}/item/${itemId}/void`, { reason }, o),
  move: (orderId: number, tableId: number, o?: ApiOptions) => apiPost<OrderView>(`/api/restaurant/order/${orderId}/move`, { tableId }, o),
  /** The order `otherId` (another table's) joins `orderId`: its items come over and its table is freed. */
  join: (orderId: number, otherId: number, o?: ApiOptions) => apiPost<OrderView>(`/api/restaurant/order/${orderId}/join`, { orderId: otherId }, o),
  requestBill: (orderId: number, o?: ApiOptions) => apiPost<OrderView>(`/api/restaurant/order/${orderId}/requestBill`, {}, o),
  bill: (
    orderId: number,
    body: { idempotencyKey: string; payments: PaymentInput[]; documentType: 'note' | 'invoice'; clientId?: number | null; itemIds?: number[] },
    o?: ApiOptions,
  ) => apiPost<BillResult>(`/api/restaurant/order/${orderId}/bill`, body, o),
  kitchen: (station: string, o?: ApiOptions) => apiGet<TicketView[]>(`/api/restaurant/kitchen${station ? `?station=${encodeURIComponent(station)}` : ''}`, o),
  /** The total of `items` as the sales service will charge it (promotions and IVA included). */
  price: (items: { productId: number; quantity: string }[], clientId: number | null, o?: ApiOptions) =>
    apiPost<SalePreviewView>('/api/sales/note/preview', { clientId, lines: items.map((i) => ({ productId: i.productId, quantity: i.quantity })) }, o),
};

/** A fresh idempotency key. */
export function newKey(): string {
  const c = globalThis.crypto;
  return c && 'randomUUID' in c ? c.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** Minutes since an ISO time (0 when it is missing or in the future). */
export function minutesSince(iso: string | null | undefined, now: number): number {
  if (!iso) return 0;
  const t = Date.parse(iso);
  return Number.isFinite(t) ? Math.max(0, Math.floor((now - t) / 60000)) : 0;
}

/** Elapsed time as «5 min» or «1 h 12 min». */
export function elapsedLabel(minutes: number): string {
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}
