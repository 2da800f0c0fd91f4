/**
 * `/admin/cxc/cobrarCxC`: pick a client, enter the payment (cash → my open shift; transfer, card,
 * cheque → a bank account) and allocate it oldest first or by hand. After the collection the
 * numbered receipt is shown with its 80 mm and A4 printouts (no scripts).
 */
import { useMemo, useState, type FormEvent } from 'react';
import { Form, Link, useLoaderData, useNavigate } from 'react-router';
import type { CollectBody, CollectPageView, ReceiptView } from '../../../lib/api-types';
import { formatDate, formatMoney } from '../../../lib/format';
import { decimalText } from '../../../lib/money';
import { Field, FormError } from '../../../components/form';
import { Options, SelectField } from '../../../components/form-fields';
import { toast } from '../../../lib/toast';
import { methodLabels, statusLabels } from '../labels';
import { useSubmit } from '../../../lib/use-submit';

export default function Collect() {
  const page = useLoaderData() as CollectPageView;
  const navigate = useNavigate();
  const [method, setMethod] = useState('cash');
  const [byHand, setByHand] = useState(false);
  const [amounts, setAmounts] = useState<Record<number, string>>({});
  const { send, busy, errors } = useSubmit<ReceiptView, CollectBody>('/api/cxc/collect', { idempotent: true, messageAlone: true });
  const owed = useMemo(() => page.open.map((r) => r.balance), [page.open]);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!page.client) return;
    const form = new FormData(e.currentTarget);
    const body: CollectBody = {
      clientId: page.client._id,
      method,
      amount: decimalText(String(form.get('amount') ?? '')),
      reference: String(form.get('reference') ?? ''),
    };
    if (method !== 'cash') body.bankAccountId = Number(form.get('bankAccountId') ?? 0) || null;
    if (byHand) {
      body.allocations = page.open
        .filter((r) => (amounts[r._id] ?? '').trim() !== '')
        .map((r) => ({ receivableId: r._id, amount: decimalText(amounts[r._id] ?? '') }));
    }
    const clientId = page.client._id;
    await send(body, (receipt) => {
      toast({ title: `Cobro registrado: recibo N.º ${receipt.number}`, color: 'success' });
      setAmounts({});
      return navigate(`/admin/cxc/cobrarCxC?clientId=${clientId}&receipt=${receipt._id}`);
    });
  };

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Cobrar</h1>
      <Form method="get" className="card flex flex-wrap items-end gap-3" data-testid="collect-client">
        <label className="flex flex-col text-sm">
          <span className="label">Cliente</span>
          <select className="input" name="clientId" defaultValue={page.client?._id ?? ''}>
            <option value="">Elija un cliente</option>
            {page.client && !page.debtors.some((d) => d.clientId === page.client?._id) && (
              <option value={page.client._id}>{page.client.name}</option>
            )}
            <Options items={page.debtors} value={(d) => d.clientId} label={(d) => `${d.name} · debe ${formatMoney(d.total)}`} />
          </select>
        </label>
        <button type="submit" className="btn">
          Ver deuda
        </button>
      </Form>

      {page.receipt && <ReceiptDone receipt={page.receipt} />}

      {page.client && (
        <>
          <section className="card space-y-2">
            <h2 className="font-semibold">{`${page.client.name} · ${page.client.identification}`}</h2>
            <p className="text-sm">{`Saldo a favor: ${formatMoney(page.credit)}`}</p>
            {page.open.length === 0 ? (
              <p className="text-sm">El cliente no tiene cuentas por cobrar pendientes.</p>
            ) : (
              <table className="w-full text-sm" data-testid="collect-open">
                <thead>
                  <tr className="text-left">
                    <th>Documento</th>
                    <th>Emisión</th>
                    <th>Vence</th>
                    <th>Estado</th>
                    <th className="text-right">Saldo</th>
                    {byHand && <th className="text-right">Abono</th>}
                  </tr>
                </thead>
                <tbody>
                  {page.open.map((r, i) => (
                    <tr key={r._id} className="border-t border-gray-200 dark:border-gray-700">
                      <td className="py-1">{r.document}</td>
                      <td>{formatDate(r.issueDate)}</td>
                      <td>{formatDate(r.dueDate)}</td>
                      <td>{statusLabels[r.status] ?? r.status}</td>
                      <td className="text-right">{formatMoney(owed[i] ?? '0')}</td>
                      {byHand && (
                        <td className="text-right">
                          <input
                            className="input w-28 text-right"
                            inputMode="decimal"
                            aria-label={`Abono a ${r.document}`}
                            value={amounts[r._id] ?? ''}
                            onChange={(e) => setAmounts({ ...amounts, [r._id]: e.target.value })}
                          />
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          {page.open.length > 0 && (
            <form onSubmit={submit} className="card max-w-lg space-y-3" data-testid="collect-form">
              <SelectField label="Forma de pago" name="method" value={method} onChange={(e) => setMethod(e.target.value)}>
                <Options items={Object.entries(methodLabels)} value={([code]) => code} label={([, label]) => label} />
              </SelectField>
              {method !== 'cash' && (
                <SelectField label="Cuenta bancaria" name="bankAccountId" error={errors.bankAccountId}>
                  <Options items={page.bankAccounts} value={(a) => a._id} label={(a) => a.label} />
                </SelectField>
              )}
              <Field label="Monto recibido" name="amount" inputMode="decimal" required error={errors.amount} />
              <Field label="Referencia" name="reference" maxLength={100} error={errors.reference} />
              <label className="flex items-center gap-1 text-sm">
                <input type="checkbox" checked={byHand} onChange={(e) => setByHand(e.target.checked)} /> Asignar a mano (si no, a las más antiguas primero)
              </label>
              <FormError message={errors.allocations ?? errors.form} />
              <button type="submit" className="btn btn-primary w-full" disabled={busy}>
                Registrar cobro
              </button>
            </form>
          )}
        </>
      )}
      <Link className="btn" to="/admin/cxc">
        Volver
      </Link>
    </div>
  );
}

function ReceiptDone({ receipt }: { receipt: ReceiptView }) {
  return (
    <section className="card space-y-1 text-sm" data-testid="collect-receipt">
      <h2 className="font-semibold">{`Recibo N.º ${receipt.number}`}</h2>
      <p>{`${methodLabels[receipt.method] ?? receipt.method} ${formatMoney(receipt.amount)} · asignado ${formatMoney(receipt.applied)}`}</p>
      <ul className="list-disc pl-5">
        {receipt.allocations.map((a) => (
          <li key={a.receivableId}>{`${a.document}: ${formatMoney(a.amount)} (saldo ${formatMoney(a.balance)})`}</li>
        ))}
      </ul>
      <p>{`Saldo a favor: ${formatMoney(receipt.remainingCredit)} · por cobrar: ${formatMoney(receipt.outstanding)}`}</p>
      <p className="flex gap-3">
        <a className="link" href={`/tickets/cxc/recibo/${receipt._id}/Ticket80`}>
          Imprimir ticket 80 mm
        </a>
        <a className="link" href={`/tickets/cxc/recibo/${receipt._id}/A4`}>
          Imprimir A4
        </a>
      </p>
    </section>
  );
}
