/**
 * `/admin/ventas/notaventa`: the POS. Keyboard first: the barcode field keeps the focus (Enter
 * adds, scanning again adds one, `+`/`-` change the selected line), F2 searches products, F4
 * picks the client, F9 pays, Esc closes dialogs; «Cancelar venta» asks before emptying the cart. The server prices every change (promotions, IVA,
 * totals) through the preview; the cart and its idempotency key live in localStorage, so a
 * reload restores an unfinished sale and a retried submit never makes a second one. Built to be
 * reused by factura express (`/admin/ventas/facturaExpress`, [`PosScreen`] in invoice mode: same
 * cart and keys, an electronic factura at the end whose SRI state is followed live). A cashier sees
 * the company's discount limit by the discount column (none at all when it is 0 %).
 *
 * The amounts on screen add up to the cent the way the SRI computes them (`domain::totals`): each
 * line shows its base without IVA (its `net`), the panel the subtotal and the IVA of each rate,
 * and the total is their sum. A line total with IVA is never shown: IVA is charged on the sum of
 * each rate, so per-line totals would drift a cent from the total. The product search shows the
 * price with IVA (PVP), what a shopper pays for one unit.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLoaderData } from 'react-router';
import { Modal } from '../../../components/modal';
import { ApiError, apiGet, apiPost } from '../../../lib/api';
import { confirmAction } from '../../../lib/confirm';
import { SearchDialog } from '../../../components/suggestions';
import { ClientPicker } from '../components/client-picker';
import { PayDialog } from '../components/pay-dialog';
import type { BarcodeBody, InvoiceView, NoteBody, Page, PosPage, ProductDetailView, ProductView, SalePreviewView, SaleView } from '../../../lib/api-types';
import { formatDateTime, formatMoney, formatPrice } from '../../../lib/format';
import { decimalText, toCents } from '../../../lib/money';
import { SriTarget } from '../../ebilling/components/sri-target';
import { newKey } from '../../../lib/idempotency';
import { usePriced } from '../../../lib/use-priced';

/** Which document the POS ends in: a sales note, or an electronic factura (factura express). */
export type PosMode = 'note' | 'invoice';

/** What differs between the two documents; everything else is the same screen. */
const MODES: Record<PosMode, { title: string; storage: string; register: string; done: string }> = {
  note: { title: 'Nota de venta', storage: 'mostrador.pos.cart', register: '/api/sales/note/register', done: 'Nota de venta' },
  invoice: { title: 'Factura express', storage: 'mostrador.facturaExpress.cart', register: '/api/sales/invoice/register', done: 'Factura' },
};

/** The most a factura to the consumidor final may total (USD, Reglamento de Comprobantes art. 19). */
const FINAL_CONSUMER_LIMIT_CENTS = 5000n;

interface CartLine {
  productId: number;
  code: string;
  name: string;
  quantity: string;
  unitPrice?: string;
  discount?: string;
}

interface Cart {
  key: string;
  client: { _id: number; name: string; identification: string } | null;
  lines: CartLine[];
  /** The quote the cart was filled from ("Convertir en venta"). */
  quoteId?: number;
}

const emptyCart = (): Cart => ({ key: newKey(), client: null, lines: [] });

/** A quantity string plus `delta` units (never below 1). */
function bump(quantity: string, delta: number): string {
  const n = Number(decimalText(quantity));
  const next = Number.isFinite(n) ? Math.max(1, Math.round((n + delta) * 1e6) / 1e6) : 1;
  return String(next);
}

export default function Pos() {
  return <PosScreen mode="note" />;
}

/**
 * Optional additions of screens that reuse the POS (the full invoice form of
 * `/admin/ebilling/factura`): without them the POS behaves as in `mode` alone.
 */
export interface PosExtras {
  /** Heading instead of the mode's. */
  title?: string;
  /** localStorage key of the cart, so another screen keeps its own cart. */
  storage?: string;
  /** Fields merged into the register body (e.g. `additionalInfo`). */
  extraBody?: NoteBody;
  /** Shown in the totals panel, under the client. */
  panel?: ReactNode;
  /** After a document is registered. */
  onRegistered?: () => void;
  /** The client picker registers a new buyer in place (instead of linking to the clients page). */
  createClient?: boolean;
}

/** The POS ending in the document of `mode`. */
export function PosScreen({ mode, title: titleOverride, storage, extraBody, panel, onRegistered, createClient }: { mode: PosMode } & PosExtras) {
  const page = useLoaderData() as PosPage;
  const { register, done: doneLabel } = MODES[mode];
  const title = titleOverride ?? MODES[mode].title;
  const STORAGE = storage ?? MODES[mode].storage;
  const [cart, setCart] = useState<Cart>(emptyCart);
  const [selected, setSelected] = useState(0);
  const [dialog, setDialog] = useState<'search' | 'client' | 'pay' | 'done' | null>(null);
  /** What the search opens with (a name typed in the code box). */
  const [searchFor, setSearchFor] = useState('');
  const [done, setDone] = useState<SaleView | InvoiceView | null>(null);
  const barcode = useRef<HTMLInputElement>(null);

  // Restore an unfinished cart after a reload; save every change.
  useEffect(() => {
    try {
      const saved = localStorage.getItem(STORAGE);
      if (saved) setCart(JSON.parse(saved) as Cart);
    } catch {
      /* a damaged cart is dropped */
    }
  }, [STORAGE]);
  useEffect(() => {
    localStorage.setItem(STORAGE, JSON.stringify(cart));
  }, [cart, STORAGE]);

  // The server prices the cart (promotions, IVA, totals) after every change.
  const { priced: preview, problem, setProblem } = usePriced(
    cart.lines.length === 0 ? null : (signal) => apiPost<SalePreviewView>('/api/sales/note/preview', body(cart), { quiet: true, signal }),
    [cart],
  );

  const focusBarcode = useCallback(() => setTimeout(() => barcode.current?.focus(), 0), []);

  const add = useCallback((p: { _id: number; code: string; name: string }) => {
    setCart((c) => {
      const at = c.lines.findIndex((l) => l.productId === p._id);
      if (at >= 0) {
        setSelected(at);
        return { ...c, lines: c.lines.map((l, i) => (i === at ? { ...l, quantity: bump(l.quantity, 1) } : l)) };
      }
      setSelected(c.lines.length);
      return { ...c, lines: [...c.lines, { productId: p._id, code: p.code, name: p.name, quantity: '1' }] };
    });
  }, []);

  const changeLine = (index: number, patch: Partial<CartLine>) =>
    setCart((c) => ({ ...c, lines: c.lines.map((l, i) => (i === index ? { ...l, ...patch } : l)) }));
  const removeLine = (index: number) => setCart((c) => ({ ...c, lines: c.lines.filter((_, i) => i !== index) }));

  async function scan(e: React.FormEvent) {
    e.preventDefault();
    const code = barcode.current?.value.trim() ?? '';
    if (!code) return;
    // Cleared at once, not after the lookup: a scanner sends the next code while this one is
    // still being looked up, and clearing later would wipe it out.
    if (barcode.current) barcode.current.value = '';
    try {
      const product = await apiPost<ProductDetailView>('/api/item/getByBarcode', { barcode: code } satisfies BarcodeBody, { quiet: true });
      add(product);
      setProblem('');
    } catch (err) {
      // A word typed in the box (not a scanned code, which is digits) is searched by name: one
      // product is added, several open the search with it.
      if (err instanceof ApiError && err.status === 404 && /\D/.test(code)) {
        const found = await apiGet<Page<ProductView>>(`/api/item?search=${encodeURIComponent(code)}&limit=10&active=true`, { quiet: true })
          .then((p) => p.results.filter((r) => r.kind !== 'ingredient'))
          .catch(() => [] as ProductView[]);
        if (found.length === 1) {
          add(found[0]);
          setProblem('');
        } else if (found.length > 1) {
          setSearchFor(code);
          setDialog('search');
          setProblem('');
        } else {
          setProblem(`No hay productos con «${code}»`);
        }
        return;
      }
      setProblem(err instanceof ApiError ? `${err.message}: ${code}` : 'No se pudo leer el código');
    }
  }

  // F2 / F4 / F9 from anywhere; + and - on the selected line from the barcode field.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F2') {
        e.preventDefault();
        setDialog('search');
      } else if (e.key === 'F4') {
        e.preventDefault();
        setDialog('client');
      } else if (e.key === 'F9') {
        e.preventDefault();
        if (dialog === 'done') startOver();
        else if (cart.lines.length > 0 && preview && !needsClient) setDialog('pay');
      } else if ((e.key === '+' || e.key === '-') && document.activeElement === barcode.current && !barcode.current?.value) {
        e.preventDefault();
        const line = cart.lines[selected];
        if (line) changeLine(selected, { quantity: bump(line.quantity, e.key === '+' ? 1 : -1) });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  function startOver() {
    setCart(emptyCart());
    setDone(null);
    setDialog(null);
    setSelected(0);
    focusBarcode();
  }

  /** «Cancelar venta»: asks first when the cart has something to lose. */
  async function cancelSale() {
    if (cart.lines.length > 0) {
      const count = cart.lines.length;
      const ok = await confirmAction(
        `Se quitará${count === 1 ? ' el producto' : `n los ${count} productos`} del carrito y la venta no se registrará.`,
        '¿Cancelar la venta?',
        'Cancelar venta',
        { cancelLabel: 'Seguir vendiendo', enterConfirms: true },
      );
      if (!ok) return focusBarcode();
    }
    startOver();
  }

  const closeDialog = () => {
    setDialog(null);
    focusBarcode();
  };

  const totals = preview?.totals;
  // A factura to the consumidor final only up to USD 50: the buyer must be identified above it.
  const needsClient = mode === 'invoice' && cart.client === null && preview !== null && toCents(preview.total) > FINAL_CONSUMER_LIMIT_CENTS;
  return (
    // minmax(0, 1fr) and min-w-0: the cart's wide table scrolls inside its card instead of
    // widening the page (at 375 px the page scrolled sideways and cut «Subtotal»).
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <section className="min-w-0 space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-bold">{title}</h1>
          <p className="text-xs text-gray-600 dark:text-gray-300">F2 buscar · F4 cliente · F9 cobrar · +/− cantidad · Esc cerrar</p>
        </div>
        {mode === 'invoice' && <SriTarget target={page.sriTarget} />}
        {!page.hasOpenTurn && (
          <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            No tiene un turno de caja abierto: abra la caja antes de cobrar en efectivo, tarjeta o transferencia.{' '}
            <Link to="/admin/caja/abrirCerrarCaja" className="underline">
              Abrir caja
            </Link>
          </p>
        )}
        <form onSubmit={scan} className="flex gap-2">
          <input ref={barcode} className="input min-w-0 flex-1 text-lg" name="barcode" placeholder="Escanee o escriba el código y presione Enter" autoFocus autoComplete="off" aria-label="Código de barras" />
          <button type="button" className="btn btn-secondary" onClick={() => setDialog('search')}>
            Buscar (F2)
          </button>
        </form>
        {needsClient && (
          <p role="alert" data-testid="pos-needs-client" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            Una factura a consumidor final no puede superar USD 50.00: elija el cliente (F4).
          </p>
        )}
        {problem && (
          <p role="alert" data-testid="pos-problem" className="text-sm text-red-700 dark:text-red-300">
            {problem}
          </p>
        )}
        {/* Selling below cost is allowed: a warning, not a refusal. */}
        {preview && preview.warnings.length > 0 && (
          <ul role="status" data-testid="pos-warnings" className="space-y-0.5 rounded-md bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            {preview.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        )}
        <div className="card overflow-x-auto p-0">
          <table className="w-full text-sm" data-testid="cart">
            <thead>
              <tr className="border-b border-gray-200 text-left dark:border-gray-700">
                <th className="p-2">Producto</th>
                <th className="p-2 text-right">Cantidad</th>
                <th className="p-2 text-right">P. unit. sin IVA</th>
                <th className="p-2 text-right">
                  Desc.
                  {page.maxDiscount !== null && <span className="block text-xs font-normal text-gray-500" data-testid="max-discount">{`máx. ${page.maxDiscount} %`}</span>}
                </th>
                <th className="p-2 text-right">Subtotal</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {cart.lines.length === 0 && (
                <tr>
                  <td colSpan={6} className="p-6 text-center text-gray-500">
                    Escanee un producto para empezar la venta.
                  </td>
                </tr>
              )}
              {cart.lines.map((l, i) => {
                const priced = preview?.lines[i];
                return (
                  <tr key={`${l.productId}-${i}`} className={`border-t border-gray-100 dark:border-gray-800 ${i === selected ? 'bg-primary-50 dark:bg-gray-800' : ''}`} onClick={() => setSelected(i)}>
                    <td className="p-2">
                      <span className="font-medium">{l.name}</span>
                      <span className="block text-xs text-gray-500">{l.code}</span>
                      {priced?.promotion && <span className="block text-xs text-green-700 dark:text-green-400">{`${priced.promotion.name}: −${formatMoney(priced.promotion.discount)}`}</span>}
                      {priced?.belowCost && (
                        <span className="mt-0.5 inline-block rounded bg-amber-100 px-1.5 text-xs text-amber-900 dark:bg-amber-900 dark:text-amber-100" data-testid="pos-below-cost">
                          Bajo el costo
                        </span>
                      )}
                    </td>
                    <td className="p-2 text-right">
                      <input className="input w-24 text-right" inputMode="decimal" aria-label={`Cantidad de ${l.name}`} value={l.quantity} onChange={(e) => changeLine(i, { quantity: e.target.value })} />
                    </td>
                    <td className="p-2 text-right">
                      {page.canChangePrice ? (
                        <input
                          className="input w-24 text-right"
                          inputMode="decimal"
                          aria-label={`Precio de ${l.name}`}
                          value={l.unitPrice ?? priced?.unitPrice ?? ''}
                          onChange={(e) => changeLine(i, { unitPrice: e.target.value })}
                        />
                      ) : (
                        formatPrice(priced?.unitPrice ?? '0')
                      )}
                    </td>
                    <td className="p-2 text-right">
                      {/* A cashier without a discount allowance sees none (a line filled from a quote keeps its input so it can be cleared). */}
                      {page.maxDiscount === '0' && !l.discount ? (
                        <span className="text-gray-500" title="El cajero no puede dar descuentos">
                          —
                        </span>
                      ) : (
                        <input
                          className="input w-20 text-right"
                          inputMode="decimal"
                          aria-label={`Descuento de ${l.name}`}
                          title={page.maxDiscount !== null ? `Máximo ${page.maxDiscount} % de la línea y de la venta` : undefined}
                          value={l.discount ?? ''}
                          placeholder="0.00"
                          onChange={(e) => changeLine(i, { discount: e.target.value })}
                        />
                      )}
                    </td>
                    <td className="p-2 text-right">
                      <span className="font-medium" data-testid="line-amount">
                        {priced ? formatMoney(priced.net) : '…'}
                      </span>
                      {priced && <span className="block text-xs text-gray-500">{priced.ivaRate > 0 ? `IVA ${priced.ivaRate} %` : 'sin IVA'}</span>}
                    </td>
                    <td className="p-2 text-right">
                      <button type="button" className="btn btn-ghost" aria-label={`Quitar ${l.name}`} onClick={() => removeLine(i)}>
                        ✕
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>
      <aside className="card h-fit space-y-3 lg:sticky lg:top-4" data-testid="pos-totals">
        <div>
          <p className="text-xs text-gray-500">Cliente (F4)</p>
          <button type="button" className="text-left font-medium underline-offset-2 hover:underline" onClick={() => setDialog('client')}>
            {cart.client ? `${cart.client.name} · ${cart.client.identification}` : `${page.finalConsumer.name}`}
          </button>
        </div>
        {panel}
        {/* Subtotal per rate (Σ of the lines' amounts), IVA per rate, total: they add up. */}
        <dl className="space-y-1 text-sm">
          {(totals?.groups.length ?? 0) === 0 && <Row label="Subtotal" value="0.00" testId="pos-subtotal" />}
          {totals?.groups.map((g) => <Row key={`b${g.code}`} label={`Subtotal ${g.label}`} value={g.base} testId="pos-subtotal" />)}
          {totals?.groups.filter((g) => g.value !== '0.00').map((g) => <Row key={`v${g.code}`} label={g.label} value={g.value} testId="pos-iva" />)}
        </dl>
        {totals && totals.discount !== '0.00' && <p className="text-xs text-gray-500" data-testid="pos-discount">{`Incluye descuentos por ${formatMoney(totals.discount)}`}</p>}
        <p className="flex items-baseline justify-between border-t border-gray-200 pt-2 text-2xl font-bold dark:border-gray-700">
          <span>Total</span>
          <span data-testid="pos-total">{formatMoney(preview?.total ?? '0.00')}</span>
        </p>
        <button type="button" className="btn btn-primary w-full text-lg" disabled={!preview || cart.lines.length === 0 || needsClient} onClick={() => setDialog('pay')}>
          Cobrar (F9)
        </button>
        <button type="button" className="btn btn-secondary w-full" disabled={cart.lines.length === 0} onClick={() => void cancelSale()}>
          Cancelar venta
        </button>
      </aside>
      <ProductSearch
        open={dialog === 'search'}
        initial={searchFor}
        onClose={() => (setSearchFor(''), closeDialog())}
        onPick={(p) => (add(p), setSearchFor(''), closeDialog())}
      />
      <ClientPicker
        open={dialog === 'client'}
        createClient={createClient}
        onClose={closeDialog}
        onPick={(c) => {
          setCart((cur) => ({ ...cur, client: c.finalConsumer ? null : { _id: c._id, name: c.name, identification: c.identification } }));
          closeDialog();
        }}
      />
      {dialog === 'pay' && preview && (
        <PayDialog
          total={preview.total}
          banks={page.bankAccounts}
          onSubmit={(payments) => apiPost<SaleView | InvoiceView>(register, { ...body(cart), ...extraBody, payments } satisfies NoteBody, { quiet: true })}
          onClose={closeDialog}
          onDone={(sale) => {
            onRegistered?.();
            setDone(sale);
            setCart(emptyCart());
            setDialog('done');
          }}
        />
      )}
      <Modal title="Venta registrada" open={dialog === 'done' && done !== null} onClose={startOver}>
        {done && (
          <div className="space-y-3 text-center" data-testid="sale-done">
            <p className="text-lg font-semibold">{`${doneLabel} ${done.number}`}</p>
            <p>{`Total ${formatMoney(done.total)}`}</p>
            {done.change !== '0.00' && <p className="text-3xl font-bold">{`Cambio ${formatMoney(done.change)}`}</p>}
            {mode === 'invoice' && 'documentId' in done && <InvoiceProgress first={done} />}
            <div className="flex flex-wrap justify-center gap-2">
              {mode === 'note' && (
                <>
                  <a className="btn btn-secondary" href={`/admin/ventas/notaventa/${done._id}/ticket`} target="_blank" rel="noreferrer">
                    Ticket 80 mm
                  </a>
                  <a className="btn btn-secondary" href={`/admin/ventas/notaventa/${done._id}/pdf`} target="_blank" rel="noreferrer">
                    A4
                  </a>
                </>
              )}
              <button type="button" className="btn btn-primary" onClick={startOver}>
                Nueva venta (F9)
              </button>
            </div>
          </div>
        )}
      </Modal>
    </div>
  );
}

/**
 * The factura's SRI state, asked for every 1.5 s until it is final: AUTORIZADO with its
 * authorization number and the RIDE links, or the SRI's messages when it was refused.
 */
function InvoiceProgress({ first }: { first: InvoiceView }) {
  const [invoice, setInvoice] = useState(first);
  useEffect(() => {
    if (!invoice.pending) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      apiGet<InvoiceView>(`/api/sales/invoice/${invoice._id}`, { quiet: true, signal: controller.signal })
        .then(setInvoice)
        .catch(() => setInvoice({ ...invoice }));
    }, 1500);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [invoice]);
  const authorized = invoice.statusCode === 'authorized';
  return (
    <div className="space-y-2 text-sm" data-testid="invoice-progress">
      <p>
        {'Estado en el SRI: '}
        <strong data-testid="invoice-status" className={authorized ? 'text-green-700 dark:text-green-400' : invoice.correctable ? 'text-red-700 dark:text-red-300' : ''}>
          {invoice.status}
        </strong>
        {invoice.pending && <span aria-hidden="true">{' …'}</span>}
      </p>
      {invoice.accessKey && <p className="break-all font-mono text-xs" data-testid="invoice-access-key">{invoice.accessKey}</p>}
      {authorized && invoice.authorizationDate && <p className="text-xs">{`Autorizada el ${formatDateTime(invoice.authorizationDate)}`}</p>}
      {invoice.lastError && invoice.pending && <p className="text-xs text-amber-800 dark:text-amber-300">{invoice.lastError}</p>}
      {invoice.correctable && (
        <ul className="space-y-1 rounded-md bg-red-50 p-2 text-left text-red-900 dark:bg-red-950 dark:text-red-200" data-testid="invoice-messages">
          {invoice.messages.map((m, i) => (
            <li key={i}>{`${m.identifier} ${m.message}${m.additionalInfo ? `: ${m.additionalInfo}` : ''}`}</li>
          ))}
        </ul>
      )}
      {invoice.documentId !== null && (
        <div className="flex flex-wrap justify-center gap-2">
          <a className="btn btn-secondary" href={`/tickets/factura/${invoice.documentId}/Ticket80`} target="_blank" rel="noreferrer">
            RIDE 80 mm
          </a>
          <a className="btn btn-secondary" href={`/tickets/factura/${invoice.documentId}/A4SRI`} target="_blank" rel="noreferrer">
            RIDE A4
          </a>
        </div>
      )}
    </div>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex justify-between">
      <dt>{label}</dt>
      <dd data-testid={testId}>{formatMoney(value)}</dd>
    </div>
  );
}

/** The body of preview and register for a cart. */
function body(cart: Cart): NoteBody {
  return {
    idempotencyKey: cart.key,
    clientId: cart.client?._id ?? null,
    ...(cart.quoteId !== undefined ? { quoteId: cart.quoteId } : {}),
    lines: cart.lines.map((l) => ({
      productId: l.productId,
      quantity: l.quantity.trim(),
      ...(l.unitPrice !== undefined && l.unitPrice.trim() !== '' ? { unitPrice: l.unitPrice.trim() } : {}),
      ...(l.discount !== undefined && l.discount.trim() !== '' ? { discount: l.discount.trim() } : {}),
    })),
  };
}

/** F2: products by name, code or barcode, with the price a shopper pays (PVP, IVA included). */
function ProductSearch({ open, initial, onClose, onPick }: { open: boolean; initial: string; onClose: () => void; onPick: (p: ProductView) => void }) {
  return (
    <SearchDialog<Page<ProductView>, ProductView>
      title="Buscar producto"
      open={open}
      onClose={onClose}
      onPick={onPick}
      initial={initial}
      url={(q) => `/api/item?search=${q}&limit=10&active=true`}
      select={(page) => page.results.filter((r) => r.kind !== 'ingredient')}
      placeholder="Nombre, código o código de barras"
      inputLabel="Buscar producto"
      listLabel="Productos encontrados"
      render={(p) => (
        <>
          <span>{`${p.code} · ${p.name}`}</span>
          <span data-testid="search-pvp">{`PVP ${formatMoney(p.pvp)}`}</span>
        </>
      )}
    >
      {(found) => found.length === 0 && <p className="mt-2 p-2 text-sm text-gray-500">Sin resultados.</p>}
    </SearchDialog>
  );
}
