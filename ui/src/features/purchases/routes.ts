/** Routes of the purchases area (specification §6: everything under /admin/compras, every role; a supplier's statement is admin and user's). */
import { ADMIN_USER, ALL } from '../../lib/api-types';
import { outlet, type RouteDef } from '../../lib/route-def';
import { menuGroup, type MenuItem } from '../../lib/menu-item';

/** Back-office pages (under /admin). */
export const adminRoutes: RouteDef[] = [
  outlet('purchases', 'compras', 'Compras', ALL, [
    { id: 'purchases-suppliers', path: 'listaproveedores', page: 'features/purchases/pages/suppliers', title: 'Proveedores', data: true },
    { id: 'purchases-merchandise', path: 'mercaderia', page: 'features/purchases/pages/merchandise', title: 'Compras de mercadería', data: true },
    { id: 'purchases-expenses', path: 'gastos', page: 'features/purchases/pages/expenses', title: 'Gastos', data: true },
    { id: 'purchases-manual', path: 'manual', page: 'features/purchases/pages/manual', title: 'Compras manuales', data: true },
    { id: 'purchases-payables', path: 'cuentasPorPagar', page: 'features/purchases/pages/payables', title: 'Cuentas por pagar', data: true },
    { id: 'purchases-statement', path: 'estadoCuentaProveedor', page: 'features/purchases/pages/statement', title: 'Estado de cuenta de proveedor', roles: ADMIN_USER, data: true },
  ]),
];

/** Menu entries of the purchases area (roles come from the route table). */
export const menu: MenuItem[] = [
  menuGroup('Compras', 'user', [
    ['Proveedores', 'purchases-suppliers'], ['Mercadería', 'purchases-merchandise'], ['Gastos', 'purchases-expenses'],
    ['Compra manual', 'purchases-manual'], ['Cuentas por pagar', 'purchases-payables'], ['Estado de cuenta', 'purchases-statement'],
  ]),
];
