/** `/admin/configAdmin/feriados`: holidays per year. */
import { useLoaderData, useSearchParams } from 'react-router';
import { ListScreen, type ListConfig } from '../../../components/data-list/list-screen';
import { Field } from '../../../components/form';
import { formatDate } from '../../../lib/format';
import type { HolidaysPage as HolidaysPageData, HolidayView } from '../../../lib/api-types';

type Holiday = HolidayView;

const weekdays = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];

function weekday(iso: string) {
  const [y, m, d] = iso.split('-').map(Number);
  return weekdays[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
}

export default function HolidaysPage() {
  const { list, year } = useLoaderData() as HolidaysPageData;
  const [params, setParams] = useSearchParams();
  const chooseYear = (value: string) => {
    const next = new URLSearchParams(params);
    next.set('year', value);
    next.delete('page');
    setParams(next);
  };
  const config: ListConfig<Holiday> = {
    base: '/api/company/holiday',
    title: 'Feriados',
    description: 'Los días no laborables se usan para calcular fechas de vencimiento.',
    newLabel: 'Nuevo feriado',
    emptyText: `No hay feriados registrados para ${year}.`,
    columns: [
      { key: 'date', label: 'Fecha', sortable: true, render: (h) => formatDate(h.date) },
      { key: 'weekday', label: 'Día', render: (h) => weekday(h.date) },
      { key: 'name', label: 'Nombre', sortable: true, render: (h) => h.name },
    ],
    formTitle: (mode) => (mode === 'edit' ? 'Editar feriado' : mode === 'copy' ? 'Copiar feriado' : 'Nuevo feriado'),
    renderForm: ({ values, errors }) => (
      <>
        <Field label="Fecha" name="date" type="date" required defaultValue={values?.date ?? `${year}-01-01`} error={errors.date} />
        <Field label="Nombre" name="name" required defaultValue={values?.name ?? ''} error={errors.name} maxLength={120} />
      </>
    ),
    toBody: (form) => ({ date: String(form.get('date') ?? ''), name: String(form.get('name') ?? '') }),
    toolbar: (
      <label className="flex items-center gap-2 text-sm">
        Año
        <select className="input w-auto py-1" value={year} onChange={(e) => chooseYear(e.target.value)} data-testid="year-selector">
          {Array.from({ length: 7 }, (_, i) => year - 3 + i).map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </label>
    ),
  };
  return <ListScreen config={config} data={list} />;
}
