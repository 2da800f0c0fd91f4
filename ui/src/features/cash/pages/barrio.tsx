/**
 * `/admin/banco/bancoDelBarrio`: Banco del Barrio (corresponsal no bancario) at the counter:
 * record the terminal's operations (their cash goes to my open shift), reverse a mistaken one,
 * and the day's report with 'SALDO EN CAJA', commissions and cupo. Admins set the agent up.
 */
import { Link, useLoaderData, useRevalidator } from 'react-router';
import { Field } from '../../../components/form';
import { SelectField } from '../../../components/form-fields';
import { ApiError, apiPost } from '../../../lib/api';
import type { CnbPage } from '../../../lib/api-types';
import { showErrorModal } from '../../../lib/error-modal';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useFormSubmit } from '../../../lib/use-submit';
import { cnbTypes } from '../labels';

/** A form of this page: sent, then a toast, the form cleared and the report reloaded. */
function useCnbForm(url: string, done: string, toBody: (form: FormData) => object) {
  const revalidator = useRevalidator();
  const { onSubmit, busy, errors } = useFormSubmit(url, toBody, () => {
    toast({ title: done, color: 'success' });
    return revalidator.revalidate();
  }, { messageAlone: true });
  return { errors, busy, submit: onSubmit };
}

function ConfigForm({ page }: { page: CnbPage }) {
  const { errors, busy, submit } = useCnbForm('/api/bank/barrio/config', 'Configuración guardada', (form) => ({
    agentCode: String(form.get('agentCode') ?? ''),
    cupo: String(form.get('cupo') ?? ''),
    commissions: Object.fromEntries(cnbTypes.map((t) => [t.code, String(form.get(`commission-${t.code}`) ?? '')])),
  }));
  return (
    <form onSubmit={submit} className="card space-y-3" data-testid="cnb-config">
      <h2 className="font-semibold">Configuración del agente (sucursal)</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Código de agente" name="agentCode" required defaultValue={page.config?.agentCode ?? ''} error={errors.agentCode} />
        <Field label="Cupo" name="cupo" inputMode="decimal" required defaultValue={page.config?.cupo ?? ''} error={errors.cupo} />
        {cnbTypes.map((t) => (
          <Field key={t.code} label={`Comisión ${t.label}`} name={`commission-${t.code}`} inputMode="decimal" defaultValue={page.config?.commissions[t.code] ?? ''} />
        ))}
      </div>
      {(errors.commissions || errors.form) && <p className="text-sm text-red-700">{errors.commissions ?? errors.form}</p>}
      <button type="submit" className="btn btn-secondary" disabled={busy}>
        Guardar configuración
      </button>
    </form>
  );
}

function OperationForm() {
  const { errors, busy, submit } = useCnbForm('/api/bank/barrio/operation', 'Operación registrada', (form) => ({
    type: String(form.get('type') ?? ''),
    amount: String(form.get('amount') ?? ''),
    commission: String(form.get('commission') ?? '') || null,
    transactionNumber: String(form.get('transactionNumber') ?? ''),
    controlNumber: String(form.get('controlNumber') ?? ''),
    reference: String(form.get('reference') ?? ''),
  }));
  return (
    <form onSubmit={submit} className="card space-y-3" data-testid="cnb-operation">
      <h2 className="font-semibold">Nueva operación</h2>
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField label="Tipo" name="type" error={errors.type}>
          {cnbTypes.map((t) => (
            <option key={t.code} value={t.code}>{`${t.label} (${t.cashIn ? 'entra efectivo' : 'sale efectivo'})`}</option>
          ))}
        </SelectField>
        <Field label="Monto" name="amount" inputMode="decimal" required error={errors.amount} />
        <Field label="Comisión (opcional)" name="commission" inputMode="decimal" error={errors.commission} />
        <Field label="N.º de transacción" name="transactionNumber" required error={errors.transactionNumber} />
        <Field label="N.º de control" name="controlNumber" required error={errors.controlNumber} />
        <Field label="Referencia del cliente" name="reference" required error={errors.reference} />
      </div>
      {errors.form && <p className="text-sm text-red-700">{errors.form}</p>}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Registrar operación
      </button>
    </form>
  );
}

export default function BancoDelBarrio() {
  const page = useLoaderData() as CnbPage;
  const revalidator = useRevalidator();
  const r = page.report;
  const reverse = async (id: number) => {
    try {
      await apiPost(`/api/bank/barrio/operation/${id}/reverse`, {}, { quiet: true });
      toast({ title: 'Operación reversada', color: 'success' });
      await revalidator.revalidate();
    } catch (error) {
      showErrorModal('Error Api', error instanceof ApiError ? error.body.message : String(error));
    }
  };
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Banco del Barrio</h1>
      {page.canConfigure && <ConfigForm page={page} />}
      {!page.config ? (
        <p className="card">La sucursal no tiene configurado Banco del Barrio.</p>
      ) : page.hasOpenTurn ? (
        <OperationForm />
      ) : (
        <p className="card">
          Abra su turno de caja para registrar operaciones.{' '}
          <Link className="underline" to="/admin/caja/abrirCerrarCaja">
            Abrir caja
          </Link>
        </p>
      )}
      <section className="card space-y-2" data-testid="cnb-report">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="font-semibold">{`Reporte del día ${formatDate(r.date)}`}</h2>
          <a className="btn btn-secondary" href={`/tickets/banco/bancoDelBarrio?date=${r.date}`} target="_blank" rel="noreferrer">
            Imprimir reporte
          </a>
        </div>
        <dl className="grid max-w-xl grid-cols-2 gap-1 text-sm">
          <dt>Ingresos</dt>
          <dd className="text-right">{formatMoney(r.totalIns)}</dd>
          <dt>Egresos</dt>
          <dd className="text-right">{formatMoney(r.totalOuts)}</dd>
          <dt className="font-semibold">SALDO EN CAJA</dt>
          <dd className="text-right font-semibold">{formatMoney(r.saldoEnCaja)}</dd>
          <dt>Comisiones</dt>
          <dd className="text-right">{formatMoney(r.commissions)}</dd>
          <dt>Cupo usado</dt>
          <dd className="text-right">{formatMoney(r.cupoUsed)}</dd>
          <dt>Cupo disponible</dt>
          <dd className="text-right">{formatMoney(r.cupoAvailable)}</dd>
        </dl>
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left">
              <th>Hora</th>
              <th>Tipo</th>
              <th>Transacción</th>
              <th>Control</th>
              <th>Referencia</th>
              <th className="text-right">Monto</th>
              <th className="text-right">Comisión</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {r.operations.map((o) => (
              <tr key={o._id} className={`border-t border-gray-200 dark:border-gray-700 ${o.reversed ? 'line-through' : ''}`}>
                <td className="py-1">{formatDateTime(o.createdAt)}</td>
                <td>{o.label}</td>
                <td>{o.transactionNumber}</td>
                <td>{o.controlNumber}</td>
                <td>{o.reference}</td>
                <td className="text-right">{`${o.cashIn ? '' : '-'}${formatMoney(o.amount)}`}</td>
                <td className="text-right">{formatMoney(o.commission)}</td>
                <td className="text-right">
                  {!o.reversed && o.reversalOf === null && (
                    <button type="button" className="underline" onClick={() => void reverse(o._id)}>
                      Reversar
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
