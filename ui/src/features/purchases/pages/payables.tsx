/**
 * `/admin/compras/cuentasPorPagar`: what the company owes its suppliers: supplier, document,
 * issue and due date, amount, paid, balance and status, filtered by supplier, open or overdue.
 * Each open one is paid here, in cash from my shift or from a bank account, never beyond its
 * balance; its payments are shown on demand. Admin and user open the supplier's statement.
 */
import { useState, type FormEvent } from 'react';
import { Form, Link, useLoaderData, useRevalidator, useSearchParams } from 'react-router';
import { UrlPagination } from '../../../components/data-list/pagination';
import { useIsManager } from '../../../components/data-list/party';
import { Field, FormError } from '../../../components/form';
import { Options } from '../../../components/form-fields';
import { RecordHead, type Heading } from '../../../components/record-table';
import { useSubmit } from '../../../lib/use-submit';
import type { PayableView, PayablesPage } from '../../../lib/api-types';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { decimalText } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { BankAccountField, PaymentMethodField } from '../components/parts';

export const payableStatusLabels: Record<string, string> = {
  pendiente: 'Pendiente',
  parcial: 'Parcial',
  pagada: 'Pagada',
  vencida: 'Vencida',
  anulada: 'Anulada',
};

/** The columns of the list (its rows are `PayableRow`s, which open the payments and the pay form). */
const PAYABLE_HEADINGS: Heading[] = [
  { header: 'Proveedor' },
  { header: 'Documento' },
  { header: 'Emisión' },
  { header: 'Vence' },
  { header: 'Monto', numeric: true },
  { header: 'Pagado', numeric: true },
  { header: 'Saldo', numeric: true },
  { header: 'Estado', className: 'pl-3' },
  {},
];

const methodLabels: Record<string, string> = { cash: 'Efectivo', bank: 'Banco' };

export default function Payables() {
  const { list, suppliers, bankAccounts } = useLoaderData() as PayablesPage;
  const [params] = useSearchParams();
  const manager = useIsManager();
  const [paying, setPaying] = useState<number | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Cuentas por pagar</h1>
      <Form method="get" className="card flex flex-wrap items-end gap-3" data-testid="payables-filters">
        <label className="label">
          Proveedor
          <select className="input" name="supplierId" defaultValue={params.get('supplierId') ?? ''}>
            <option value="">Todos</option>
            <Options items={suppliers} value={(s) => s._id} label={(s) => s.name} />
          </select>
        </label>
        <label className="flex items-center gap-1 text-sm">
          <input type="checkbox" name="status" value="open" defaultChecked={params.get('status') === 'open'} /> Solo con saldo
        </label>
        <label className="flex items-center gap-1 text-sm">
          <input type="checkbox" name="overdue" value="true" defaultChecked={params.get('overdue') === 'true'} /> Solo vencidas
        </label>
        <button type="submit" className="btn btn-secondary">
          Filtrar
        </button>
        {manager && params.get('supplierId') && (
          <Link className="link" to={`/admin/compras/estadoCuentaProveedor?supplierId=${params.get('supplierId')}`}>
            Estado de cuenta
          </Link>
        )}
      </Form>
      <section className="card space-y-3">
        {list.results.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-300">{params.toString() ? 'No hay cuentas por pagar con estos filtros.' : 'Todavía no hay cuentas por pagar.'}</p>
        ) : (
          <table className="w-full text-sm" data-testid="payables-list">
            <RecordHead columns={PAYABLE_HEADINGS} />
            <tbody>
              {list.results.map((p) => (
                <PayableRow
                  key={p._id}
                  p={p}
                  bankAccounts={bankAccounts}
                  paying={paying === p._id}
                  expanded={open === p._id}
                  onPay={() => setPaying(paying === p._id ? null : p._id)}
                  onToggle={() => setOpen(open === p._id ? null : p._id)}
                  onPaid={() => setPaying(null)}
                />
              ))}
            </tbody>
          </table>
        )}
        {list.total > 0 && (
          <UrlPagination list={list} preventScrollReset />
        )}
      </section>
    </div>
  );
}

function PayableRow({
  p,
  bankAccounts,
  paying,
  expanded,
  onPay,
  onToggle,
  onPaid,
}: {
  p: PayableView;
  bankAccounts: PayablesPage['bankAccounts'];
  paying: boolean;
  expanded: boolean;
  onPay: () => void;
  onToggle: () => void;
  onPaid: () => void;
}) {
  const owed = p.status !== 'pagada' && p.status !== 'anulada';
  return (
    <>
      <tr className="border-t border-gray-200 dark:border-gray-700" data-testid="payable-row">
        <td className="py-1">{p.supplierName}</td>
        <td className="font-mono">{p.documentNumber ?? '—'}</td>
        <td>{formatDate(p.issueDate)}</td>
        <td>{formatDate(p.dueDate)}</td>
        <td className="text-right">{formatMoney(p.amount)}</td>
        <td className="text-right">{formatMoney(p.paid)}</td>
        <td className="text-right font-medium" data-testid="payable-balance">
          {formatMoney(p.balance)}
        </td>
        <td className="pl-3" data-testid="payable-status">{payableStatusLabels[p.status] ?? p.status}</td>
        <td className="space-x-2 text-right">
          {p.payments.length > 0 && (
            <button type="button" className="link" onClick={onToggle} aria-expanded={expanded}>
              {expanded ? 'Ocultar pagos' : 'Pagos'}
            </button>
          )}
          {owed && (
            <button type="button" className="link" onClick={onPay}>
              Pagar
            </button>
          )}
        </td>
      </tr>
      {(expanded || paying) && (
        <tr>
          <td colSpan={9} className="bg-gray-50 p-2 dark:bg-gray-900">
            {expanded && (
              <ul className="list-disc pl-5 text-xs">
                {p.payments.map((m) => (
                  <li key={m._id}>{`${formatDateTime(m.createdAt)} · ${methodLabels[m.method] ?? m.method} · ${formatMoney(m.amount)}`}</li>
                ))}
              </ul>
            )}
            {paying && <PayForm p={p} bankAccounts={bankAccounts} onPaid={onPaid} />}
          </td>
        </tr>
      )}
    </>
  );
}

/** The methods a payable is paid with (never on credit again). */
const payMethods = { cash: 'Efectivo (de mi caja)', bank: 'Banco' };

function PayForm({ p, bankAccounts, onPaid }: { p: PayableView; bankAccounts: PayablesPage['bankAccounts']; onPaid: () => void }) {
  const revalidator = useRevalidator();
  const [method, setMethod] = useState('cash');
  const [bankAccountId, setBankAccountId] = useState('');
  const [amount, setAmount] = useState(p.balance);
  const { send, busy, errors } = useSubmit<PayableView>(`/api/purchases/payable/${p._id}/pay`);
  async function submit(e: FormEvent) {
    e.preventDefault();
    await send({ method, amount: decimalText(amount), bankAccountId: method === 'bank' ? Number(bankAccountId) || null : null }, (after) => {
      toast({ title: 'Pago registrado', description: `${after.supplierName} · saldo ${formatMoney(after.balance)}`, color: 'success' });
      onPaid();
      void revalidator.revalidate();
    });
  }
  return (
    <form className="flex flex-wrap items-end gap-3" onSubmit={submit} data-testid="pay-form" noValidate>
      <PaymentMethodField value={method} onChange={setMethod} error={errors.method} methods={payMethods} />
      {method === 'bank' && (
        <BankAccountField value={bankAccountId} onChange={setBankAccountId} bankAccounts={bankAccounts} error={errors.bankAccountId} amount={decimalText(amount)} />
      )}
      <Field label="Monto a pagar" name="amount" className="input w-32 text-right" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} error={errors.amount} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Pagando…' : 'Registrar pago'}
      </button>
      <div className="w-full">
        <FormError message={errors.form} testId="purchase-error" />
      </div>
    </form>
  );
}
