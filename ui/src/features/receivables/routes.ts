/** Routes of receivables (cuentas por cobrar, admin and user): hub, list, collect, statement, payments, printouts. */
import { ADMIN_USER } from '../../lib/api-types';
import type { RouteDef } from '../../lib/route-def';
import type { MenuItem } from '../../lib/menu-item';

/** Back-office pages (under /admin). */
export const adminRoutes: RouteDef[] = [
  { id: 'admin-cxc', path: 'cxc', page: 'features/receivables/pages/hub', title: 'Cuentas por cobrar', roles: ADMIN_USER, data: true },
  { id: 'admin-cxc-list', path: 'cxc/listaCxC', page: 'features/receivables/pages/list', title: 'Cuentas por cobrar', roles: ADMIN_USER, data: true },
  { id: 'admin-cxc-collect', path: 'cxc/cobrarCxC', page: 'features/receivables/pages/collect', title: 'Cobrar', roles: ADMIN_USER, data: true },
  { id: 'admin-cxc-statement', path: 'cxc/estadoCuenta', page: 'features/receivables/pages/statement', title: 'Estado de cuenta', roles: ADMIN_USER, data: true },
  {
    id: 'admin-cxc-payments',
    path: 'cxc/:id/pagos',
    page: 'features/receivables/pages/payments',
    title: 'Pagos de la cuenta por cobrar',
    roles: ADMIN_USER,
    numericParams: ['id'],
    data: true,
  },
];

/** Printouts: receipts (80 mm and A4) and the account statement, complete HTML without scripts. */
export const freeRoutes: RouteDef[] = [
  {
    id: 'cxc-receipt-ticket',
    path: '/tickets/cxc/recibo/:id/Ticket80',
    page: 'features/receivables/pages/receipt-ticket',
    title: 'Recibo de cobro',
    auth: true,
    roles: ADMIN_USER,
    printable: true,
    numericParams: ['id'],
    data: true,
  },
  {
    id: 'cxc-receipt-a4',
    path: '/tickets/cxc/recibo/:id/A4',
    page: 'features/receivables/pages/receipt-a4',
    title: 'Recibo de cobro',
    auth: true,
    roles: ADMIN_USER,
    printable: true,
    numericParams: ['id'],
    data: true,
  },
  {
    id: 'cxc-statement-print',
    path: '/tickets/cxc/:id/estado_de_cuenta',
    page: 'features/receivables/pages/statement-print',
    title: 'Estado de cuenta',
    auth: true,
    roles: ADMIN_USER,
    printable: true,
    numericParams: ['id'],
    data: true,
  },
];

/** Menu entries of receivables (roles come from the route table). */
export const menu: MenuItem[] = [
  {
    label: 'Cuentas por cobrar',
    icon: 'chart',
    entries: [
      { label: 'Resumen', routeId: 'admin-cxc' },
      { label: 'Cuentas por cobrar', routeId: 'admin-cxc-list' },
      { label: 'Cobrar', routeId: 'admin-cxc-collect' },
      { label: 'Estado de cuenta', routeId: 'admin-cxc-statement' },
    ],
  },
];
