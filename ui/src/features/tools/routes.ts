/** Routes of the tools area: the Lector .SRI (admin and user). */
import { ADMIN_USER } from '../../lib/api-types';
import type { RouteDef } from '../../lib/route-def';

/** Back-office pages (under /admin). */
export const adminRoutes: RouteDef[] = [
  { id: 'tools-lector', path: 'herramientas/lector', page: 'features/tools/pages/lector', title: 'Lector .SRI', roles: ADMIN_USER, data: true },
];
