/**
 * The restaurant API as the order screens use it (issue 26). The shapes are the server's views,
 * generated into `lib/api-types.ts` (ids as `_id`, times as ISO strings in the company's zone,
 * quantities as decimal strings like the sales API); the names the screens knew them by are kept
 * as aliases. Money never appears here: an order is priced by the sales preview when it is billed.
 */
import { apiGet, apiPost, type ApiOptions } from '../../lib/api';
import type { BillBody, BillView, DeliveryView, ItemsBody, JoinBody, KitchenTicketView, MoveBody, NoteBody, OpenOrderBody, OrderItemView, OrderStateBody, OrderView, Page, PriceBody, RestaurantEventView, SalePreviewView, SplitBody, TableView, VoidBody, ZoneView } from '../../lib/api-types';
import type { PaymentInput } from '../sales/components/pay-dialog';

export type { OrderItemView, OrderView, TableView, ZoneView };

/** A table's state on the floor plan. */
export type TableState = TableView['state'];

/** Kitchen state of an order item (`anulado`: voided with a reason). */
export type ItemState = OrderItemView['state'];

/** Kind of order. */
export type OrderKind = OrderView['kind'];

/** Where a delivery goes (also the body's `delivery` when opening one). */
export type DeliveryInfo = DeliveryView;

/** A kitchen ticket: one round of one order. */
export type TicketView = KitchenTicketView;

/** One event of `/api/restaurant/events`. */
export type RestaurantEvent = RestaurantEventView;

/** The answer of a bill; `sale` is null when nothing was left to bill (the order was only closed). */
export type BillResult = BillView;

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

/** An item the waiter is about to send. */
export interface DraftItem {
  productId: number;
  /** The product's category: its quick modifiers are offered. */
  categoryId: number | null;
  name: string;
  quantity: string;
  notes: string;
  modifiers: string[];
}

/** Items still to bill: not voided, not billed. */
export const billable = (o: OrderView) => o.items.filter((i) => i.state !== 'anulado' && i.saleId === null);

/** Every row of a generic list (`query` without page or limit), page after page of 100. */
async function allPages<T>(base: string, o?: ApiOptions): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; page <= 50; page++) {
    const answer = await apiGet<Page<T>>(`${base}${base.includes('?') ? '&' : '?'}page=${page}&limit=100`, o);
    rows.push(...answer.results);
    if (answer.results.length < 100 || rows.length >= answer.total) break;
  }
  return rows;
}

export const restaurantApi = {
  zones: async (o?: ApiOptions) => (await allPages<ZoneView>('/api/restaurant/zone?onlyActive=true', o)).filter((z) => z.active !== false),
  tables: async (o?: ApiOptions) => (await allPages<TableView>('/api/restaurant/table?onlyActive=true', o)).filter((t) => t.active !== false),
  order: (id: number, o?: ApiOptions) => apiGet<OrderView>(`/api/restaurant/order/${id}`, o),
  openOrders: async (kind: OrderKind, o?: ApiOptions) => (await allPages<OrderView>(`/api/restaurant/order?kind=${kind}&state=open`, o)).filter((x) => x.state === 'open'),
  open: (body: { tableId?: number; kind: OrderKind; clientId?: number; delivery?: DeliveryInfo }, o?: ApiOptions) =>
    apiPost<OrderView>('/api/restaurant/order/open', body satisfies OpenOrderBody, o),
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
      } satisfies ItemsBody,
      o,
    ),
  setState: (orderId: number, itemId: number, state: ItemState, o?: ApiOptions) =>
    apiPost<OrderView>(`/api/restaurant/order/${orderId}/item/${itemId}/state`, { state } satisfies OrderStateBody, o),
  void: (orderId: number, itemId: number, reason: string, o?: ApiOptions) =>
    apiPost<OrderView>(`/api/restaurant/order/${orderId}/item/${itemId}/void`, { reason } satisfies VoidBody, o),
  move: (orderId: number, tableId: number, o?: ApiOptions) => apiPost<OrderView>(`/api/restaurant/order/${orderId}/move`, { tableId } satisfies MoveBody, o),
  /** The order `otherId` (another table's) joins `orderId`: its items come over and its table is freed. */
  join: (orderId: number, otherId: number, o?: ApiOptions) => apiPost<OrderView>(`/api/restaurant/order/${orderId}/join`, { orderId: otherId } satisfies JoinBody, o),
  requestBill: (orderId: number, o?: ApiOptions) => apiPost<OrderView>(`/api/restaurant/order/${orderId}/requestBill`, {}, o),
  bill: (
    orderId: number,
    body: { idempotencyKey: string; payments: PaymentInput[]; documentType: 'note' | 'invoice'; clientId?: number | null; itemIds?: number[] },
    o?: ApiOptions,
  ) => apiPost<BillResult>(`/api/restaurant/order/${orderId}/bill`, body satisfies BillBody, o),
  kitchen: (station: string, o?: ApiOptions) => apiGet<TicketView[]>(`/api/restaurant/kitchen${station ? `?station=${encodeURIComponent(station)}` : ''}`, o),
  /** Splits `quantity` units of an item still to bill into an item of their own (one guest's unit). */
  split: (orderId: number, itemId: number, quantity: string, o?: ApiOptions) =>
    apiPost<OrderView>(`/api/restaurant/order/${orderId}/item/${itemId}/split`, { quantity } satisfies SplitBody, o),
  /**
   * What a bill of the order (or of `itemIds`) will charge: the sales service's prices, and for
   * the last part of a split nota de venta the remainder of the whole.
   */
  billPrice: (orderId: number, body: { itemIds?: number[]; clientId?: number | null; documentType?: 'note' | 'invoice' }, o?: ApiOptions) =>
    apiPost<SalePreviewView>(`/api/restaurant/order/${orderId}/price`, body satisfies PriceBody, o),
  /** The total of `items` as the sales service will charge it (promotions and IVA included). */
  price: (items: { productId: number; quantity: string }[], clientId: number | null, o?: ApiOptions) =>
    apiPost<SalePreviewView>('/api/sales/note/preview', { clientId, lines: items.map((i) => ({ productId: i.productId, quantity: i.quantity })) } satisfies NoteBody, o),
};

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
