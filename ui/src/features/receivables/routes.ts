/** Routes of receivables (cuentas por cobrar, admin and user): hub, list, collect, statement, payments, printouts. */
import { ADMIN_USER } from '../../lib/api-types';
import { printable, type RouteDef } from '../../lib/route-def';
import { menuGroup, type MenuItem } from '../../lib/menu-item';

/** Back-office pages (under /admin). */
export const adminRoutes: RouteDef[] = [
  { id: 'admin-cxc', path: 'cxc', page: 'features/receivables/pages/hub', title: 'Cuentas por cobrar', roles: ADMIN_USER, data: true },
  { id: 'admin-cxc-list', path: 'cxc/listaCxC', page: 'features/receivables/pages/list', title: 'Cuentas por cobrar', roles: ADMIN_USER, data: true },
  { id: 'admin-cxc-collect', path: 'cxc/cobrarCxC', page: 'features/receivables/pages/collect', title: 'Cobrar', roles: ADMIN_USER, data: true },
  { id: 'admin-cxc-statement', path: 'cxc/estadoCuenta', page: 'features/receivables/pages/statement', title: 'Estado de cuenta', roles: ADMIN_USER, data: true },
  { id: 'admin-cxc-payments', path: 'cxc/:id/pagos', page: 'features/receivables/pages/payments', title: 'Pagos de la cuenta por cobrar', roles: ADMIN_USER, numericParams: ['id'], data: true },
];

/** Printouts: receipts (80 mm and A4) and the account statement, complete HTML without scripts. */
export const freeRoutes: RouteDef[] = [
  printable('cxc-receipt-ticket', '/tickets/cxc/recibo/:id/Ticket80', 'features/receivables/pages/receipt-ticket', 'Recibo de cobro', { roles: ADMIN_USER, numericParams: ['id'] }),
  printable('cxc-receipt-a4', '/tickets/cxc/recibo/:id/A4', 'features/receivables/pages/receipt-a4', 'Recibo de cobro', { roles: ADMIN_USER, numericParams: ['id'] }),
  printable('cxc-statement-print', '/tickets/cxc/:id/estado_de_cuenta', 'features/receivables/pages/statement-print', 'Estado de cuenta', { roles: ADMIN_USER, numericParams: ['id'] }),
];

/** Menu entries of receivables (roles come from the route table). */
export const menu: MenuItem[] = [
  menuGroup('Cuentas por cobrar', 'chart', [
    ['Resumen', 'admin-cxc'], ['Cuentas por cobrar', 'admin-cxc-list'], ['Cobrar', 'admin-cxc-collect'],
    ['Estado de cuenta', 'admin-cxc-statement'],
  ]),
];
