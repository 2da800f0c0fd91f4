/**
 * `/admin/ventas/cotizador`: quotes of the branch. Pick a client and products, the server prices
 * them like a sale (preview), store the quote with its validity date; each quote prints on A4 and
 * converts into a sale by filling the POS cart.
 */
import { useEffect, useState } from 'react';
import { useLoaderData, useNavigate, useRevalidator } from 'react-router';
import { ApiError, apiGet, apiPost } from '../../../lib/api';
import type { ClientView, Page, ProductView, QuoteView, QuotesPage, SalePreviewView } from '../../../lib/api-types';
import { formatDate, formatDateTime, formatMoney, formatPrice } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { QUOTE_STATES } from '../components/quote-states';
import { SuggestionList, useSuggestions } from '../../../components/suggestions';
import { newKey } from '../../../lib/idempotency';

/** The POS keeps its cart here (see `pos.tsx`). */
const POS_CART = 'mostrador.pos.cart';

interface Line {
  productId: number;
  code: string;
  name: string;
  quantity: string;
  discount: string;
}

type Picked = { _id: number; name: string; identification: string } | null;

/** Today plus `days`, local `YYYY-MM-DD`. */
function inDays(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const body = (client: Picked, lines: Line[]) => ({
  clientId: client?._id,
  lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity, discount: l.discount.trim() || undefined })),
});

export default function Quotes() {
  const { list } = useLoaderData() as QuotesPage;
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const [client, setClient] = useState<Picked>(null);
  const [clientQ, setClientQ] = useState('');
  const [clients, setClients] = useState<ClientView[]>([]);
  const [productQ, setProductQ] = useState('');
  const [products, setProducts] = useState<ProductView[]>([]);
  const [lines, setLines] = useState<Line[]>([]);
  const [validUntil, setValidUntil] = useState(inDays(15));
  const [note, setNote] = useState('');
  const [preview, setPreview] = useState<SalePreviewView | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const q = clientQ.trim();
    if (q.length < 2) return setClients([]);
    const controller = new AbortController();
    apiGet<ClientView[]>(`/api/clients/search?q=${encodeURIComponent(q)}`, { quiet: true, signal: controller.signal })
      .then(setClients)
      .catch(() => undefined);
    return () => controller.abort();
  }, [clientQ]);

  useEffect(() => {
    const q = productQ.trim();
    if (q.length < 2) return setProducts([]);
    const controller = new AbortController();
    apiGet<Page<ProductView>>(`/api/item?search=${encodeURIComponent(q)}&limit=10&active=true`, { quiet: true, signal: controller.signal })
      .then((p) => setProducts(p.results))
      .catch(() => undefined);
    return () => controller.abort();
  }, [productQ]);

  // Live totals: the server prices the lines exactly as it will store the quote.
  useEffect(() => {
    if (lines.length === 0) return setPreview(null);
    const controller = new AbortController();
    apiPost<SalePreviewView>('/api/sales/note/preview', body(client, lines), { quiet: true, signal: controller.signal })
      .then((p) => {
        setPreview(p);
        setError('');
      })
      .catch((err) => {
        if (err instanceof ApiError) setError(err.message);
      });
    return () => controller.abort();
  }, [client, lines]);

  function addProduct(p: ProductView) {
    setLines([...lines, { productId: p._id, code: p.code, name: p.name, quantity: '1', discount: '' }]);
    setProductQ('');
    setProducts([]);
  }

  function pickClient(c: ClientView) {
    setClient({ _id: c._id, name: c.name, identification: c.identification });
    setClientQ('');
    setClients([]);
  }
  const clientSuggestions = useSuggestions(clients, pickClient);
  const productSuggestions = useSuggestions(products, addProduct);

  function update(i: number, change: Partial<Line>) {
    setLines(lines.map((l, j) => (j === i ? { ...l, ...change } : l)));
  }

  async function register(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      const quote = await apiPost<QuoteView>(
        '/api/sales/quoter/register',
        { ...body(client, lines), validUntil, note: note.trim() || undefined },
        { quiet: true },
      );
      toast({ title: `Cotización ${quote.number} registrada`, description: `Total ${formatMoney(quote.total)}`, color: 'success' });
      setLines([]);
      setNote('');
      setClient(null);
      revalidator.revalidate();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'No se pudo registrar la cotización');
    } finally {
      setBusy(false);
    }
  }

  /** Fills the POS cart with the quote's client and lines, then opens the POS. */
  async function convert(id: number) {
    try {
      const quote = await apiGet<QuoteView>(`/api/sales/quoter/${id}`);
      const cart = {
        key: newKey(),
        quoteId: quote._id,
        client: { _id: quote.client._id, name: quote.client.name, identification: quote.client.identification },
        lines: quote.lines.map((l) => ({
          productId: l.productId,
          code: l.code,
          name: l.name,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          discount: l.discount === '0.00' ? undefined : l.discount,
        })),
      };
      localStorage.setItem(POS_CART, JSON.stringify(cart));
      navigate('/admin/ventas/notaventa');
    } catch {
      // The API layer already showed the error.
    }
  }

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Cotizaciones</h1>
      <form onSubmit={register} className="card space-y-3" data-testid="quote-form">
        <div className="grid gap-3 md:grid-cols-2">
          <div>
            <label className="label">
              Cliente
              <input
                className="input"
                value={clientQ}
                onChange={(e) => setClientQ(e.target.value)}
                placeholder={client ? `${client.name} · ${client.identification}` : 'Consumidor final (busque por nombre o identificación)'}
                {...clientSuggestions.inputProps}
              />
            </label>
            <SuggestionList
              {...clientSuggestions.list}
              label="Clientes sugeridos"
              className="mt-1 rounded border border-gray-200 text-sm dark:border-gray-700"
              render={(c) => `${c.name} · ${c.identification}`}
            />
            {client && <p className="mt-1 text-sm">{`Cliente: ${client.name}`}</p>}
          </div>
          <div>
            <label className="label">
              Agregar producto
              <input
                className="input"
                value={productQ}
                onChange={(e) => setProductQ(e.target.value)}
                placeholder="Nombre, código o código de barras"
                {...productSuggestions.inputProps}
              />
            </label>
            <SuggestionList
              {...productSuggestions.list}
              label="Productos sugeridos"
              className="mt-1 rounded border border-gray-200 text-sm dark:border-gray-700"
              render={(p) => `${p.code} · ${p.name} · PVP ${formatMoney(p.pvp)}`}
            />
          </div>
        </div>
        {lines.length > 0 && (
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left">
                <th>Producto</th>
                <th className="text-right">Cantidad</th>
                <th className="text-right">Descuento</th>
                <th className="text-right">P. unit. sin IVA</th>
                <th className="text-right">Subtotal</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {lines.map((l, i) => {
                const priced = preview?.lines[i];
                return (
                  <tr key={i} className="border-t border-gray-200 dark:border-gray-700">
                    <td>
                      {`${l.code} · ${l.name}`}
                      {priced?.promotion && <span className="ml-2 text-xs text-green-700">{priced.promotion.name}</span>}
                    </td>
                    <td className="text-right">
                      <input className="input w-24 text-right" inputMode="decimal" aria-label={`Cantidad de ${l.name}`} value={l.quantity} onChange={(e) => update(i, { quantity: e.target.value })} />
                    </td>
                    <td className="text-right">
                      <input className="input w-24 text-right" inputMode="decimal" aria-label={`Descuento de ${l.name}`} value={l.discount} placeholder="0.00" onChange={(e) => update(i, { discount: e.target.value })} />
                    </td>
                    <td className="text-right">{priced ? formatPrice(priced.unitPrice) : ''}</td>
                    <td className="text-right" data-testid="quote-line-amount">
                      {priced ? formatMoney(priced.net) : ''}
                    </td>
                    <td className="text-right">
                      <button type="button" className="btn btn-secondary" aria-label={`Quitar ${l.name}`} onClick={() => setLines(lines.filter((_, j) => j !== i))}>
                        ×
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        {preview && (
          <div className="text-right text-sm" data-testid="quote-totals">
            {/* The lines' amounts add up to the subtotals per rate; IVA is charged on each. */}
            {preview.totals.groups.map((g) => (
              <p key={`b${g.code}`}>{`Subtotal ${g.label}: ${formatMoney(g.base)}`}</p>
            ))}
            {preview.totals.groups
              .filter((g) => g.value !== '0.00')
              .map((g) => (
                <p key={`v${g.code}`}>{`${g.label}: ${formatMoney(g.value)}`}</p>
              ))}
            {preview.totals.discount !== '0.00' && <p className="text-xs text-gray-500">{`Incluye descuentos por ${formatMoney(preview.totals.discount)}`}</p>}
            <p className="text-lg font-bold">{`Total: ${formatMoney(preview.total)}`}</p>
          </div>
        )}
        <div className="grid gap-3 md:grid-cols-2">
          <label className="label">
            Válida hasta
            <input className="input" type="date" value={validUntil} min={inDays(0)} onChange={(e) => setValidUntil(e.target.value)} required />
          </label>
          <label className="label">
            Nota
            <input className="input" value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} />
          </label>
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
        <button className="btn btn-primary" type="submit" disabled={busy || lines.length === 0}>
          {busy ? 'Registrando…' : 'Registrar cotización'}
        </button>
      </form>
      <section className="card">
        <h2 className="mb-2 font-semibold">Cotizaciones de la sucursal</h2>
        {list.results.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-300">Todavía no hay cotizaciones.</p>
        ) : (
          <table className="w-full text-sm" data-testid="quotes-list">
            <thead>
              <tr className="text-left">
                <th>Número</th>
                <th>Fecha</th>
                <th>Cliente</th>
                <th className="text-right">Total</th>
                <th>Válida hasta</th>
                <th>Estado</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {list.results.map((q) => (
                <tr key={q._id} className="border-t border-gray-200 dark:border-gray-700">
                  <td>{q.number}</td>
                  <td>{formatDateTime(q.date)}</td>
                  <td>{q.clientName}</td>
                  <td className="text-right">{formatMoney(q.total)}</td>
                  <td>{formatDate(q.validUntil)}</td>
                  <td data-testid="quote-state">
                    {QUOTE_STATES[q.state] ?? q.state}
                    {q.saleId !== null && (
                      <a className="link ml-1" href={`/admin/ventas/notaventa/${q.saleId}/pdf`} target="_blank" rel="noreferrer">
                        {`Venta ${q.saleNumber ?? ''}`}
                      </a>
                    )}
                  </td>
                  <td className="space-x-2 text-right">
                    <a className="link" href={`/tickets/quoter/A4PDF?id=${q._id}`} target="_blank" rel="noreferrer">
                      A4
                    </a>
                    {/* A quote becomes one sale, while it is valid (the server refuses the rest). */}
                    {q.state === 'vigente' && (
                      <button type="button" className="link" onClick={() => convert(q._id)}>
                        Convertir en venta
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
