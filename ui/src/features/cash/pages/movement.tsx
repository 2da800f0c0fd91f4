/** `/admin/caja/Ingresar`: cash in or out of my open shift, with amount and reason. */
import { Link, useLoaderData, useRevalidator } from 'react-router';
import { Field } from '../../../components/form';
import type { CashDrawerPage } from '../../../lib/api-types';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useFormSubmit } from '../../../lib/use-submit';

export default function CashMovement() {
  const { myTurn } = useLoaderData() as CashDrawerPage;
  const revalidator = useRevalidator();
  const { onSubmit, busy, errors } = useFormSubmit(
    `/api/Turn/${myTurn?._id}/movement`,
    (form) => ({ type: String(form.get('type')), amount: String(form.get('amount') ?? ''), reason: String(form.get('reason') ?? '') }),
    (_, form) => {
      toast({ title: form.get('type') === 'in' ? 'Ingreso registrado' : 'Retiro registrado', color: 'success' });
      return revalidator.revalidate();
    },
    { messageAlone: true },
  );
  if (!myTurn) {
    return (
      <div className="card space-y-2">
        <h1 className="text-2xl font-bold">Ingresos y retiros</h1>
        <p>No tiene un turno de caja abierto.</p>
        <Link to="/admin/caja/abrirCerrarCaja" className="btn btn-primary">
          Abrir caja
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Ingresos y retiros</h1>
      <p className="text-sm" data-testid="expected">
        {`Turno #${myTurn._id} · ${myTurn.cashRegisterName}`}
        {myTurn.summary.expected !== null && ` · efectivo esperado ${formatMoney(myTurn.summary.expected)}`}
      </p>
      <form onSubmit={onSubmit} className="card max-w-md space-y-3" data-testid="movement-form">
        <fieldset className="flex gap-4">
          <legend className="label">Tipo</legend>
          <label className="flex items-center gap-1">
            <input type="radio" name="type" value="in" defaultChecked /> Ingreso
          </label>
          <label className="flex items-center gap-1">
            <input type="radio" name="type" value="out" /> Retiro
          </label>
        </fieldset>
        <Field label="Monto" name="amount" inputMode="decimal" required error={errors.amount} />
        <Field label="Motivo" name="reason" required maxLength={300} error={errors.reason} />
        {errors.form && <p className="text-sm text-red-700">{errors.form}</p>}
        <button type="submit" className="btn btn-primary w-full" disabled={busy}>
          Registrar
        </button>
      </form>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left">
            <th>Hora</th>
            <th>Movimiento</th>
            <th>Motivo</th>
            <th className="text-right">Monto</th>
          </tr>
        </thead>
        <tbody>
          {myTurn.movements.map((m) => (
            <tr key={m._id} className="border-t border-gray-200 dark:border-gray-700">
              <td className="py-1">{formatDateTime(m.createdAt)}</td>
              <td>{m.label}</td>
              <td>{m.reason}</td>
              {/* A cashier counting blind does not see the amounts: they would add up to the expected cash. */}
              <td className="text-right">{m.amount === null ? '—' : `${m.sign < 0 ? '-' : ''}${formatMoney(m.amount)}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
