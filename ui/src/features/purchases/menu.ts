/** Menu entries of the purchases area (roles come from the route table). */
import type { MenuItem } from '../../lib/menu-item';

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
