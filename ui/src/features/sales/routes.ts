/** Routes of the sales area (specification §2: everything under /admin/ventas). */
import { ADMIN_USER, ALL } from '../../lib/api-types';
import { outlet, printable, type RouteDef } from '../../lib/route-def';
import { menuGroup, type MenuItem } from '../../lib/menu-item';

/** Back-office pages (under /admin). */
export const adminRoutes: RouteDef[] = [
  outlet('sales', 'ventas', 'Ventas', ALL, [
    { id: 'sales-hub', index: true, page: 'features/sales/pages/hub', title: 'Ventas', data: true },
    { id: 'sales-clients', path: 'listaclientes', page: 'features/sales/pages/clients', title: 'Clientes', data: true },
    { id: 'sales-pos', path: 'notaventa', page: 'features/sales/pages/pos', title: 'Nota de venta', data: true },
    { id: 'sales-credit-notes', path: 'notaCredito', page: 'features/sales/pages/credit-notes', title: 'Notas de crédito', data: true },
    { id: 'sales-promos', path: 'promos', page: 'features/sales/pages/promos', title: 'Promociones', roles: ADMIN_USER, data: true },
    { id: 'sales-quotes', path: 'cotizador', page: 'features/sales/pages/quotes', title: 'Cotizaciones', data: true },
    { id: 'sales-invoice-pos', path: 'facturaExpress', page: 'features/sales/pages/invoice-pos', title: 'Factura express', data: true },
  ]),
];

/** Printable documents (free layout: complete HTML, no scripts). */
export const freeRoutes: RouteDef[] = [
  printable('sales-note-pdf', '/admin/ventas/notaventa/:id/pdf', 'features/sales/pages/note-a4', 'Nota de venta', { numericParams: ['id'] }),
  printable('sales-note-ticket', '/admin/ventas/notaventa/:id/ticket', 'features/sales/pages/note-ticket', 'Nota de venta', { numericParams: ['id'] }),
  printable('sales-credit-note-pdf', '/admin/ventas/notaCredito/:id/pdf', 'features/sales/pages/credit-note-a4', 'Nota de crédito', { numericParams: ['id'] }),
  printable('sales-credit-note-ticket', '/admin/ventas/notaCredito/:id/ticket', 'features/sales/pages/credit-note-ticket', 'Nota de crédito', { numericParams: ['id'] }),
  printable('quote-a4', '/tickets/quoter/A4PDF', 'features/sales/pages/quote-a4', 'Cotización'),
];

/** Menu entries of the sales area. */
export const menu: MenuItem[] = [
  menuGroup('Ventas', 'user', [
    ['Resumen', 'sales-hub'], ['Nota de Venta', 'sales-pos'], ['Factura Express', 'sales-invoice-pos'],
    ['Clientes', 'sales-clients'], ['Nota de Crédito', 'sales-credit-notes'], ['Promociones', 'sales-promos'],
    ['Cotizar', 'sales-quotes'],
  ]),
];
