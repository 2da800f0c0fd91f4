/**
 * `/admin/compras/gastos`: expenses (arriendo, servicios básicos, sueldos, transporte,
 * mantenimiento, otros). The supplier, the category, the amount before IVA with its IVA code and
 * how it was paid; no inventory. The registered expenses are listed below.
 */
import { useState, type FormEvent } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { apiPost } from '../../../lib/api';
import type { ExpensesPage, PurchaseView } from '../../../lib/api-types';
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
  type DocumentHeader,
  type PaymentValue,
  type PickedSupplier,
  type Problems,
} from '../components/parts';
import { purchaseTotals } from '../totals';
import { newKey } from '../../../lib/idempotency';

export default function Expenses() {
  const { list, form, categories } = useLoaderData() as ExpensesPage;
  const revalidator = useRevalidator();
  const [key, setKey] = useState(newKey);
  const [supplier, setSupplier] = useState<PickedSupplier | null>(null);
  const [header, setHeader] = useState<DocumentHeader>({ documentNumber: '', authorization: '', date: form.today });
  const [category, setCategory] = useState('');
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  const [ivaCode, setIvaCode] = useState('4');
  const [payment, setPayment] = useState<PaymentValue>({ method: 'cash', bankAccountId: '' });
  const [errors, setErrors] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const totals = purchaseTotals([{ quantity: '1', unitCost: decimalText(amount), discount: '', ivaCode }], form.ivaCodes);
  const categoryLabel = (code: string | null) => categories.find((c) => c.value === code)?.label ?? code ?? '—';

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const saved = await apiPost<PurchaseView>(
        '/api/purchases/expense/register',
        {
          idempotencyKey: key,
          supplierId: supplier?._id ?? null,
          documentNumber: header.documentNumber.trim() || null,
          authorization: header.authorization.trim() || null,
          date: header.date,
          category,
          description: description.trim() || null,
          amount: decimalText(amount),
          ivaCode,
          payment: paymentBody(payment),
        },
        { quiet: true },
      );
      toast({ title: 'Gasto registrado', description: `${categoryLabel(saved.category)} · Total ${formatMoney(saved.total)}`, color: 'success' });
      setKey(newKey());
      setHeader({ documentNumber: '', authorization: '', date: form.today });
      setDescription('');
      setAmount('');
      revalidator.revalidate();
    } catch (err) {
      setErrors(problemsOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Gastos</h1>
      <form onSubmit={submit} className="card space-y-3" data-testid="expense-form" noValidate>
        <div className="grid gap-3 md:grid-cols-3">
          <div className="md:col-span-3">
            <SupplierPicker value={supplier} onChange={setSupplier} error={errors.supplierId} />
          </div>
          <label className="label">
            Categoría
            <select className="input" value={category} onChange={(e) => setCategory(e.target.value)}>
              <option value="">Elija la categoría</option>
              {categories.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
            <FieldError message={errors.category} />
          </label>
          <label className="label md:col-span-2">
            Descripción (opcional)
            <input className="input" value={description} onChange={(e) => setDescription(e.target.value)} maxLength={300} placeholder="Arriendo del local, planilla de luz…" />
            <FieldError message={errors.description} />
          </label>
          <label className="label">
            Monto sin IVA
            <input className="input text-right" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="0.00" />
            <FieldError message={errors.amount} />
          </label>
          <label className="label">
            IVA
            <select className="input" value={ivaCode} onChange={(e) => setIvaCode(e.target.value)}>
              {form.ivaCodes.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.label}
                </option>
              ))}
            </select>
            <FieldError message={errors.ivaCode} />
          </label>
          <PaymentFields value={payment} onChange={setPayment} bankAccounts={form.bankAccounts} errors={errors} amount={totals.total} />
          <DocumentFields value={header} onChange={setHeader} errors={errors} numberRequired={false} today={form.today} />
        </div>
        {amount.trim() !== '' && <TotalsBox totals={totals} />}
        <FormError message={errors.form} />
        <button className="btn btn-primary" type="submit" disabled={busy}>
          {busy ? 'Registrando…' : 'Registrar gasto'}
        </button>
      </form>
      <PurchaseList
        kind="expense"
        list={list}
        heading="Gastos registrados"
        emptyText="Todavía no hay gastos."
        extraColumn={{ label: 'Categoría', render: (p) => categoryLabel(p.category) }}
      />
    </div>
  );
}
