/** Routes of the inventory area. */
import { ADMIN_USER } from '../../lib/api-types';
import type { RouteDef } from '../../route-table';

/** Back-office pages (under /admin). */
export const adminRoutes: RouteDef[] = [
  {
    id: 'admin-categories',
    path: 'categorias',
    page: 'features/inventory/pages/categories',
    title: 'Categorías',
    roles: ADMIN_USER,
    data: true,
  },
];
