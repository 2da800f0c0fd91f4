/** Routes of the sales area (specification §2: everything under /admin/ventas). */
import { ADMIN_USER, ALL } from '../../lib/api-types';
import type { RouteDef } from '../../route-table';

/** Back-office pages (under /admin). */
export const adminRoutes: RouteDef[] = [
  {
    id: 'sales',
    path: 'ventas',
    page: 'layouts/outlet',
    title: 'Ventas',
    roles: ALL,
    children: [
      { id: 'sales-clients', path: 'listaclientes', page: 'features/sales/pages/clients', title: 'Clientes', data: true },
      { id: 'sales-promos', path: 'promos', page: 'features/sales/pages/promos', title: 'Promociones', roles: ADMIN_USER, data: true },
    ],
  },
];
