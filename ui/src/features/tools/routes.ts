/** Routes of the tools area: the Lector .SRI (admin and user). */
import { ADMIN_USER } from '../../lib/api-types';
import type { RouteDef } from '../../lib/route-def';
import type { MenuItem } from '../../lib/menu-item';

/** Back-office pages (under /admin). */
export const adminRoutes: RouteDef[] = [
  { id: 'tools-lector', path: 'herramientas/lector', page: 'features/tools/pages/lector', title: 'Lector .SRI', roles: ADMIN_USER, data: true },
];

/** Menu entries of the tools area (roles come from the route table). */
export const menu: MenuItem[] = [
  { label: 'Herramientas', icon: 'chart', entries: [{ label: 'Lector .SRI', routeId: 'tools-lector' }] },
];
