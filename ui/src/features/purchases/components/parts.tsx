/**
 * Pieces the purchase screens share: the supplier search, the supplier's document fields, the
 * payment (cash from my shift, a bank account, or on credit), the totals per rate and the list
 * of registered purchases with their cancellation (admin and user; the API enforces it too).
 */
import { useEffect, useState, type ChangeEvent, type ReactNode } from 'react';
import { decimalText } from '../../../lib/money';
import { Form, useRevalidator, useSearchParams } from 'react-router';
import { UrlPagination } from '../../../components/data-list/pagination';
import { useIsManager } from '../../../components/data-list/party';
import { SuggestField, searchText, useFound, useSuggestions } from '../../../components/suggestions';
import { FieldError, FormError, Field } from '../../../components/form';
import { Options, SelectField } from '../../../components/form-fields';
import type { BankOptionView, CancelBody, ExpenseBody, ManualBody, MerchandiseBody, Page, PurchaseFormView, PurchaseIvaView, PurchaseView, SupplierView } from '../../../lib/api-types';
import { formatDate, formatMoney, formatPrice, formatQuantity } from '../../../lib/format';
import { toast, type Toast } from '../../../lib/toast';
import { fromCents, toCents } from '../../../lib/money';
import { useSubmit, type Problems } from '../../../lib/use-submit';
import type { PurchaseTotals } from '../totals';

export const paymentLabels: Record<string, string> = {
  cash: 'Efectivo (de mi caja)',
  bank: 'Banco',
  credit: 'Crédito',
};

/**
 * Forgets the error of `field` (and the form's message that repeats it) when `value` changes: a
 * line fixed after a refusal no longer shows «Línea 1: El costo unitario es obligatorio».
 */
export function useForgetError(setErrors: (update: (e: Problems) => Problems) => void, field: string, value: unknown) {
  useEffect(() => {
    setErrors((e) => {
      if (!(field in e)) return e;
      const { [field]: _gone, form: _message, ...rest } = e;
      return rest;
    });
  }, [value]);
}

export type PickedSupplier = Pick<SupplierView, '_id' | 'name' | 'identification' | 'creditDays'>;

/** The supplier, found by name or identification (↓/↑ and Enter pick one). */
export function SupplierPicker({ value, onChange, error }: { value: PickedSupplier | null; onChange: (s: PickedSupplier | null) => void; error?: string }) {
  const [q, setQ] = useState('');
  const text = searchText(q);
  const [found, setFound] = useFound(text && `/api/purchases/supplier?search=${text}&onlyActive=true&limit=10`, (p: Page<SupplierView>) => p.results.filter((s) => !s.locked));
  const pick = (s: SupplierView) => {
    onChange({ _id: s._id, name: s.name, identification: s.identification, creditDays: s.creditDays });
    setQ('');
    setFound([]);
  };
  const suggestions = useSuggestions(found, pick);
  return (
    <div>
      <SuggestField
        label="Proveedor"
        name="supplierSearch"
        value={q}
        onChange={setQ}
        placeholder={value ? `${value.name} · ${value.identification}` : 'Busque por nombre o RUC'}
        suggestions={suggestions}
        listLabel="Proveedores sugeridos"
        render={(s) => `${s.name} · ${s.identification}${s.creditDays > 0 ? ` · ${s.creditDays} días` : ''}`}
      />
      {value && (
        <p className="mt-1 text-sm" data-testid="picked-supplier">
          {`Proveedor: ${value.name} · ${value.creditDays > 0 ? `crédito ${value.creditDays} días` : 'contado'}`}
        </p>
      )}
      <FieldError message={error} />
    </div>
  );
}

/** The supplier's document: number, authorization, date. */
export interface DocumentHeader {
  documentNumber: string;
  authorization: string;
  date: string;
}

export function DocumentFields({
  value,
  onChange,
  errors,
  numberRequired,
  today,
}: {
  value: DocumentHeader;
  onChange: (v: DocumentHeader) => void;
  errors: Problems;
  numberRequired: boolean;
  today: string;
}) {
  const set = (key: keyof DocumentHeader) => (e: ChangeEvent<HTMLInputElement>) => onChange({ ...value, [key]: e.target.value });
  // The supplier's numbers, typed as printed: monospaced, never autocompleted.
  const code = { className: 'input font-mono', autoComplete: 'off' };
  return (
    <>
      <Field {...code} label={numberRequired ? 'Número de factura del proveedor' : 'Número de documento (opcional)'} name="documentNumber" value={value.documentNumber}
        onChange={set('documentNumber')} placeholder="001-001-000000123" maxLength={17} required={numberRequired} error={errors.documentNumber} />
      <Field {...code} label="Autorización (opcional)" name="authorization" value={value.authorization} onChange={set('authorization')} inputMode="numeric" maxLength={49} error={errors.authorization} />
      <Field label="Fecha" name="date" type="date" value={value.date} max={today} onChange={set('date')} required error={errors.date} />
    </>
  );
}

const emptyHeader = (today: string): DocumentHeader => ({ documentNumber: '', authorization: '', date: today });

/** What a purchase line sends of its amounts: decimal text with a point, no discount as `null`. */
export function lineAmounts(l: { quantity: string; unitCost: string; discount: string; ivaCode: string }) {
  return {
    quantity: decimalText(l.quantity),
    unitCost: decimalText(l.unitCost),
    discount: l.discount.trim() ? decimalText(l.discount) : null,
    ivaCode: l.ivaCode,
  };
}

/** The body of any of the three kinds of purchase. */
type PurchaseBody = MerchandiseBody | ExpenseBody | ManualBody;

/**
 * The state the three purchase forms share — supplier, document header, payment — and their
 * idempotent submit: `register` sends them with the page's own part of the body (its lines, its
 * warehouse or category), then toasts, clears the header and what `clear` says, and reloads the list.
 * A line's error is forgotten when `lines` change.
 */
export function usePurchaseForm(url: string, form: PurchaseFormView, method: 'cash' | 'credit', lines?: unknown) {
  const revalidator = useRevalidator();
  const [supplier, setSupplier] = useState<PickedSupplier | null>(null);
  const [header, setHeader] = useState(() => emptyHeader(form.today));
  const [payment, setPayment] = useState<PaymentValue>({ method, bankAccountId: '' });
  const { send, busy, errors, setErrors } = useSubmit<PurchaseView, PurchaseBody>(url, { idempotent: true });
  useForgetError(setErrors, 'lines', lines);

  async function register(body: PurchaseBody, done: (saved: PurchaseView) => Pick<Toast, 'title' | 'description'>, clear: () => void) {
    const document = {
      supplierId: supplier?._id ?? null,
      documentNumber: header.documentNumber.trim() || null,
      authorization: header.authorization.trim() || null,
      date: header.date,
      payment: paymentBody(payment),
    };
    await send({ ...document, ...body }, (saved) => {
      toast({ ...done(saved), color: 'success' });
      setHeader(emptyHeader(form.today));
      clear();
      void revalidator.revalidate();
    });
  }

  return { supplier, setSupplier, header, setHeader, payment, setPayment, register, busy, errors };
}

export type PurchaseForm = ReturnType<typeof usePurchaseForm>;

/**
 * The header of a purchase: the supplier across the row, the supplier's document, the page's own
 * fields (`children`) and the payment; an expense, whose document is optional, puts it last.
 */
export function PurchaseHeader({
  purchase,
  form,
  amount,
  numberRequired,
  documentLast = false,
  children,
}: {
  purchase: PurchaseForm;
  form: PurchaseFormView;
  /** The total, to warn before a bank account goes below zero. */
  amount: string;
  numberRequired: boolean;
  documentLast?: boolean;
  children?: ReactNode;
}) {
  const { errors } = purchase;
  const document = <DocumentFields value={purchase.header} onChange={purchase.setHeader} errors={errors} numberRequired={numberRequired} today={form.today} />;
  return (
    <>
      <div className="md:col-span-3">
        <SupplierPicker value={purchase.supplier} onChange={purchase.setSupplier} error={errors.supplierId} />
      </div>
      {!documentLast && document}
      {children}
      <PaymentFields value={purchase.payment} onChange={purchase.setPayment} bankAccounts={form.bankAccounts} errors={errors} amount={amount} />
      {documentLast && document}
    </>
  );
}

/** The IVA rate of a line (unlabelled: its column says it; `label` names it for screen readers). */
export function IvaSelect({ label, codes, value, onChange }: { label: string; codes: readonly PurchaseIvaView[]; value: string; onChange: (code: string) => void }) {
  return (
    <select className="input" aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      <Options items={codes} value={(c) => c.code} label={(c) => c.label} />
    </select>
  );
}

/** How the purchase is paid. */
export interface PaymentValue {
  method: string;
  bankAccountId: string;
}

export function paymentBody(p: PaymentValue) {
  return p.method === 'bank' ? { method: 'bank', bankAccountId: Number(p.bankAccountId) || null } : { method: p.method };
}

export function PaymentFields({
  value,
  onChange,
  bankAccounts,
  errors,
  amount,
}: {
  value: PaymentValue;
  onChange: (v: PaymentValue) => void;
  bankAccounts: BankOptionView[];
  errors: Problems;
  /** What will be paid (the purchase's total), to warn before an account goes below zero. */
  amount?: string;
}) {
  return (
    <>
      <PaymentMethodField value={value.method} onChange={(method) => onChange({ ...value, method })} error={errors['payment.method']} />
      {value.method === 'bank' && (
        <BankAccountField
          value={value.bankAccountId}
          onChange={(bankAccountId) => onChange({ ...value, bankAccountId })}
          bankAccounts={bankAccounts}
          error={errors['payment.bankAccountId']}
          amount={amount}
        />
      )}
    </>
  );
}

/** «Forma de pago»: cash from my shift, a bank account, or on credit. */
export function PaymentMethodField({ value, onChange, error, methods = paymentLabels }: { value: string; onChange: (method: string) => void; error?: string; methods?: Record<string, string> }) {
  return (
    <SelectField label="Forma de pago" name="payment.method" value={value} onChange={(e) => onChange(e.target.value)} error={error}>
      <Options items={Object.entries(methods)} value={([code]) => code} label={([, label]) => label} />
    </SelectField>
  );
}

/** «Cuenta bancaria» a payment leaves from, warning when `amount` would overdraw it. */
export function BankAccountField({
  value,
  onChange,
  bankAccounts,
  error,
  amount,
}: {
  value: string;
  onChange: (id: string) => void;
  bankAccounts: BankOptionView[];
  error?: string;
  amount?: string;
}) {
  const account = bankAccounts.find((a) => String(a._id) === value);
  return (
    <div>
      <SelectField label="Cuenta bancaria" name="payment.bankAccountId" value={value} onChange={(e) => onChange(e.target.value)} error={error}>
        <Options items={bankAccounts} value={(a) => a._id} label={(a) => a.label} empty="Elija la cuenta" />
      </SelectField>
      {account && amount !== undefined && <OverdrawWarning balance={account.balance} amount={amount} />}
    </div>
  );
}

/**
 * A warning (not a refusal: a shop may pay from an overdrawn account) when paying `amount` leaves
 * an account holding `balance` below zero: «La cuenta quedará en -$ 35.00».
 */
export function OverdrawWarning({ balance, amount }: { balance: string | null; amount: string }) {
  if (balance === null) return null;
  const after = toCents(balance) - toCents(amount);
  if (toCents(amount) <= 0n || after >= 0n) return null;
  return (
    <span role="status" className="block text-sm text-amber-800 dark:text-amber-300" data-testid="overdraw-warning">
      {`La cuenta tiene ${formatMoney(balance)}: con este pago quedará en ${formatMoney(fromCents(after))}.`}
    </span>
  );
}

/** The totals per IVA rate and the total. */
export function TotalsBox({ totals }: { totals: PurchaseTotals }) {
  return (
    <div className="text-right text-sm" data-testid="purchase-totals">
      {totals.rates.map((r) => (
        <p key={`b${r.code}`}>{`Subtotal ${r.label}: ${formatMoney(r.base)}`}</p>
      ))}
      {totals.discount !== '0.00' && <p className="text-xs text-gray-500">{`Incluye descuentos por ${formatMoney(totals.discount)}`}</p>}
      {totals.rates
        .filter((r) => r.value !== '0.00')
        .map((r) => (
          <p key={`v${r.code}`}>{`${r.label}: ${formatMoney(r.value)}`}</p>
        ))}
      <p className="text-lg font-bold">{`Total: ${formatMoney(totals.total)}`}</p>
    </div>
  );
}

/** A search by the supplier's document number, kept in the URL with the page. */
function ListSearch() {
  const [params] = useSearchParams();
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
      <Field label="Buscar por número" name="search" defaultValue={params.get('search') ?? ''} placeholder="001-001-000000123" />
      <button type="submit" className="btn btn-secondary">
        Buscar
      </button>
    </Form>
  );
}

/**
 * The registered purchases of one kind: date, supplier, document, payment, totals and state, each
 * with its lines on demand; admin and user cancel one with a reason.
 */
export function PurchaseList({
  kind,
  list,
  heading,
  emptyText,
  extraColumn,
}: {
  kind: 'merchandise' | 'expense' | 'manual';
  list: Page<PurchaseView>;
  heading: string;
  emptyText: string;
  extraColumn?: { label: string; render: (p: PurchaseView) => ReactNode };
}) {
  const [params] = useSearchParams();
  // Admin and user cancel purchases.
  const canCancel = useIsManager();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const { send, busy, errors, setErrors } = useSubmit<PurchaseView, CancelBody>(`/api/purchases/${kind}/${cancelling}/cancel`);

  async function cancel(p: PurchaseView) {
    await send({ reason }, () => {
      toast({ title: 'Compra anulada', description: p.documentNumber ?? p.supplierName, color: 'success' });
      setCancelling(null);
      setReason('');
      void revalidator.revalidate();
    });
  }

  const columns = 8 + (extraColumn ? 1 : 0);
  return (
    <section className="card space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 className="font-semibold">{heading}</h2>
        <ListSearch />
      </div>
      {list.results.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-300">{params.get('search') ? 'No hay compras con ese número.' : emptyText}</p>
      ) : (
        <table className="w-full text-sm" data-testid="purchases-list">
          <thead>
            <tr className="text-left">
              <th>Fecha</th>
              <th>Proveedor</th>
              <th>Documento</th>
              {extraColumn && <th>{extraColumn.label}</th>}
              <th>Pago</th>
              <th className="text-right">Subtotal</th>
              <th className="text-right">IVA</th>
              <th className="text-right">Total</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.results.map((p) => (
              <PurchaseRow
                key={p._id}
                p={p}
                columns={columns}
                extra={extraColumn?.render(p)}
                expanded={open === p._id}
                onToggle={() => setOpen(open === p._id ? null : p._id)}
                cancelButton={
                  canCancel && !p.cancelled ? (
                    <button
                      type="button"
                      className="link"
                      onClick={() => {
                        setCancelling(p._id);
                        setReason('');
                        setErrors({});
                      }}
                    >
                      Anular
                    </button>
                  ) : null
                }
                cancelForm={
                  cancelling === p._id ? (
                    <form
                      className="flex flex-wrap items-end gap-2"
                      onSubmit={(e) => {
                        e.preventDefault();
                        void cancel(p);
                      }}
                    >
                      <Field label="Motivo de la anulación" name="cancelReason" wrapClassName="flex-1" value={reason} onChange={(e) => setReason(e.target.value)}
                        maxLength={300} required error={errors.reason} />
                      <button type="submit" className="btn btn-primary" disabled={busy}>
                        Confirmar anulación
                      </button>
                      <button type="button" className="btn btn-secondary" onClick={() => setCancelling(null)}>
                        Volver
                      </button>
                      <div className="w-full">
                        <FormError message={errors.form} testId="purchase-error" />
                      </div>
                    </form>
                  ) : null
                }
              />
            ))}
          </tbody>
        </table>
      )}
      {list.total > 0 && (
        <UrlPagination list={list} preventScrollReset />
      )}
    </section>
  );
}

function PurchaseRow({
  p,
  columns,
  extra,
  expanded,
  onToggle,
  cancelButton,
  cancelForm,
}: {
  p: PurchaseView;
  columns: number;
  extra: ReactNode;
  expanded: boolean;
  onToggle: () => void;
  cancelButton: ReactNode;
  cancelForm: ReactNode;
}) {
  return (
    <>
      <tr className={`border-t border-gray-200 dark:border-gray-700 ${p.cancelled ? 'text-gray-500 line-through' : ''}`} data-testid="purchase-row">
        <td className="py-1">{formatDate(p.date)}</td>
        <td>{p.supplierName}</td>
        <td className="font-mono">{p.documentNumber ?? '—'}</td>
        {extra !== undefined && <td>{extra}</td>}
        <td>{paymentLabels[p.paymentMethod]?.replace(' (de mi caja)', '') ?? p.paymentMethod}</td>
        <td className="text-right">{formatMoney(p.subtotal)}</td>
        <td className="text-right">{formatMoney(p.iva)}</td>
        <td className="text-right font-medium">{formatMoney(p.total)}</td>
        <td className="space-x-2 text-right no-underline">
          {p.cancelled && <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs dark:bg-gray-800">Anulada</span>}
          <button type="button" className="link" onClick={onToggle} aria-expanded={expanded}>
            {expanded ? 'Ocultar' : 'Detalle'}
          </button>
          {cancelButton}
        </td>
      </tr>
      {(expanded || cancelForm) && (
        <tr>
          <td colSpan={columns} className="bg-gray-50 p-2 dark:bg-gray-900">
            {expanded && (
              <div className="space-y-1">
                <table className="w-full text-xs">
                  <thead>
                    <tr className="text-left">
                      <th>Descripción</th>
                      <th className="text-right">Cantidad</th>
                      <th className="text-right">Costo unitario</th>
                      <th className="text-right">Descuento</th>
                      <th className="text-right">Neto</th>
                    </tr>
                  </thead>
                  <tbody>
                    {p.lines.map((l, i) => (
                      <tr key={i}>
                        <td>{l.description}</td>
                        <td className="text-right">{formatQuantity(l.quantity)}</td>
                        <td className="text-right">{formatPrice(l.unitCost)}</td>
                        <td className="text-right">{formatMoney(l.discount)}</td>
                        <td className="text-right">{formatMoney(l.net)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <p className="text-xs">{p.taxes.map((t) => `${t.label}: base ${formatMoney(t.base)}, IVA ${formatMoney(t.value)}`).join(' · ')}</p>
                {p.authorization && <p className="text-xs">{`Autorización: ${p.authorization}`}</p>}
                {p.cancelled && <p className="text-xs">{`Anulada: ${p.cancelReason ?? ''}`}</p>}
              </div>
            )}
            {cancelForm}
          </td>
        </tr>
      )}
    </>
  );
}
