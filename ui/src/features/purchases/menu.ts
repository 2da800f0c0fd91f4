/** Menu entries of the purchases area. */
import type { MenuItem } from '../../lib/menu-item';

export const menu: MenuItem[] = [
  {
    label: 'Compras',
    icon: 'user',
    entries: [{ label: 'Proveedores', routeId: 'purchases-suppliers' }],
  },
];
