/**
 * `/admin/ventas/cotizador`: quotes of the branch. Pick a client and products, the server prices
 * them like a sale (preview), store the quote with its validity date; each quote prints on A4 and
 * converts into a sale by filling the POS cart.
 */
import { useEffect, useState } from 'react';
import { useLoaderData, useNavigate, useRevalidator } from 'react-router';
import { DocumentForm, LineEditor, LineInput, useLines } from '../../../components/document-form';
import { Field } from '../../../components/form';
import { RecordTable } from '../../../components/record-table';
import { ApiError, apiGet, apiPost } from '../../../lib/api';
import type { ClientView, Page, ProductView, QuoteBody, QuoteView, QuotesPage, SalePreviewView } from '../../../lib/api-types';
import { formatDate, formatDateTime, formatMoney, formatPrice } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { QUOTE_STATES } from '../components/quote-states';
import { SuggestField, searchText, useFound, useSuggestions } from '../../../components/suggestions';
import { newKey } from '../../../lib/idempotency';
import { useSubmit } from '../../../lib/use-submit';

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
  const [productQ, setProductQ] = useState('');
  const { lines, setLines, update, remove, reset } = useLines<Line>(() => []);
  const [validUntil, setValidUntil] = useState(inDays(15));
  const [note, setNote] = useState('');
  const [preview, setPreview] = useState<SalePreviewView | null>(null);
  const [previewError, setPreviewError] = useState('');
  const { send, busy, errors } = useSubmit<QuoteView, QuoteBody>('/api/sales/quoter/register');
  const clientText = searchText(clientQ);
  const [clients, setClients] = useFound(clientText && `/api/clients/search?q=${clientText}`, (found: ClientView[]) => found);
  const productText = searchText(productQ);
  const [products, setProducts] = useFound(productText && `/api/item?search=${productText}&limit=10&active=true`, (p: Page<ProductView>) => p.results);

  // Live totals: the server prices the lines exactly as it will store the quote.
  useEffect(() => {
    if (lines.length === 0) return setPreview(null);
    const controller = new AbortController();
    apiPost<SalePreviewView>('/api/sales/note/preview', body(client, lines), { quiet: true, signal: controller.signal })
      .then((p) => {
        setPreview(p);
        setPreviewError('');
      })
      .catch((err) => {
        if (err instanceof ApiError) setPreviewError(err.message);
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

  const register = () =>
    send({ ...body(client, lines), validUntil, note: note.trim() || undefined }, (quote) => {
      toast({ title: `Cotización ${quote.number} registrada`, description: `Total ${formatMoney(quote.total)}`, color: 'success' });
      reset();
      setNote('');
      setClient(null);
      void revalidator.revalidate();
    });

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
      <DocumentForm testId="quote-form" onSubmit={register} headerClassName="grid gap-3 md:grid-cols-2"
                header={
          <>
            <div>
              <SuggestField
                label="Cliente"
                name="clientSearch"
                value={clientQ}
                onChange={setClientQ}
                placeholder={client ? `${client.name} · ${client.identification}` : 'Consumidor final (busque por nombre o identificación)'}
                suggestions={clientSuggestions}
                listLabel="Clientes sugeridos"
                render={(c) => `${c.name} · ${c.identification}`}
              />
              {client && <p className="mt-1 text-sm">{`Cliente: ${client.name}`}</p>}
            </div>
            <div>
              <SuggestField label="Agregar producto" name="productSearch" value={productQ} onChange={setProductQ} placeholder="Nombre, código o código de barras"
                suggestions={productSuggestions} listLabel="Productos sugeridos" render={(p) => `${p.code} · ${p.name} · PVP ${formatMoney(p.pvp)}`} />
            </div>
            <Field label="Válida hasta" name="validUntil" type="date" value={validUntil} min={inDays(0)} onChange={(e) => setValidUntil(e.target.value)} required error={errors.validUntil} />
            <Field label="Nota" name="note" value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} error={errors.note} />
          </>
        }
        totals={preview && <QuoteTotals preview={preview} />}
        error={errors.form ?? previewError}
        busy={busy}
        ready={lines.length > 0}
        submitLabel="Registrar cotización"
      >
        {lines.length > 0 && (
          <LineEditor
            lines={lines}
            columns={[
              {
                header: 'Producto',
                cell: (l, i) => (
                  <>
                    {`${l.code} · ${l.name}`}
                    {preview?.lines[i]?.promotion && <span className="ml-2 text-xs text-green-700">{preview.lines[i].promotion.name}</span>}
                  </>
                ),
              },
              { header: 'Cantidad', numeric: true, cell: (l, i) => <LineInput width="w-24" label={`Cantidad de ${l.name}`} value={l.quantity} onChange={(quantity) => update(i, { quantity })} /> },
              { header: 'Descuento', numeric: true, cell: (l, i) => <LineInput width="w-24" label={`Descuento de ${l.name}`} value={l.discount} placeholder="0.00" onChange={(discount) => update(i, { discount })} /> },
              { header: 'P. unit. sin IVA', numeric: true, cell: (_, i) => (preview?.lines[i] ? formatPrice(preview.lines[i].unitPrice) : '') },
              { header: 'Subtotal', numeric: true, cell: (_, i) => <span data-testid="quote-line-amount">{preview?.lines[i] ? formatMoney(preview.lines[i].net) : ''}</span> },
            ]}
            onRemove={remove}
          />
        )}
      </DocumentForm>
      <section className="card">
        <h2 className="mb-2 font-semibold">Cotizaciones de la sucursal</h2>
        <RecordTable
          rows={list.results}
          empty="Todavía no hay cotizaciones."
          testId="quotes-list"
          rowKey={(q) => q._id}
          columns={[
            { header: 'Número', cell: (q) => q.number },
            { header: 'Fecha', cell: (q) => formatDateTime(q.date) },
            { header: 'Cliente', cell: (q) => q.clientName },
            { header: 'Total', numeric: true, cell: (q) => formatMoney(q.total) },
            { header: 'Válida hasta', cell: (q) => formatDate(q.validUntil) },
            {
              header: 'Estado',
              testId: 'quote-state',
              cell: (q) => (
                <>
                  {QUOTE_STATES[q.state] ?? q.state}
                  {q.saleId !== null && (
                    <a className="link ml-1" href={`/admin/ventas/notaventa/${q.saleId}/pdf`} target="_blank" rel="noreferrer">
                      {`Venta ${q.saleNumber ?? ''}`}
                    </a>
                  )}
                </>
              ),
            },
            {
              className: 'space-x-2 text-right',
              cell: (q) => (
                <>
                  <a className="link" href={`/tickets/quoter/A4PDF?id=${q._id}`} target="_blank" rel="noreferrer">
                    A4
                  </a>
                  {/* A quote becomes one sale, while it is valid (the server refuses the rest). */}
                  {q.state === 'vigente' && (
                    <button type="button" className="link" onClick={() => convert(q._id)}>
                      Convertir en venta
                    </button>
                  )}
                </>
              ),
            },
          ]}
        />
      </section>
    </div>
  );
}

/** The server's totals of the quote: the subtotal and IVA of each rate, the discounts, the total. */
function QuoteTotals({ preview }: { preview: SalePreviewView }) {
  return (
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
  );
}
