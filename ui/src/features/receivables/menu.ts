/** Menu entries of receivables (roles come from the route table). */
import type { MenuItem } from '../../lib/menu-item';

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
