/** Routes of the purchases area (specification §6: everything under /admin/compras, every role; a supplier's statement is admin and user's). */
import { ADMIN_USER, ALL } from '../../lib/api-types';
import type { RouteDef } from '../../lib/route-def';
import type { MenuItem } from '../../lib/menu-item';

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
      { id: 'purchases-merchandise', path: 'mercaderia', page: 'features/purchases/pages/merchandise', title: 'Compras de mercadería', data: true },
      { id: 'purchases-expenses', path: 'gastos', page: 'features/purchases/pages/expenses', title: 'Gastos', data: true },
      { id: 'purchases-manual', path: 'manual', page: 'features/purchases/pages/manual', title: 'Compras manuales', data: true },
      { id: 'purchases-payables', path: 'cuentasPorPagar', page: 'features/purchases/pages/payables', title: 'Cuentas por pagar', data: true },
      {
        id: 'purchases-statement',
        path: 'estadoCuentaProveedor',
        page: 'features/purchases/pages/statement',
        title: 'Estado de cuenta de proveedor',
        roles: ADMIN_USER,
        data: true,
      },
    ],
  },
];

/** Menu entries of the purchases area (roles come from the route table). */
export const menu: MenuItem[] = [
  {
    label: 'Compras',
    icon: 'user',
    entries: [
      { label: 'Proveedores', routeId: 'purchases-suppliers' },
      { label: 'Mercadería', routeId: 'purchases-merchandise' },
      { label: 'Gastos', routeId: 'purchases-expenses' },
      { label: 'Compra manual', routeId: 'purchases-manual' },
      { label: 'Cuentas por pagar', routeId: 'purchases-payables' },
      { label: 'Estado de cuenta', routeId: 'purchases-statement' },
    ],
  },
];
