/** `/admin/configAdmin/licencias`: the company's licence. Licences are issued by the provider. */
import { useLoaderData } from 'react-router';
import type { LicenceView } from '../../../lib/api-types';
import { formatDate } from '../../../lib/format';

export default function LicencesPage() {
  const licence = useLoaderData() as LicenceView;
  return (
    <div className="max-w-2xl space-y-4">
      <h1 className="text-2xl font-bold">Licencias</h1>
      <div className="card space-y-4" data-testid="licence">
        <div className="flex items-center justify-between">
          <h2 className="text-lg font-semibold">{licence.plan ? `Plan ${licence.plan}` : 'Sin licencia'}</h2>
          <span className={`rounded-full px-3 py-1 text-sm ${licence.expired ? 'bg-red-100 text-red-800' : 'bg-primary-100 text-primary-800'}`}>
            {licence.expired ? 'No vigente' : 'Vigente'}
          </span>
        </div>
        <dl className="grid gap-3 sm:grid-cols-3">
          <div>
            <dt className="text-xs text-gray-500 uppercase">Válida hasta</dt>
            <dd>{licence.validUntil ? formatDate(licence.validUntil) : '—'}</dd>
          </div>
          <div>
            <dt className="text-xs text-gray-500 uppercase">Días restantes</dt>
            <dd>{licence.daysLeft}</dd>
          </div>
          <div>
            <dt className="text-xs text-gray-500 uppercase">Usuarios activos</dt>
            <dd>{`${licence.usersActive} de ${licence.usersAllowed ?? 0}`}</dd>
          </div>
        </dl>
        <p className="text-sm text-gray-600 dark:text-gray-300">
          {licence.expired
            ? 'Mientras la licencia no esté vigente, la aplicación funciona en modo de solo lectura. Para renovarla, contacte a su proveedor de Mostrador.'
            : 'Para ampliar usuarios o renovar el plan, contacte a su proveedor de Mostrador.'}
        </p>
      </div>
    </div>
  );
}
