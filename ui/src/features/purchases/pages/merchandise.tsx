/**
 * `/admin/compras/mercaderia`: merchandise purchases. The supplier, their factura's number and
 * authorization, the date and the warehouse the stock comes into; lines picked by product with
 * quantity, unit cost (it starts from the product's last purchase cost), discount and IVA; totals
 * per rate previewed as typed; paid now (cash from
 * my shift or a bank account) or on credit (a payable due after the supplier's credit days). The
 * stock enters at cost through the inventory service. Admin and user cancel a purchase.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { SuggestionList, useSuggestions } from '../../../components/suggestions';
import { apiGet, apiPost } from '../../../lib/api';
import type { LastCostView, MerchandisePage, Page, ProductView, PurchaseView } from '../../../lib/api-types';
import { formatDate, formatMoney, formatPrice } from '../../../lib/format';
import { decimalText } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import {
  DocumentFields,
  FieldError,
  FormError,
  PaymentFields,
  PurchaseList,
  SupplierPicker,
  TotalsBox,
  paymentBody,
  problemsOf,
  useForgetError,
  type DocumentHeader,
  type PaymentValue,
  type PickedSupplier,
  type Problems,
} from '../components/parts';
import { purchaseTotals } from '../totals';
import { newKey } from '../../../lib/idempotency';

interface Line {
  productId: number;
  code: string;
  name: string;
  quantity: string;
  unitCost: string;
  discount: string;
  ivaCode: string;
  /** The product's last purchase, when it had one: the cost started from it. */
  last?: { unitCost: string; date: string };
}

export default function Merchandise() {
  const { list, form, cellars } = useLoaderData() as MerchandisePage;
  const revalidator = useRevalidator();
  const [key, setKey] = useState(newKey);
  const [supplier, setSupplier] = useState<PickedSupplier | null>(null);
  const [header, setHeader] = useState<DocumentHeader>({ documentNumber: '', authorization: '', date: form.today });
  const [cellarId, setCellarId] = useState(String(cellars.find((c) => c.isDefault)?._id ?? cellars[0]?._id ?? ''));
  const [lines, setLines] = useState<Line[]>([]);
  const [payment, setPayment] = useState<PaymentValue>({ method: 'credit', bankAccountId: '' });
  const [productQ, setProductQ] = useState('');
  const [products, setProducts] = useState<ProductView[]>([]);
  const [errors, setErrors] = useState<Problems>({});
  useForgetError(setErrors, 'lines', lines);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const q = productQ.trim();
    if (q.length < 2) return setProducts([]);
    const controller = new AbortController();
    apiGet<Page<ProductView>>(`/api/item?search=${encodeURIComponent(q)}&limit=10&active=true`, { quiet: true, signal: controller.signal })
      .then((p) => setProducts(p.results.filter((x) => x.kind === 'product' || x.kind === 'ingredient')))
      .catch(() => undefined);
    return () => controller.abort();
  }, [productQ]);

  function addProduct(p: ProductView) {
    setLines([...lines, { productId: p._id, code: p.code, name: p.name, quantity: '1', unitCost: '', discount: '', ivaCode: p.ivaCode }]);
    setProductQ('');
    setProducts([]);
    // The cost starts from the last purchase's, unless one was typed meanwhile.
    apiGet<LastCostView>(`/api/purchases/merchandise/lastCost?productId=${p._id}`, { quiet: true })
      .then((c) => {
        const { unitCost, date } = c;
        if (unitCost === null || date === null) return;
        setLines((ls) => ls.map((l) => (l.productId === p._id && !l.last ? { ...l, unitCost: l.unitCost === '' ? unitCost : l.unitCost, last: { unitCost, date } } : l)));
      })
      .catch(() => undefined);
  }
  const productSuggestions = useSuggestions(products, addProduct);
  const update = (i: number, change: Partial<Line>) => setLines(lines.map((l, j) => (j === i ? { ...l, ...change } : l)));
  const totals = purchaseTotals(lines, form.ivaCodes);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const saved = await apiPost<PurchaseView>(
        '/api/purchases/merchandise/register',
        {
          idempotencyKey: key,
          supplierId: supplier?._id ?? null,
          documentNumber: header.documentNumber.trim(),
          authorization: header.authorization.trim() || null,
          date: header.date,
          cellarId: Number(cellarId) || null,
          lines: lines.map((l) => ({
            productId: l.productId,
            quantity: decimalText(l.quantity),
            unitCost: decimalText(l.unitCost),
            discount: l.discount.trim() ? decimalText(l.discount) : null,
            ivaCode: l.ivaCode,
          })),
          payment: paymentBody(payment),
        },
        { quiet: true },
      );
      toast({ title: `Compra ${saved.documentNumber ?? ''} registrada`, description: `Total ${formatMoney(saved.total)}`, color: 'success' });
      setKey(newKey());
      setLines([]);
      setHeader({ documentNumber: '', authorization: '', date: form.today });
      revalidator.revalidate();
    } catch (err) {
      setErrors(problemsOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Compras de mercadería</h1>
      <form onSubmit={submit} className="card space-y-3" data-testid="merchandise-form" noValidate>
        <div className="grid gap-3 md:grid-cols-3">
          <div className="md:col-span-3">
            <SupplierPicker value={supplier} onChange={setSupplier} error={errors.supplierId} />
          </div>
          <DocumentFields value={header} onChange={setHeader} errors={errors} numberRequired today={form.today} />
          <label className="label">
            Bodega
            <select className="input" value={cellarId} onChange={(e) => setCellarId(e.target.value)}>
              {cellars.map((c) => (
                <option key={c._id} value={c._id}>
                  {c.name}
                </option>
              ))}
            </select>
            <FieldError message={errors.cellarId} />
          </label>
          <PaymentFields value={payment} onChange={setPayment} bankAccounts={form.bankAccounts} errors={errors} amount={totals.total} />
        </div>
        <div>
          <label className="label">
            Agregar producto
            <input
              className="input"
              value={productQ}
              onChange={(e) => setProductQ(e.target.value)}
              placeholder="Nombre, código o código de barras"
              autoComplete="off"
              {...productSuggestions.inputProps}
            />
          </label>
          <SuggestionList
            {...productSuggestions.list}
            label="Productos sugeridos"
            className="mt-1 rounded border border-gray-200 text-sm dark:border-gray-700"
            render={(p) => `${p.code} · ${p.name} · stock ${p.stock}`}
          />
        </div>
        {lines.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-300">Agregue los productos de la factura del proveedor.</p>
        ) : (
          <table className="w-full text-sm" data-testid="merchandise-lines">
            <thead>
              <tr className="text-left">
                <th>Producto</th>
                <th className="text-right">Cantidad</th>
                <th className="text-right">Costo unitario</th>
                <th className="text-right">Descuento</th>
                <th>IVA</th>
                <th className="text-right">Neto</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {lines.map((l, i) => (
                <tr key={i} className="border-t border-gray-200 dark:border-gray-700">
                  <td>{`${l.code} · ${l.name}`}</td>
                  <td className="text-right">
                    <input className="input ml-auto w-24 text-right" inputMode="decimal" aria-label={`Cantidad de ${l.name}`} value={l.quantity} onChange={(e) => update(i, { quantity: e.target.value })} />
                  </td>
                  <td className="text-right">
                    <input className="input ml-auto w-28 text-right" inputMode="decimal" aria-label={`Costo de ${l.name}`} value={l.unitCost} placeholder="0.00" onChange={(e) => update(i, { unitCost: e.target.value })} />
                    {l.last && (
                      <span className="block text-xs text-gray-500" data-testid="last-cost">
                        {`Última compra ${formatPrice(l.last.unitCost)} · ${formatDate(l.last.date)}`}
                      </span>
                    )}
                  </td>
                  <td className="text-right">
                    <input className="input ml-auto w-24 text-right" inputMode="decimal" aria-label={`Descuento de ${l.name}`} value={l.discount} placeholder="0.00" onChange={(e) => update(i, { discount: e.target.value })} />
                  </td>
                  <td>
                    <select className="input" aria-label={`IVA de ${l.name}`} value={l.ivaCode} onChange={(e) => update(i, { ivaCode: e.target.value })}>
                      {form.ivaCodes.map((c) => (
                        <option key={c.code} value={c.code}>
                          {c.label}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="text-right">{formatMoney(totals.nets[i] ?? '0')}</td>
                  <td className="text-right">
                    <button type="button" className="btn btn-secondary" aria-label={`Quitar ${l.name}`} onClick={() => setLines(lines.filter((_, j) => j !== i))}>
                      ×
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <FieldError message={errors.lines} />
        {lines.length > 0 && <TotalsBox totals={totals} />}
        <FormError message={errors.form} />
        <button className="btn btn-primary" type="submit" disabled={busy || lines.length === 0}>
          {busy ? 'Registrando…' : 'Registrar compra'}
        </button>
      </form>
      <PurchaseList kind="merchandise" list={list} heading="Compras registradas" emptyText="Todavía no hay compras." />
    </div>
  );
}
