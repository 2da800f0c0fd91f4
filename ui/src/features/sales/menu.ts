/** Menu entries of the sales area. */
import type { MenuItem } from '../../menu';

export const menu: MenuItem[] = [
  {
    label: 'Ventas',
    icon: 'user',
    entries: [
      { label: 'Clientes', routeId: 'sales-clients' },
      { label: 'Promociones', routeId: 'sales-promos' },
    ],
  },
];
