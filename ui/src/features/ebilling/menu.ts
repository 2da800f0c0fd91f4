/** Menu entries of the electronic-billing area. */
import type { MenuItem } from '../../lib/menu-item';

export const menu: MenuItem[] = [
  {
    label: 'Facturación electrónica',
    icon: 'mail',
    entries: [
      { label: 'Comprobantes', routeId: 'ebilling-documents' },
      { label: 'Guía de remisión', routeId: 'ebilling-remission-guide' },
      { label: 'Configuración', routeId: 'ebilling-test' },
      { label: 'Nota de crédito', routeId: 'ebilling-credit-notes' },
      { label: 'Factura', routeId: 'ebilling-invoice' },
    ],
  },
];
