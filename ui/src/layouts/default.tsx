/**
 * The `default` layout: the back office frame — menu, top bar with company, branch and user, and a
 * banner while the company's licence leaves it read-only.
 */
import { useEffect, useState } from 'react';
import { Outlet, useLoaderData, useLocation, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Sidebar, type SidebarState } from '../components/layout/sidebar';
import { Topbar } from '../components/layout/topbar';
import type { AdminFrame } from '../lib/api-types';
import { currentUser } from '../lib/current-user';
import { requireRole } from '../lib/guard';
import { pageData } from '../lib/page-data';
import type { RootData } from '../lib/root-data';

/** The role guard first, then the frame's data (the branches for the selector). */
export async function loader({ request }: LoaderFunctionArgs): Promise<AdminFrame | null> {
  await requireRole(new URL(request.url).pathname, await currentUser(request));
  return pageData<AdminFrame | null>(request, 'admin');
}

/** The user (and so the roles) are loaded on each navigation. */
export const shouldRevalidate = () => true;

/** Wide screens keep the menu beside the page (specification: hidden at 768 px or narrower). */
const isWide = () => typeof window !== 'undefined' && window.innerWidth > 768;

export default function DefaultLayout() {
  const { user } = useRouteLoaderData('root') as RootData;
  const { branches } = (useLoaderData() as AdminFrame | null) ?? { branches: [] };
  // 'auto' lets CSS decide by screen width (so the server-rendered page is already right);
  // the menu button switches to an explicit choice until the width crosses the breakpoint again.
  const [sidebar, setSidebar] = useState<SidebarState>('auto');
  const { pathname } = useLocation();
  useEffect(() => {
    let wide = isWide();
    const onResize = () => {
      if (isWide() !== wide) {
        wide = isWide();
        setSidebar('auto');
      }
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const toggle = () => setSidebar((s) => (s === 'auto' ? (isWide() ? 'closed' : 'open') : s === 'open' ? 'closed' : 'open'));
  const closeOnNarrow = () => !isWide() && setSidebar('auto');
  if (!user) return null;
  return (
    <div className="flex min-h-screen bg-gray-50 text-gray-900 dark:bg-gray-950 dark:text-gray-100">
      <Sidebar role={user.role} state={sidebar} onClose={() => setSidebar('closed')} onNavigate={closeOnNarrow} />
      <div className="flex min-w-0 flex-1 flex-col">
        <Topbar user={user} branches={branches} onMenu={toggle} />
        {user.readOnly && (
          <div role="alert" className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" data-testid="read-only-banner">
            La licencia de la empresa no está vigente: puede consultar la información, pero no registrar cambios.
            {user.role === 'admin' ? ' Revise Configuración › Licencias.' : ' Avise al administrador.'}
          </div>
        )}
        <main className="flex-1 p-4 md:p-6" key={pathname === '/admin' ? 'home' : 'page'}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
