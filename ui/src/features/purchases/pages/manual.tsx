/**
 * `/admin/compras/manual`: a purchase with free-text lines (supplies, services) that does not
 * touch inventory: description, quantity, unit cost, discount and IVA per line, totals per rate
 * previewed as typed, paid now or on credit. The registered ones are listed below.
 */
import { useState, type FormEvent } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { apiPost } from '../../../lib/api';
import type { ManualPurchasesPage, PurchaseView } from '../../../lib/api-types';
import { formatMoney } from '../../../lib/format';
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
  description: string;
  quantity: string;
  unitCost: string;
  discount: string;
  ivaCode: string;
}

const emptyLine = (): Line => ({ description: '', quantity: '1', unitCost: '', discount: '', ivaCode: '4' });

export default function ManualPurchases() {
  const { list, form } = useLoaderData() as ManualPurchasesPage;
  const revalidator = useRevalidator();
  const [key, setKey] = useState(newKey);
  const [supplier, setSupplier] = useState<PickedSupplier | null>(null);
  const [header, setHeader] = useState<DocumentHeader>({ documentNumber: '', authorization: '', date: form.today });
  const [lines, setLines] = useState<Line[]>([emptyLine()]);
  const [payment, setPayment] = useState<PaymentValue>({ method: 'cash', bankAccountId: '' });
  const [errors, setErrors] = useState<Problems>({});
  useForgetError(setErrors, 'lines', lines);
  const [busy, setBusy] = useState(false);
  const update = (i: number, change: Partial<Line>) => setLines(lines.map((l, j) => (j === i ? { ...l, ...change } : l)));
  const totals = purchaseTotals(
    lines.map((l) => ({ ...l, quantity: decimalText(l.quantity), unitCost: decimalText(l.unitCost), discount: decimalText(l.discount) })),
    form.ivaCodes,
  );

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const saved = await apiPost<PurchaseView>(
        '/api/purchases/manual/register',
        {
          idempotencyKey: key,
          supplierId: supplier?._id ?? null,
          documentNumber: header.documentNumber.trim() || null,
          authorization: header.authorization.trim() || null,
          date: header.date,
          lines: lines.map((l) => ({
            description: l.description.trim(),
            quantity: decimalText(l.quantity),
            unitCost: decimalText(l.unitCost),
            discount: l.discount.trim() ? decimalText(l.discount) : null,
            ivaCode: l.ivaCode,
          })),
          payment: paymentBody(payment),
        },
        { quiet: true },
      );
      toast({ title: 'Compra manual registrada', description: `Total ${formatMoney(saved.total)}`, color: 'success' });
      setKey(newKey());
      setHeader({ documentNumber: '', authorization: '', date: form.today });
      setLines([emptyLine()]);
      revalidator.revalidate();
    } catch (err) {
      setErrors(problemsOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Compras manuales</h1>
      <p className="text-sm text-gray-600 dark:text-gray-300">Compras con líneas de texto libre, sin movimiento de inventario.</p>
      <form onSubmit={submit} className="card space-y-3" data-testid="manual-form" noValidate>
        <div className="grid gap-3 md:grid-cols-3">
          <div className="md:col-span-3">
            <SupplierPicker value={supplier} onChange={setSupplier} error={errors.supplierId} />
          </div>
          <DocumentFields value={header} onChange={setHeader} errors={errors} numberRequired={false} today={form.today} />
          <PaymentFields value={payment} onChange={setPayment} bankAccounts={form.bankAccounts} errors={errors} amount={totals.total} />
        </div>
        <table className="w-full text-sm" data-testid="manual-lines">
          <thead>
            <tr className="text-left">
              <th>Descripción</th>
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
                <td>
                  <input className="input" aria-label={`Descripción de la línea ${i + 1}`} value={l.description} maxLength={300} onChange={(e) => update(i, { description: e.target.value })} />
                </td>
                <td className="text-right">
                  <input className="input ml-auto w-24 text-right" inputMode="decimal" aria-label={`Cantidad de la línea ${i + 1}`} value={l.quantity} onChange={(e) => update(i, { quantity: e.target.value })} />
                </td>
                <td className="text-right">
                  <input className="input ml-auto w-28 text-right" inputMode="decimal" aria-label={`Costo de la línea ${i + 1}`} value={l.unitCost} placeholder="0.00" onChange={(e) => update(i, { unitCost: e.target.value })} />
                </td>
                <td className="text-right">
                  <input className="input ml-auto w-24 text-right" inputMode="decimal" aria-label={`Descuento de la línea ${i + 1}`} value={l.discount} placeholder="0.00" onChange={(e) => update(i, { discount: e.target.value })} />
                </td>
                <td>
                  <select className="input" aria-label={`IVA de la línea ${i + 1}`} value={l.ivaCode} onChange={(e) => update(i, { ivaCode: e.target.value })}>
                    {form.ivaCodes.map((c) => (
                      <option key={c.code} value={c.code}>
                        {c.label}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="text-right">{formatMoney(totals.nets[i] ?? '0')}</td>
                <td className="text-right">
                  <button type="button" className="btn btn-secondary" aria-label={`Quitar la línea ${i + 1}`} disabled={lines.length === 1} onClick={() => setLines(lines.filter((_, j) => j !== i))}>
                    ×
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="button" className="btn btn-secondary" onClick={() => setLines([...lines, emptyLine()])}>
          Agregar línea
        </button>
        <FieldError message={errors.lines} />
        <TotalsBox totals={totals} />
        <FormError message={errors.form} />
        <button className="btn btn-primary" type="submit" disabled={busy}>
          {busy ? 'Registrando…' : 'Registrar compra'}
        </button>
      </form>
      <PurchaseList kind="manual" list={list} heading="Compras manuales registradas" emptyText="Todavía no hay compras manuales." />
    </div>
  );
}
