/**
 * `/admin/compras/gastos`: expenses (arriendo, servicios básicos, sueldos, transporte,
 * mantenimiento, otros). The supplier, the category, the amount before IVA with its IVA code and
 * how it was paid; no inventory. The registered expenses are listed below.
 */
import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { DocumentForm } from '../../../components/document-form';
import { Field } from '../../../components/form';
import { Options, SelectField } from '../../../components/form-fields';
import type { ExpensesPage } from '../../../lib/api-types';
import { formatMoney } from '../../../lib/format';
import { decimalText } from '../../../lib/money';
import { PurchaseHeader, PurchaseList, TotalsBox, usePurchaseForm } from '../components/parts';
import { purchaseTotals } from '../totals';

export default function Expenses() {
  const { list, form, categories } = useLoaderData() as ExpensesPage;
  const purchase = usePurchaseForm('/api/purchases/expense/register', form, 'cash');
  const { errors } = purchase;
  const [category, setCategory] = useState('');
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  const [ivaCode, setIvaCode] = useState('4');
  const totals = purchaseTotals([{ quantity: '1', unitCost: decimalText(amount), discount: '', ivaCode }], form.ivaCodes);
  const categoryLabel = (code: string | null) => categories.find((c) => c.value === code)?.label ?? code ?? '—';

  const submit = () =>
    purchase.register(
      { category, description: description.trim() || null, amount: decimalText(amount), ivaCode },
      (saved) => ({ title: 'Gasto registrado', description: `${categoryLabel(saved.category)} · Total ${formatMoney(saved.total)}` }),
      () => {
        setDescription('');
        setAmount('');
      },
    );

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Gastos</h1>
      <DocumentForm testId="expense-form" onSubmit={submit} headerClassName="grid gap-3 md:grid-cols-3"
                header={
          <PurchaseHeader purchase={purchase} form={form} amount={totals.total} numberRequired={false} documentLast>
            <SelectField label="Categoría" name="category" value={category} onChange={(e) => setCategory(e.target.value)} error={errors.category}>
              <Options items={categories} value={(c) => c.value} label={(c) => c.label} empty="Elija la categoría" />
            </SelectField>
            <Field label="Descripción (opcional)" name="description" wrapClassName="md:col-span-2" value={description} onChange={(e) => setDescription(e.target.value)}
              maxLength={300} placeholder="Arriendo del local, planilla de luz…" error={errors.description} />
            <Field label="Monto sin IVA" name="amount" className="input text-right" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder="0.00" error={errors.amount} />
            <SelectField label="IVA" name="ivaCode" value={ivaCode} onChange={(e) => setIvaCode(e.target.value)} error={errors.ivaCode}>
              <Options items={form.ivaCodes} value={(c) => c.code} label={(c) => c.label} />
            </SelectField>
          </PurchaseHeader>
        }
        totals={amount.trim() !== '' && <TotalsBox totals={totals} />}
        error={errors.form}
        errorTestId="purchase-error"
        busy={purchase.busy}
        submitLabel="Registrar gasto"
      />
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
