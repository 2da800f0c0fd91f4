/** Routes of the purchases area (specification §6: everything under /admin/compras, every role). */
import { ALL } from '../../lib/api-types';
import type { RouteDef } from '../../lib/route-def';

/** Back-office pages (under /admin). */
export const adminRoutes: RouteDef[] = [
  {
    id: 'purchases',
    path: 'compras',
    page: 'layouts/outlet',
    title: 'Compras',
    roles: ALL,
    children: [
      { id: 'purchases-suppliers', path: 'listaproveedores', page: 'features/purchases/pages/suppliers', title: 'Proveedores', data: true },
    ],
  },
];
