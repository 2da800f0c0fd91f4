/**
 * `/admin/configAdmin/impuestos`: the dated tax table — the retenciones de renta and de IVA and the
 * IVA rates of sales in force on a day (today unless another day is chosen), and every change with
 * its period. A new rate for a code starts on a later day and ends the previous one the day before;
 * a document always takes the rate in force on its own date.
 */
import { useState } from 'react';
import { useLoaderData, useRevalidator, useSearchParams } from 'react-router';
import { Field } from '../../../components/form';
import { FormDialog } from '../../../components/form-dialog';
import { SelectField } from '../../../components/form-fields';
import { RecordTable, type RecordColumn } from '../../../components/record-table';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import type { TaxRateBody, TaxRateView, TaxRatesPage as TaxRatesPageData } from '../../../lib/api-types';

/** The three kinds of row, in the order the page shows them. */
const KINDS: { kind: string; title: string; text: string }[] = [
  { kind: 'renta', title: 'Retención en la fuente (renta)', text: 'Porcentaje retenido del impuesto a la renta, por concepto de pago.' },
  { kind: 'iva', title: 'Retención de IVA', text: 'Porcentaje del IVA de la compra que se retiene.' },
  { kind: 'tarifa_iva', title: 'Tarifas de IVA en ventas', text: 'Código de porcentaje del IVA de cada producto.' },
];

const kindTitle = (kind: string) => KINDS.find((k) => k.kind === kind)?.title ?? kind;

const period = (r: TaxRateView) => (r.validTo ? `${formatDate(r.validFrom)} – ${formatDate(r.validTo)}` : `desde ${formatDate(r.validFrom)}`);

const origin = (r: TaxRateView) => (r.national ? 'Nacional' : 'Empresa');

/** Asking for a new row: empty, or the change of one code. */
type Dialog = { rate?: TaxRateView } | null;

export default function TaxesPage() {
  const { date, rates, history } = useLoaderData() as TaxRatesPageData;
  const [params, setParams] = useSearchParams();
  const revalidator = useRevalidator();
  const [dialog, setDialog] = useState<Dialog>(null);
  const chooseDate = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('date', value);
    else next.delete('date');
    setParams(next);
  };
  const columns = (withChange: boolean): RecordColumn<TaxRateView>[] => [
    { header: 'Código', className: 'font-mono', cell: (r) => r.code },
    { header: 'Descripción', cell: (r) => r.description },
    { header: '%', numeric: true, testId: 'tax-percent', cell: (r) => (r.retired ? 'Retirado' : r.percent) },
    { header: 'Vigencia', cell: period },
    { header: 'Origen', cell: origin },
    ...(withChange
      ? [
          {
            className: 'text-right',
            cell: (r: TaxRateView) => (
              <button type="button" className="btn btn-secondary py-1 text-xs" onClick={() => setDialog({ rate: r })} data-testid={`change-${r.kind}-${r.code}`}>
                Cambiar
              </button>
            ),
          },
        ]
      : []),
  ];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Impuestos</h1>
          <p className="text-sm text-gray-600 dark:text-gray-300">
            Cada tarifa rige desde una fecha hasta el día antes de la siguiente del mismo código; un documento usa la vigente en su fecha.
          </p>
        </div>
        <div className="flex items-end gap-3">
          <label className="text-sm">
            Vigentes al
            <input type="date" className="input mt-1 w-auto py-1" value={date} onChange={(e) => chooseDate(e.target.value)} data-testid="tax-date" />
          </label>
          <button type="button" className="btn btn-primary" onClick={() => setDialog({})}>
            Nueva tarifa
          </button>
        </div>
      </div>
      {KINDS.map(({ kind, title, text }) => (
        <section key={kind} className="card space-y-2" data-testid={`taxes-${kind}`}>
          <h2 className="font-semibold">{title}</h2>
          <p className="text-sm text-gray-600 dark:text-gray-300">{text}</p>
          <RecordTable
            rows={rates.filter((r) => r.kind === kind)}
            columns={columns(true)}
            rowKey={(r) => r._id}
            rowTestId={`tax-${kind}`}
            empty={<p className="py-4 text-center text-sm text-gray-500">No hay tarifas vigentes al {formatDate(date)}.</p>}
          />
        </section>
      ))}
      <details className="card">
        <summary className="cursor-pointer font-semibold">Historial de cambios ({history.length})</summary>
        <RecordTable
          rows={history}
          columns={[{ header: 'Tipo', cell: (r: TaxRateView) => kindTitle(r.kind) }, ...columns(false)]}
          rowKey={(r) => r._id}
          rowTestId="tax-history"
          className="mt-2 w-full text-sm"
        />
      </details>
      {dialog && (
        <RateDialog
          rate={dialog.rate}
          onClose={() => setDialog(null)}
          onSaved={async (saved) => {
            setDialog(null);
            toast({ title: 'Tarifa registrada', description: `${saved.code}: ${saved.retired ? 'retirado' : `${saved.percent} %`} ${period(saved)}`, color: 'success' });
            await revalidator.revalidate();
          }}
        />
      )}
    </div>
  );
}

function RateDialog({ rate, onClose, onSaved }: { rate?: TaxRateView; onClose: () => void; onSaved: (saved: TaxRateView) => unknown }) {
  const toBody = (form: FormData): TaxRateBody => {
    const text = (name: string) => String(form.get(name) ?? '').trim();
    return {
      kind: text('kind'),
      code: text('code'),
      description: text('description'),
      percent: text('percent'),
      validFrom: text('validFrom'),
      retired: form.get('retired') === 'on',
    };
  };
  return (
    <FormDialog<TaxRateView>
      title={rate ? `Cambiar la tarifa del código ${rate.code}` : 'Nueva tarifa'}
      formId="tax-rate-form"
      url="/api/taxes/withholding/register"
      toBody={toBody}
      onSaved={onSaved}
      onClose={onClose}
      size="lg"
      className="grid gap-x-4 gap-y-3 sm:grid-cols-2"
      messageAlone
    >
      {(errors) => (
        <>
          <SelectField label="Tipo" name="kind" defaultValue={rate?.kind ?? 'renta'} error={errors.kind}>
            {KINDS.map((k) => (
              <option key={k.kind} value={k.kind}>
                {k.title}
              </option>
            ))}
          </SelectField>
          <Field label="Código del SRI" name="code" defaultValue={rate?.code ?? ''} error={errors.code} maxLength={10} required />
          <Field
            label="Descripción"
            name="description"
            defaultValue=""
            placeholder={rate?.description ?? ''}
            hint={rate ? 'Vacía: se conserva la descripción actual.' : undefined}
            error={errors.description}
            maxLength={300}
            wrapClassName="sm:col-span-2"
          />
          <Field label="Porcentaje" name="percent" inputMode="decimal" defaultValue={rate?.percent ?? ''} error={errors.percent} />
          <Field label="Rige desde" name="validFrom" type="date" defaultValue="" error={errors.validFrom} required />
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" name="retired" />
            El código deja de aplicarse desde esa fecha (sin nueva tarifa)
          </label>
        </>
      )}
    </FormDialog>
  );
}
