/** Menu entries of the sales area. */
import type { MenuItem } from '../../lib/menu-item';

export const menu: MenuItem[] = [
  {
    label: 'Ventas',
    icon: 'user',
    entries: [
      { label: 'Resumen', routeId: 'sales-hub' },
      { label: 'Nota de Venta', routeId: 'sales-pos' },
      { label: 'Factura Express', routeId: 'sales-invoice-pos' },
      { label: 'Clientes', routeId: 'sales-clients' },
      { label: 'Nota de Crédito', routeId: 'sales-credit-notes' },
      { label: 'Promociones', routeId: 'sales-promos' },
      { label: 'Cotizar', routeId: 'sales-quotes' },
    ],
  },
];
