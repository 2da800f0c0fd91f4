/**
 * `/admin/caja/historial`: the owner's history of the branch's shifts — who held which register,
 * the count, the difference, the confirmation and the arqueo of each — filtered by register,
 * cashier, state and dates (`GET /api/Turn` with the same filters).
 */
import { Form, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import { DateRangeFilters, FilterActions, FilterSelect } from '../../../components/data-list/get-filters';
import type { TurnHistoryPage } from '../../../lib/api-types';
import { stateLabels } from '../labels';
import { TurnsTable } from '../turns-table';

const FILTERS = ['cashRegisterId', 'userId', 'state', 'from', 'to'];

export default function TurnHistory() {
  const { list, registers, cashiers } = useLoaderData() as TurnHistoryPage;
  const [params] = useSearchParams();
  const loading = useNavigation().state === 'loading';
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold">Historial de turnos</h1>
        <p className="text-sm text-gray-600 dark:text-gray-300">Todos los turnos de la sucursal con su arqueo, diferencia y confirmación.</p>
      </div>
      <Form method="get" className="card grid gap-2 sm:grid-cols-3 lg:grid-cols-6" aria-label="Filtros">
        <FilterSelect label="Caja" name="cashRegisterId" all="Todas" options={registers.map((r) => [r._id, r.name])} />
        <FilterSelect label="Cajero" name="userId" all="Todos" options={cashiers.map((c) => [c._id, c.name])} />
        <FilterSelect label="Estado" name="state" all="Todos" options={Object.entries(stateLabels)} />
        <DateRangeFilters />
        <FilterActions loading={loading} filtered={FILTERS.some((k) => params.get(k))} resetTo="/admin/caja/historial" />
      </Form>
      <TurnsTable list={list} confirmation />
    </div>
  );
}
