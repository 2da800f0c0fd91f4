/** The `default` layout: the back office frame (top bar with company, user and logout). */
import { Outlet, useRouteLoaderData } from 'react-router';
import { useLogout } from '../lib/session';
import type { RootData } from '../lib/types';

export default function DefaultLayout() {
  const root = useRouteLoaderData('root') as RootData;
  const { logout, busy } = useLogout();
  const user = root.user;
  return (
    <div className="min-h-screen bg-gray-50 text-gray-900 dark:bg-gray-950 dark:text-gray-100">
      <header className="flex items-center justify-between border-b border-gray-200 bg-white px-4 py-3 dark:border-gray-800 dark:bg-gray-900">
        <div className="flex items-center gap-3">
          <span className="text-lg font-bold text-primary-700">Mostrador</span>
          {user?.companyName && <span className="text-sm text-gray-600 dark:text-gray-300">{user.companyName}</span>}
        </div>
        <div className="flex items-center gap-3 text-sm">
          <span data-testid="current-user">{user?.name}</span>
          <button type="button" className="btn btn-secondary" onClick={logout} disabled={busy}>
            Cerrar sesión
          </button>
        </div>
      </header>
      <main className="p-4 md:p-6">
        <Outlet />
      </main>
    </div>
  );
}
