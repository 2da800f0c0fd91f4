/** `/admin/caja`: my open shift (or 'Abrir caja') and the branch's registers with their state. */
import { Link, useLoaderData } from 'react-router';
import { RecordTable } from '../../../components/record-table';
import type { CashHubPage } from '../../../lib/api-types';
import { formatDateTime, formatMoney } from '../../../lib/format';

export default function CashHub() {
  const { myTurn, registers } = useLoaderData() as CashHubPage;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Caja</h1>
      <section className="card space-y-2" data-testid="my-turn">
        {myTurn ? (
          <>
            <h2 className="font-semibold">{`Turno abierto #${myTurn._id} en ${myTurn.cashRegisterName}`}</h2>
            <p className="text-sm text-gray-600 dark:text-gray-300">{`Desde ${formatDateTime(myTurn.openedAt)} · fondo inicial ${formatMoney(myTurn.openingAmount)}`}</p>
            <div className="flex flex-wrap gap-2">
              <Link to="Ingresar" className="btn btn-secondary">
                Ingresos y retiros
              </Link>
              <Link to="abrirCerrarCaja" className="btn btn-primary">
                Cerrar caja
              </Link>
            </div>
          </>
        ) : (
          <>
            <h2 className="font-semibold">No tiene un turno abierto</h2>
            <Link to="abrirCerrarCaja" className="btn btn-primary">
              Abrir caja
            </Link>
          </>
        )}
      </section>
      <section className="card">
        <h2 className="mb-2 font-semibold">Cajas de la sucursal</h2>
        <RecordTable
          rows={registers}
          empty="La sucursal todavía no tiene cajas."
          rowKey={(r) => r.cashRegister._id}
          columns={[
            { header: 'Código', className: 'py-1', cell: (r) => r.cashRegister.code },
            { header: 'Caja', cell: (r) => r.cashRegister.name },
            { header: 'Estado', cell: (r) => (!r.cashRegister.active || r.cashRegister.locked ? 'No disponible' : r.open ? 'Abierta' : 'Libre') },
            { header: 'Cajero', cell: (r) => r.turn?.userName ?? '—' },
          ]}
        />
      </section>
      <div className="flex flex-wrap gap-2 text-sm">
        <Link to="misTurnos" className="btn btn-secondary">
          Mis turnos
        </Link>
      </div>
    </div>
  );
}
