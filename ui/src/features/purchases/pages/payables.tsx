/**
 * `/admin/compras/cuentasPorPagar`: what the company owes its suppliers: supplier, document,
 * issue and due date, amount, paid, balance and status, filtered by supplier, open or overdue.
 * Each open one is paid here, in cash from my shift or from a bank account, never beyond its
 * balance; its payments are shown on demand. Admin and user open the supplier's statement.
 */
import { useState, type FormEvent } from 'react';
import { Form, Link, useLoaderData, useRevalidator, useSearchParams } from 'react-router';
import { Pagination } from '../../../components/data-list/pagination';
import { apiPost } from '../../../lib/api';
import type { PayableView, PayablesPage } from '../../../lib/api-types';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { decimalText } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { FieldError, FormError, OverdrawWarning, problemsOf, useCanCancel, type Problems } from '../components/parts';

export const payableStatusLabels: Record<string, string> = {
  pendiente: 'Pendiente',
  parcial: 'Parcial',
  pagada: 'Pagada',
  vencida: 'Vencida',
  anulada: 'Anulada',
};

const methodLabels: Record<string, string> = { cash: 'Efectivo', bank: 'Banco' };

export default function Payables() {
  const { list, suppliers, bankAccounts } = useLoaderData() as PayablesPage;
  const [params, setParams] = useSearchParams();
  const manager = useCanCancel();
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
            {suppliers.map((s) => (
              <option key={s._id} value={s._id}>
                {s.name}
              </option>
            ))}
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
            <thead>
              <tr className="text-left">
                <th>Proveedor</th>
                <th>Documento</th>
                <th>Emisión</th>
                <th>Vence</th>
                <th className="text-right">Monto</th>
                <th className="text-right">Pagado</th>
                <th className="text-right">Saldo</th>
                <th className="pl-3">Estado</th>
                <th />
              </tr>
            </thead>
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

function PayForm({ p, bankAccounts, onPaid }: { p: PayableView; bankAccounts: PayablesPage['bankAccounts']; onPaid: () => void }) {
  const revalidator = useRevalidator();
  const [method, setMethod] = useState('cash');
  const [bankAccountId, setBankAccountId] = useState('');
  const [amount, setAmount] = useState(p.balance);
  const [errors, setErrors] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const after = await apiPost<PayableView>(
        `/api/purchases/payable/${p._id}/pay`,
        { method, amount: decimalText(amount), bankAccountId: method === 'bank' ? Number(bankAccountId) || null : null },
        { quiet: true },
      );
      toast({ title: 'Pago registrado', description: `${after.supplierName} · saldo ${formatMoney(after.balance)}`, color: 'success' });
      onPaid();
      revalidator.revalidate();
    } catch (err) {
      setErrors(problemsOf(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="flex flex-wrap items-end gap-3" onSubmit={submit} data-testid="pay-form" noValidate>
      <label className="label">
        Forma de pago
        <select className="input" value={method} onChange={(e) => setMethod(e.target.value)}>
          <option value="cash">Efectivo (de mi caja)</option>
          <option value="bank">Banco</option>
        </select>
        <FieldError message={errors.method} />
      </label>
      {method === 'bank' && (
        <label className="label">
          Cuenta bancaria
          <select className="input" value={bankAccountId} onChange={(e) => setBankAccountId(e.target.value)}>
            <option value="">Elija la cuenta</option>
            {bankAccounts.map((a) => (
              <option key={a._id} value={a._id}>
                {a.label}
              </option>
            ))}
          </select>
          <FieldError message={errors.bankAccountId} />
          {(() => {
            const account = bankAccounts.find((a) => String(a._id) === bankAccountId);
            return account ? <OverdrawWarning balance={account.balance} amount={decimalText(amount)} /> : null;
          })()}
        </label>
      )}
      <label className="label">
        Monto a pagar
        <input className="input w-32 text-right" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
        <FieldError message={errors.amount} />
      </label>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Pagando…' : 'Registrar pago'}
      </button>
      <div className="w-full">
        <FormError message={errors.form} />
      </div>
    </form>
  );
}
