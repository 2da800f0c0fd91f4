/** Routes of the back-office home. */
import type { RouteDef } from '../../lib/route-def';

/** Back-office pages (under /admin). */
export const adminRoutes: RouteDef[] = [
  { id: 'admin-home', index: true, page: 'features/home/pages/home', title: 'Inicio', data: true },
];
