/**
 * `/admin/restaurante/reservas`: the reservations of a day (`?date=AAAA-MM-DD`, today by default)
 * by time, with their state buttons (reservada → llegó → finalizada; no llegó, cancelada), and the
 * form to create or edit one with the tables it holds. A table already booked at overlapping times
 * is refused by the server: its message is shown in the form, which keeps what was typed.
 */
import { useState } from 'react';
import { useLoaderData, useNavigate, useRevalidator } from 'react-router';
import { Field, Notice } from '../../../components/form';
import { FormDialog } from '../../../components/form-dialog';
import { RecordTable } from '../../../components/record-table';
import { apiPost } from '../../../lib/api';
import { confirmAction } from '../../../lib/confirm';
import { toast } from '../../../lib/toast';
import type { IdBody, ReservationState, ReservationStateBody, ReservationView, ReservationsPage as ReservationsPageData, TableView } from '../../../lib/api-types';

/** The state buttons of each state: target state, label. */
const NEXT: Partial<Record<ReservationState, [ReservationState, string][]>> = {
  reservada: [
    ['llego', 'Llegó'],
    ['no_llego', 'No llegó'],
    ['cancelada', 'Cancelar'],
  ],
  llego: [
    ['finalizada', 'Finalizar'],
    ['cancelada', 'Cancelar'],
  ],
};

const STATE_STYLE: Record<ReservationState, string> = {
  reservada: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200',
  llego: 'bg-primary-100 text-primary-800 dark:bg-green-950 dark:text-green-200',
  finalizada: 'bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-300',
  no_llego: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  cancelada: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
};

export default function ReservationsPage() {
  const data = useLoaderData() as ReservationsPageData;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<ReservationView | 'new' | null>(null);
  const reservations = data.list.results;

  const changeState = async (r: ReservationView, state: string, label: string) => {
    try {
      await apiPost(`/api/restaurant/reservation/${r._id}/state`, { state } satisfies ReservationStateBody);
      toast({ title: `Reserva de ${r.clientName}: ${label.toLowerCase()}`, color: 'success' });
      await revalidator.revalidate();
    } catch {
      // Shown by the error modal.
    }
  };

  const remove = async (r: ReservationView) => {
    if (!(await confirmAction(`¿Eliminar la reserva de ${r.clientName}?`, 'Confirmar Acción', 'Eliminar'))) return;
    try {
      await apiPost('/api/restaurant/reservation/delete', { _id: r._id } satisfies IdBody);
      toast({ title: 'Reserva eliminada', color: 'success' });
      await revalidator.revalidate();
    } catch {
      // Shown by the error modal.
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold">Reservas</h1>
          <p className="text-sm text-gray-600 dark:text-gray-400">Una mesa reservada para la próxima hora se ve «reservada» en el plano de mesas.</p>
        </div>
        <div className="flex items-end gap-2">
          <div>
            <label htmlFor="reservations-date" className="label">
              Fecha
            </label>
            <input id="reservations-date" type="date" className="input" value={data.date} onChange={(e) => e.target.value && navigate(`?date=${e.target.value}`)} />
          </div>
          <button type="button" className="btn btn-primary" disabled={data.tables.length === 0} onClick={() => setEditing('new')}>
            Nueva reserva
          </button>
        </div>
      </div>
      {data.tables.length === 0 && <Notice kind="error">Primero cree las mesas de la sucursal en «Mesas y zonas».</Notice>}
      {reservations.length === 0 ? (
        <p className="rounded-md border border-dashed border-gray-300 p-6 text-center text-gray-600 dark:border-gray-700 dark:text-gray-400">No hay reservas para este día.</p>
      ) : (
        <div className="overflow-x-auto">
          <RecordTable
            rows={reservations}
            rowKey={(r) => r._id}
            rowTestId="reservation-row"
            columns={[
              {
                header: 'Hora',
                className: 'py-2 pr-3 align-top font-mono',
                cell: (r) => (
                  <>
                    {r.time}
                    <span className="block text-xs text-gray-500">{r.durationMinutes} min</span>
                  </>
                ),
              },
              {
                header: 'Cliente',
                className: 'py-2 pr-3 align-top font-medium',
                cell: (r) => (
                  <>
                    {r.clientName}
                    {r.notes && <span className="block text-xs font-normal text-gray-500">{r.notes}</span>}
                  </>
                ),
              },
              { header: 'Teléfono', className: 'py-2 pr-3 align-top', cell: (r) => r.phone },
              { header: 'Personas', className: 'py-2 pr-3 align-top', cell: (r) => r.people },
              { header: 'Mesas', className: 'py-2 pr-3 align-top', cell: (r) => r.tables.map((t) => t.name).join(', ') },
              {
                header: 'Estado',
                className: 'py-2 pr-3 align-top',
                cell: (r) => <span className={`rounded-full px-2 py-0.5 text-xs ${STATE_STYLE[r.state] ?? ''}`}>{r.stateLabel}</span>,
              },
              {
                header: 'Acciones',
                className: 'py-2 align-top',
                cell: (r) => (
                  <div className="flex flex-wrap gap-1">
                    {(NEXT[r.state] ?? []).map(([state, label]) => (
                      <button key={state} type="button" className="btn btn-secondary px-2 py-1 text-xs" onClick={() => void changeState(r, state, label)}>
                        {label}
                      </button>
                    ))}
                    {r.state === 'reservada' && (
                      <button type="button" className="btn btn-secondary px-2 py-1 text-xs" onClick={() => setEditing(r)}>
                        Editar
                      </button>
                    )}
                    <button type="button" className="btn btn-secondary px-2 py-1 text-xs" onClick={() => void remove(r)}>
                      Eliminar
                    </button>
                  </div>
                ),
              },
            ]}
          />
        </div>
      )}
      {editing && (
        <ReservationDialog
          reservation={editing === 'new' ? undefined : editing}
          date={data.date}
          tables={data.tables}
          onClose={() => setEditing(null)}
          onSaved={async (saved) => {
            setEditing(null);
            toast({ title: 'Reserva guardada', color: 'success' });
            if (saved.date !== data.date) navigate(`?date=${saved.date}`);
            else await revalidator.revalidate();
          }}
        />
      )}
    </div>
  );
}

function ReservationDialog({
  reservation,
  date,
  tables,
  onClose,
  onSaved,
}: {
  reservation?: ReservationView;
  date: string;
  tables: TableView[];
  onClose: () => void;
  onSaved: (r: ReservationView) => void;
}) {
  const zones = [...new Map(tables.map((t) => [t.zoneId, t.zoneName])).entries()];
  const toBody = (form: FormData) => {
    const text = (name: string) => String(form.get(name) ?? '').trim();
    return {
      clientName: text('clientName'),
      phone: text('phone'),
      date: text('date'),
      time: text('time'),
      durationMinutes: text('durationMinutes') || null,
      people: text('people'),
      tableIds: form.getAll('tableIds').map((v) => Number(v)),
      notes: text('notes') || null,
    };
  };
  const held = new Set(reservation?.tableIds ?? []);
  return (
    <FormDialog<ReservationView>
      title={reservation ? 'Editar reserva' : 'Nueva reserva'}
      formId="reservation-form"
      url={reservation ? `/api/restaurant/reservation/${reservation._id}/update` : '/api/restaurant/reservation/register'}
      toBody={toBody}
      onSaved={onSaved}
      onClose={onClose}
      size="lg"
      className="grid gap-x-4 gap-y-3 sm:grid-cols-2"
    >
      {(errors) => (
        <>
          <Field label="Cliente" name="clientName" defaultValue={reservation?.clientName ?? ''} error={errors.clientName} maxLength={120} />
          <Field label="Teléfono" name="phone" defaultValue={reservation?.phone ?? ''} error={errors.phone} maxLength={30} inputMode="tel" />
          <Field label="Fecha" name="date" type="date" defaultValue={reservation?.date ?? date} error={errors.date} />
          <Field label="Hora" name="time" type="time" defaultValue={reservation?.time ?? '20:00'} error={errors.time} />
          <Field label="Duración (minutos)" name="durationMinutes" inputMode="numeric" defaultValue={String(reservation?.durationMinutes ?? 120)} error={errors.durationMinutes} />
          <Field label="Personas" name="people" inputMode="numeric" defaultValue={String(reservation?.people ?? 2)} error={errors.people} />
          <fieldset className="sm:col-span-2" aria-describedby={errors.tableIds ? 'tableIds-error' : undefined}>
            <legend className="label">Mesas</legend>
            {zones.map(([zoneId, zoneName]) => (
              <div key={zoneId} className="mb-2">
                <p className="text-xs font-semibold uppercase text-gray-500">{zoneName}</p>
                <div className="flex flex-wrap gap-2">
                  {tables
                    .filter((t) => t.zoneId === zoneId && t.active)
                    .map((t) => (
                      <label key={t._id} className="flex items-center gap-1 rounded-md border border-gray-300 px-2 py-1 text-sm dark:border-gray-700">
                        <input type="checkbox" name="tableIds" value={t._id} defaultChecked={held.has(t._id)} />
                        {t.name} <span className="text-xs text-gray-500">({t.seats} p.)</span>
                      </label>
                    ))}
                </div>
              </div>
            ))}
            {errors.tableIds && (
              <p id="tableIds-error" className="mt-1 text-sm text-red-700 dark:text-red-400" data-field-error="tableIds">
                {errors.tableIds}
              </p>
            )}
          </fieldset>
          <div className="sm:col-span-2">
            <label htmlFor="field-notes" className="label">
              Notas
            </label>
            <textarea id="field-notes" name="notes" className="input" rows={2} maxLength={500} defaultValue={reservation?.notes ?? ''} />
            {errors.notes && <p className="mt-1 text-sm text-red-700">{errors.notes}</p>}
          </div>
        </>
      )}
    </FormDialog>
  );
}
