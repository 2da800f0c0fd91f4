/** Routes of the sales area (specification §2: everything under /admin/ventas). */
import { ADMIN_USER, ALL } from '../../lib/api-types';
import type { RouteDef } from '../../lib/route-def';
import type { MenuItem } from '../../lib/menu-item';

/** Back-office pages (under /admin). */
export const adminRoutes: RouteDef[] = [
  {
    id: 'sales',
    path: 'ventas',
    page: 'layouts/outlet',
    title: 'Ventas',
    roles: ALL,
    children: [
      { id: 'sales-hub', index: true, page: 'features/sales/pages/hub', title: 'Ventas', data: true },
      { id: 'sales-clients', path: 'listaclientes', page: 'features/sales/pages/clients', title: 'Clientes', data: true },
      { id: 'sales-pos', path: 'notaventa', page: 'features/sales/pages/pos', title: 'Nota de venta', data: true },
      { id: 'sales-credit-notes', path: 'notaCredito', page: 'features/sales/pages/credit-notes', title: 'Notas de crédito', data: true },
      { id: 'sales-promos', path: 'promos', page: 'features/sales/pages/promos', title: 'Promociones', roles: ADMIN_USER, data: true },
      { id: 'sales-quotes', path: 'cotizador', page: 'features/sales/pages/quotes', title: 'Cotizaciones', data: true },
      { id: 'sales-invoice-pos', path: 'facturaExpress', page: 'features/sales/pages/invoice-pos', title: 'Factura express', data: true },
    ],
  },
];

/** Printable documents (free layout: complete HTML, no scripts). */
export const freeRoutes: RouteDef[] = [
  {
    id: 'sales-note-pdf',
    path: '/admin/ventas/notaventa/:id/pdf',
    page: 'features/sales/pages/note-a4',
    title: 'Nota de venta',
    auth: true,
    printable: true,
    numericParams: ['id'],
    data: true,
  },
  {
    id: 'sales-note-ticket',
    path: '/admin/ventas/notaventa/:id/ticket',
    page: 'features/sales/pages/note-ticket',
    title: 'Nota de venta',
    auth: true,
    printable: true,
    numericParams: ['id'],
    data: true,
  },
  {
    id: 'sales-credit-note-pdf',
    path: '/admin/ventas/notaCredito/:id/pdf',
    page: 'features/sales/pages/credit-note-a4',
    title: 'Nota de crédito',
    auth: true,
    printable: true,
    numericParams: ['id'],
    data: true,
  },
  {
    id: 'sales-credit-note-ticket',
    path: '/admin/ventas/notaCredito/:id/ticket',
    page: 'features/sales/pages/credit-note-ticket',
    title: 'Nota de crédito',
    auth: true,
    printable: true,
    numericParams: ['id'],
    data: true,
  },
  {
    id: 'quote-a4',
    path: '/tickets/quoter/A4PDF',
    page: 'features/sales/pages/quote-a4',
    title: 'Cotización',
    auth: true,
    printable: true,
    data: true,
  },
];

/** Menu entries of the sales area. */
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
