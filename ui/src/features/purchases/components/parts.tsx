/**
 * Pieces the purchase screens share: the supplier search, the supplier's document fields, the
 * payment (cash from my shift, a bank account, or on credit), the totals per rate and the list
 * of registered purchases with their cancellation (admin and user; the API enforces it too).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Form, useRevalidator, useRouteLoaderData, useSearchParams } from 'react-router';
import { Pagination } from '../../../components/data-list/pagination';
import { SuggestionList, useSuggestions } from '../../../components/suggestions';
import { ApiError, apiGet, apiPost } from '../../../lib/api';
import type { BankOptionView, Page, PurchaseView, SupplierView } from '../../../lib/api-types';
import { formatDate, formatMoney, formatPrice, formatQuantity } from '../../../lib/format';
import type { RootData } from '../../../lib/root-data';
import { toast } from '../../../lib/toast';
import { fromCents, toCents } from '../../../lib/money';
import type { PurchaseTotals } from '../totals';

export const paymentLabels: Record<string, string> = {
  cash: 'Efectivo (de mi caja)',
  bank: 'Banco',
  credit: 'Crédito',
};

/** Field errors and the API's message of a failed request. */
export type Problems = Record<string, string>;

export function problemsOf(error: unknown): Problems {
  if (error instanceof ApiError) return { ...error.fieldErrors, form: error.body.message };
  return { form: String(error) };
}

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

/** An error under a field. */
export function FieldError({ message }: { message?: string }) {
  return message ? <span className="text-sm text-red-700 dark:text-red-300">{message}</span> : null;
}

/** The form's error message (the API's `message`). */
export function FormError({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="text-sm text-red-700 dark:text-red-300" data-testid="purchase-error">
      {message}
    </p>
  ) : null;
}

/** Whether the signed-in user may cancel purchases (admin and user). */
export function useCanCancel(): boolean {
  const root = useRouteLoaderData('root') as RootData | undefined;
  return root?.user?.role === 'admin' || root?.user?.role === 'user';
}

export type PickedSupplier = Pick<SupplierView, '_id' | 'name' | 'identification' | 'creditDays'>;

/** The supplier, found by name or identification (↓/↑ and Enter pick one). */
export function SupplierPicker({ value, onChange, error }: { value: PickedSupplier | null; onChange: (s: PickedSupplier | null) => void; error?: string }) {
  const [q, setQ] = useState('');
  const [found, setFound] = useState<SupplierView[]>([]);
  useEffect(() => {
    const text = q.trim();
    if (text.length < 2) return setFound([]);
    const controller = new AbortController();
    apiGet<Page<SupplierView>>(`/api/purchases/supplier?search=${encodeURIComponent(text)}&onlyActive=true&limit=10`, { quiet: true, signal: controller.signal })
      .then((p) => setFound(p.results.filter((s) => !s.locked)))
      .catch(() => undefined);
    return () => controller.abort();
  }, [q]);
  const pick = (s: SupplierView) => {
    onChange({ _id: s._id, name: s.name, identification: s.identification, creditDays: s.creditDays });
    setQ('');
    setFound([]);
  };
  const suggestions = useSuggestions(found, pick);
  return (
    <div>
      <label className="label">
        Proveedor
        <input
          className="input"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={value ? `${value.name} · ${value.identification}` : 'Busque por nombre o RUC'}
          autoComplete="off"
          {...suggestions.inputProps}
        />
      </label>
      <SuggestionList
        {...suggestions.list}
        label="Proveedores sugeridos"
        className="mt-1 rounded border border-gray-200 text-sm dark:border-gray-700"
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
  return (
    <>
      <label className="label">
        {numberRequired ? 'Número de factura del proveedor' : 'Número de documento (opcional)'}
        <input
          className="input font-mono"
          value={value.documentNumber}
          onChange={(e) => onChange({ ...value, documentNumber: e.target.value })}
          placeholder="001-001-000000123"
          maxLength={17}
          required={numberRequired}
          autoComplete="off"
        />
        <FieldError message={errors.documentNumber} />
      </label>
      <label className="label">
        Autorización (opcional)
        <input
          className="input font-mono"
          value={value.authorization}
          onChange={(e) => onChange({ ...value, authorization: e.target.value })}
          inputMode="numeric"
          maxLength={49}
          autoComplete="off"
        />
        <FieldError message={errors.authorization} />
      </label>
      <label className="label">
        Fecha
        <input className="input" type="date" value={value.date} max={today} onChange={(e) => onChange({ ...value, date: e.target.value })} required />
        <FieldError message={errors.date} />
      </label>
    </>
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
  const account = bankAccounts.find((a) => String(a._id) === value.bankAccountId);
  return (
    <>
      <label className="label">
        Forma de pago
        <select className="input" value={value.method} onChange={(e) => onChange({ ...value, method: e.target.value })}>
          {Object.entries(paymentLabels).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </select>
        <FieldError message={errors['payment.method']} />
      </label>
      {value.method === 'bank' && (
        <label className="label">
          Cuenta bancaria
          <select className="input" value={value.bankAccountId} onChange={(e) => onChange({ ...value, bankAccountId: e.target.value })}>
            <option value="">Elija la cuenta</option>
            {bankAccounts.map((a) => (
              <option key={a._id} value={a._id}>
                {a.label}
              </option>
            ))}
          </select>
          <FieldError message={errors['payment.bankAccountId']} />
          {account && amount !== undefined && <OverdrawWarning balance={account.balance} amount={amount} />}
        </label>
      )}
    </>
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
      <label className="label">
        Buscar por número
        <input className="input" name="search" defaultValue={params.get('search') ?? ''} placeholder="001-001-000000123" />
      </label>
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
  const [params, setParams] = useSearchParams();
  const canCancel = useCanCancel();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function cancel(p: PurchaseView) {
    setBusy(true);
    setError('');
    try {
      await apiPost<PurchaseView>(`/api/purchases/${kind}/${p._id}/cancel`, { reason }, { quiet: true });
      toast({ title: 'Compra anulada', description: p.documentNumber ?? p.supplierName, color: 'success' });
      setCancelling(null);
      setReason('');
      revalidator.revalidate();
    } catch (err) {
      setError(err instanceof ApiError ? err.body.message : String(err));
    } finally {
      setBusy(false);
    }
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
                        setError('');
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
                      <label className="label flex-1">
                        Motivo de la anulación
                        <input className="input" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={300} required />
                      </label>
                      <button type="submit" className="btn btn-primary" disabled={busy}>
                        Confirmar anulación
                      </button>
                      <button type="button" className="btn btn-secondary" onClick={() => setCancelling(null)}>
                        Volver
                      </button>
                      <div className="w-full">
                        <FormError message={error} />
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
        <Pagination
          page={list.page}
          limit={list.limit}
          total={list.total}
          onPage={(page) => {
            const next = new URLSearchParams(params);
            next.set('page', String(page));
            setParams(next, { preventScrollReset: true });
          }}
        />
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
