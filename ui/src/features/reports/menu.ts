/** Menu entries of the reports area (roles come from the route table). */
import type { MenuItem } from '../../lib/menu-item';

export const menu: MenuItem[] = [
  {
    label: 'Reportes',
    icon: 'chart',
    entries: [{ label: 'Ventas y stock', routeId: 'admin-reports' }],
  },
];
