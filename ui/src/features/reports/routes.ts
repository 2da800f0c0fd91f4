/** Routes of the owner's reports: the reports page and its printable A4 (admin and user). */
import { ADMIN_USER } from '../../lib/api-types';
import { printable, type RouteDef } from '../../lib/route-def';
import type { MenuItem } from '../../lib/menu-item';

/** Back-office pages (under /admin). */
export const adminRoutes: RouteDef[] = [
  { id: 'admin-reports', path: 'reportes', page: 'features/reports/pages/reports', title: 'Reportes', roles: ADMIN_USER, data: true },
];

/** The printable sales report (free layout, no scripts). */
export const freeRoutes: RouteDef[] = [
  printable('admin-reports-print', '/admin/reportes/imprimir', 'features/reports/pages/print', 'Reporte de ventas', { roles: ADMIN_USER }),
];

/** Menu entries of the reports area (roles come from the route table). */
export const menu: MenuItem[] = [
  { label: 'Reportes', icon: 'chart', entries: [{ label: 'Ventas y stock', routeId: 'admin-reports' }] },
];
