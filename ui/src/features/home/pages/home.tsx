/** Back-office home: a summary of the company and the selected branch. Grows with the modules. */
import { Link, useLoaderData, useRouteLoaderData } from 'react-router';
import type { DashboardView } from '../../../lib/api-types';
import { formatDate } from '../../../lib/format';
import { roleAllowed } from '../../../lib/routes-info';
import type { RootData } from '../../../lib/root-data';
import { DashboardPanel } from '../../reports/dashboard-panel';

/** The dashboard; `null` until a company takes the account in. */
type Dashboard = DashboardView | null;

const regimes: Record<string, string> = { '1': 'Régimen general', '2': 'RIMPE emprendedor', '3': 'RIMPE negocio popular' };
const roleNames = { admin: 'Administrador', user: 'Usuario', cashier: 'Cajero' } as const;

function Stat({ label, value, to }: { label: string; value: string | number; to?: string }) {
  const body = (
    <>
      <p className="text-xs text-gray-500 uppercase">{label}</p>
      <p className="mt-1 text-2xl font-semibold">{value}</p>
    </>
  );
  return to ? (
    <Link to={to} className="card block hover:border-primary-500">
      {body}
    </Link>
  ) : (
    <div className="card">{body}</div>
  );
}

export default function AdminHome() {
  const { user } = useRouteLoaderData('root') as RootData;
  const dashboard = useLoaderData() as Dashboard;
  if (!user) return null;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{`Hola, ${user.name}`}</h1>
        <p className="text-sm text-gray-600 dark:text-gray-300">{`${roleNames[user.role]} · ${user.email}`}</p>
      </div>
      <div className="card grid gap-3 sm:grid-cols-2" data-testid="session-info">
        <div>
          <p className="text-xs text-gray-500 uppercase">Correo</p>
          <p>{user.email}</p>
        </div>
        <div>
          <p className="text-xs text-gray-500 uppercase">Rol</p>
          <p>{roleNames[user.role]}</p>
        </div>
        <div>
          <p className="text-xs text-gray-500 uppercase">Empresa</p>
          <p>{user.companyName ?? 'Sin empresa asignada'}</p>
        </div>
        <div>
          <p className="text-xs text-gray-500 uppercase">Sucursal</p>
          <p>{dashboard?.branch ? `${dashboard.branch.code} · ${dashboard.branch.name}` : 'Sin sucursal seleccionada'}</p>
        </div>
      </div>
      {!dashboard ? (
        <div className="card text-sm text-gray-700 dark:text-gray-200" data-testid="no-company">
          Su cuenta todavía no pertenece a una empresa. Pida al administrador de su negocio que lo agregue con su correo
          electrónico en Configuración › Usuarios.
        </div>
      ) : (
        <>
          {dashboard.reports ? <DashboardPanel d={dashboard.reports} /> : null}
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Stat label="Régimen" value={regimes[dashboard.company.typeRegimen] ?? dashboard.company.typeRegimen} />
            <Stat label="Ambiente SRI" value={dashboard.company.sriEnvironment === 'produccion' ? 'Producción' : 'Pruebas'} />
            <Stat label="Usuarios" value={dashboard.counts.users} to={roleAllowed('config-users', user.role) ? '/admin/configAdmin/usuarios' : undefined} />
            <Stat label="Categorías" value={dashboard.counts.categories} to={roleAllowed('admin-categories', user.role) ? '/admin/categorias' : undefined} />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <div className="card space-y-2">
              <h2 className="font-semibold">Sucursal seleccionada</h2>
              {dashboard.branch ? (
                <>
                  <p>{`${dashboard.branch.code} · ${dashboard.branch.name}`}</p>
                  <p className="text-sm text-gray-600 dark:text-gray-300">{dashboard.branch.address}</p>
                  <p className="text-sm">
                    {`Puntos de emisión: ${dashboard.branch.emissionPoints.filter((p) => p.active).map((p) => p.code).join(', ') || 'ninguno'}`}
                  </p>
                </>
              ) : (
                <p className="text-sm text-gray-600">No tiene una sucursal asignada.</p>
              )}
            </div>
            <div className="card space-y-2">
              <h2 className="font-semibold">Próximos feriados</h2>
              {dashboard.upcomingHolidays.length === 0 ? (
                <p className="text-sm text-gray-600 dark:text-gray-300">No hay feriados registrados para los próximos días.</p>
              ) : (
                <ul className="text-sm">
                  {dashboard.upcomingHolidays.map((h) => (
                    <li key={h._id}>{`${formatDate(h.date)} · ${h.name}`}</li>
                  ))}
                </ul>
              )}
            </div>
          </div>
          <div className={`card text-sm ${dashboard.licence.expired ? 'border-amber-400' : ''}`} data-testid="licence-summary">
            {dashboard.licence.expired
              ? 'La licencia no está vigente: la aplicación está en modo de solo lectura.'
              : `Licencia ${dashboard.licence.plan} vigente hasta el ${formatDate(dashboard.licence.validUntil ?? '')} (${dashboard.licence.daysLeft} días).`}
          </div>
        </>
      )}
    </div>
  );
}
