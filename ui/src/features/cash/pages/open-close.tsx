/**
 * `/admin/caja/abrirCerrarCaja`: open a shift on a free register with an opening amount, or close
 * my shift by counting bills and coins. The count is keyboard friendly (Enter moves to the next
 * denomination) and its totals update live, in cents, never floats.
 */
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
import { Field } from '../../../components/form';
import { SelectField } from '../../../components/form-fields';
import { ApiError, apiPost } from '../../../lib/api';
import type { CashDrawerPage, CloseBody, OpenTurnBody, TurnDetailView } from '../../../lib/api-types';
import { formatMoney } from '../../../lib/format';
import { fromCents, toCents } from '../../../lib/money';
import { toast } from '../../../lib/toast';

const BILLS = ['100.00', '50.00', '20.00', '10.00', '5.00', '2.00', '1.00'];
const COINS = ['1.00', '0.50', '0.25', '0.10', '0.05', '0.01'];

function errorsOf(error: unknown): Record<string, string> {
  if (error instanceof ApiError) {
    const fields = error.fieldErrors;
    return Object.keys(fields).length > 0 ? fields : { form: error.body.message };
  }
  return { form: String(error) };
}

function OpenForm({ registers }: Pick<CashDrawerPage, 'registers'>) {
  const revalidator = useRevalidator();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const free = registers.filter((r) => !r.open);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    try {
      await apiPost('/api/Turn/open', { cashRegisterId: Number(form.get('cashRegisterId')), openingAmount: String(form.get('openingAmount') ?? '') } satisfies OpenTurnBody, { quiet: true });
      toast({ title: 'Caja abierta', color: 'success' });
      setErrors({});
      await revalidator.revalidate();
    } catch (error) {
      setErrors(errorsOf(error));
    } finally {
      setBusy(false);
    }
  };
  if (free.length === 0) {
    return <p className="card">No hay cajas libres en la sucursal. Pida a un administrador que cree una o que cierre un turno.</p>;
  }
  return (
    <form onSubmit={submit} className="card max-w-md space-y-3" data-testid="open-form">
      <h2 className="font-semibold">Abrir caja</h2>
      <SelectField label="Caja" name="cashRegisterId" error={errors.cashRegisterId}>
        {free.map((r) => (
          <option key={r.cashRegister._id} value={r.cashRegister._id}>{`${r.cashRegister.code} · ${r.cashRegister.name}`}</option>
        ))}
      </SelectField>
      <Field label="Fondo inicial" name="openingAmount" inputMode="decimal" required defaultValue="0.00" error={errors.openingAmount} />
      {errors.form && <p className="text-sm text-red-700">{errors.form}</p>}
      <button type="submit" className="btn btn-primary w-full" disabled={busy}>
        Abrir caja
      </button>
    </form>
  );
}

function CountForm({ turn }: { turn: TurnDetailView }) {
  const revalidator = useRevalidator();
  const rows = [...BILLS.map((d) => ({ key: `b${d}`, kind: 'Billete', d })), ...COINS.map((d) => ({ key: `m${d}`, kind: 'Moneda', d }))];
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [closed, setClosed] = useState<TurnDetailView | null>(null);
  const quantity = (key: string) => {
    const n = Number(quantities[key] ?? '');
    return Number.isInteger(n) && n > 0 ? n : 0;
  };
  const counted = rows.reduce((sum, r) => sum + BigInt(quantity(r.key)) * toCents(r.d), 0n);
  // A cashier counts blind: the server leaves the expected cash out until the shift is closed.
  const expected = turn.summary.expected === null ? null : toCents(turn.summary.expected);
  const difference = expected === null ? null : counted - expected;
  const next = (e: KeyboardEvent<HTMLInputElement>, index: number) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    document.getElementById(index + 1 < rows.length ? `count-${index + 1}` : 'count-note')?.focus();
  };
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    try {
      const counts = rows.filter((r) => quantity(r.key) > 0).map((r) => ({ denomination: r.d, quantity: quantity(r.key) }));
      const done = await apiPost<TurnDetailView>(`/api/Turn/${turn._id}/close`, { counts, note } satisfies CloseBody, { quiet: true });
      toast({ title: 'Caja cerrada', description: 'Imprima el arqueo para el supervisor.', color: 'success' });
      setClosed(done);
      setError('');
    } catch (err) {
      const errors = errorsOf(err);
      setError(Object.values(errors)[0] ?? '');
    } finally {
      setBusy(false);
    }
  };
  if (closed !== null) {
    const s = closed.summary;
    const diff = s.difference === null ? 0n : toCents(s.difference);
    return (
      <div className="card space-y-2" data-testid="closed">
        <p className="font-semibold">{`Turno #${closed._id} cerrado.`}</p>
        <dl className="grid max-w-lg grid-cols-2 gap-1 text-sm" data-testid="closed-totals">
          <dt>Esperado</dt>
          <dd className="text-right">{s.expected === null ? '—' : formatMoney(s.expected)}</dd>
          <dt>Contado</dt>
          <dd className="text-right">{s.counted === null ? '—' : formatMoney(s.counted)}</dd>
          <dt>{diff > 0n ? 'Sobrante' : diff < 0n ? 'Faltante' : 'Diferencia'}</dt>
          <dd className={`text-right font-semibold ${diff === 0n ? '' : 'text-red-700'}`} data-testid="closed-difference">
            {s.difference === null ? '—' : formatMoney(s.difference)}
          </dd>
        </dl>
        <a className="btn btn-primary" href={`/admin/caja/turno/${closed._id}/ticketArqueo`} target="_blank" rel="noreferrer">
          Imprimir arqueo
        </a>
        <button type="button" className="btn btn-secondary" onClick={() => void revalidator.revalidate()}>
          Volver
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="card space-y-3" data-testid="count-form">
      <h2 className="font-semibold">{`Cerrar turno #${turn._id} · ${turn.cashRegisterName}`}</h2>
      <table className="w-full max-w-lg text-sm">
        <thead>
          <tr className="text-left">
            <th>Denominación</th>
            <th>Cantidad</th>
            <th className="text-right">Subtotal</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={r.key}>
              <td className="py-0.5">
                <label htmlFor={`count-${i}`}>{`${r.kind} ${formatMoney(r.d)}`}</label>
              </td>
              <td>
                <input
                  id={`count-${i}`}
                  className="input w-24"
                  inputMode="numeric"
                  pattern="[0-9]*"
                  autoFocus={i === 0}
                  value={quantities[r.key] ?? ''}
                  onChange={(e) => setQuantities({ ...quantities, [r.key]: e.target.value.replace(/\D/g, '') })}
                  onKeyDown={(e) => next(e, i)}
                />
              </td>
              <td className="text-right">{formatMoney(fromCents(BigInt(quantity(r.key)) * toCents(r.d)))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="grid max-w-lg grid-cols-2 gap-1 text-sm" data-testid="count-totals">
        {expected !== null && (
          <>
            <dt>Esperado</dt>
            <dd className="text-right">{formatMoney(fromCents(expected))}</dd>
          </>
        )}
        <dt>Contado</dt>
        <dd className="text-right font-semibold" data-testid="counted">
          {formatMoney(fromCents(counted))}
        </dd>
        {difference !== null && (
          <>
            <dt>{difference > 0n ? 'Sobrante' : difference < 0n ? 'Faltante' : 'Diferencia'}</dt>
            <dd className={`text-right ${difference === 0n ? '' : 'text-red-700'}`} data-testid="difference">
              {formatMoney(fromCents(difference))}
            </dd>
          </>
        )}
      </dl>
      {turn.blind && <p className="text-sm text-gray-600 dark:text-gray-300" data-testid="blind">Cuente el efectivo de la caja: el esperado y la diferencia se muestran al cerrar.</p>}
      <Field label="Nota" name="note" id="count-note" value={note} onChange={(e) => setNote(e.target.value)} maxLength={300} />
      {error && <p className="text-sm text-red-700">{error}</p>}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Cerrar caja
      </button>
    </form>
  );
}

export default function OpenCloseCash() {
  const { myTurn, registers } = useLoaderData() as CashDrawerPage;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Abrir o cerrar caja</h1>
      {myTurn ? <CountForm key={myTurn._id} turn={myTurn} /> : <OpenForm registers={registers} />}
      <Link to="/admin/caja" className="text-sm underline">
        Volver a Caja
      </Link>
    </div>
  );
}
