/**
 * `/admin/caja/historial`: the owner's history of the branch's shifts — who held which register,
 * the count, the difference, the confirmation and the arqueo of each — filtered by register,
 * cashier, state and dates. The filters are a GET form, so they work before the page's script.
 */
import { Form, Link, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import type { TurnHistoryPage } from '../../../lib/api-types';
import { stateLabels } from '../labels';
import { TurnsTable } from '../turns-table';

const FILTERS = ['cashRegisterId', 'userId', 'state', 'from', 'to'];

export default function TurnHistory() {
  const { list, registers, cashiers } = useLoaderData() as TurnHistoryPage;
  const [params] = useSearchParams();
  const loading = useNavigation().state === 'loading';
  const filtered = FILTERS.some((k) => params.get(k));
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold">Historial de turnos</h1>
        <p className="text-sm text-gray-600 dark:text-gray-300">Todos los turnos de la sucursal con su arqueo, diferencia y confirmación.</p>
      </div>
      <Form method="get" className="card grid gap-2 sm:grid-cols-3 lg:grid-cols-6" aria-label="Filtros">
        <label className="label">
          Caja
          <select className="input" name="cashRegisterId" defaultValue={params.get('cashRegisterId') ?? ''}>
            <option value="">Todas</option>
            {registers.map((r) => (
              <option key={r._id} value={r._id}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
        <label className="label">
          Cajero
          <select className="input" name="userId" defaultValue={params.get('userId') ?? ''}>
            <option value="">Todos</option>
            {cashiers.map((c) => (
              <option key={c._id} value={c._id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label className="label">
          Estado
          <select className="input" name="state" defaultValue={params.get('state') ?? ''}>
            <option value="">Todos</option>
            {Object.entries(stateLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="label">
          Desde
          <input className="input" type="date" name="from" defaultValue={params.get('from') ?? ''} />
        </label>
        <label className="label">
          Hasta
          <input className="input" type="date" name="to" defaultValue={params.get('to') ?? ''} />
        </label>
        <div className="flex items-end gap-2">
          <button className="btn btn-primary" type="submit" disabled={loading}>
            Filtrar
          </button>
          {filtered && (
            <Link className="btn btn-secondary" to="/admin/caja/historial">
              Quitar filtros
            </Link>
          )}
        </div>
      </Form>
      <TurnsTable list={list} confirmation />
    </div>
  );
}
