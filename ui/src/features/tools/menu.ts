/** Menu entries of the tools area (roles come from the route table). */
import type { MenuItem } from '../../lib/menu-item';

export const menu: MenuItem[] = [
  {
    label: 'Herramientas',
    icon: 'chart',
    entries: [{ label: 'Lector .SRI', routeId: 'tools-lector' }],
  },
];
