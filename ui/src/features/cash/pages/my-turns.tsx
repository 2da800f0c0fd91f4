/** `/admin/caja/misTurnos`: my shifts with expected, counted and difference. */
import { useLoaderData } from 'react-router';
import type { TurnsPage } from '../../../lib/api-types';
import { TurnsTable } from '../turns-table';

export default function MyTurns() {
  const { list } = useLoaderData() as TurnsPage;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Mis turnos</h1>
      <TurnsTable list={list} />
    </div>
  );
}
