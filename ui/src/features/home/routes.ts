/** Routes of the back-office home. */
import type { RouteDef } from '../../lib/route-def';
import type { MenuItem } from '../../lib/menu-item';

/** Back-office pages (under /admin). */
export const adminRoutes: RouteDef[] = [
  { id: 'admin-home', index: true, page: 'features/home/pages/home', title: 'Inicio', data: true },
];

/** Menu entries of the back-office home. */
export const menu: MenuItem[] = [{ label: 'Inicio', routeId: 'admin-home', icon: 'home' }];
