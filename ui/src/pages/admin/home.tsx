/** Back-office home: who is signed in, in which company and branch. */
import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../../lib/types';

const roleNames = { admin: 'Administrador', user: 'Usuario', cashier: 'Cajero' } as const;

export default function AdminHome() {
  const { user } = useRouteLoaderData('root') as RootData;
  if (!user) return null;
  const branch = user.companySelectedData.branchOffice;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Hola, {user.name}</h1>
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
          <p>{branch ? `${branch.code} · ${branch.name}` : 'Sin sucursal seleccionada'}</p>
        </div>
      </div>
    </div>
  );
}
