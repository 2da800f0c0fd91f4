/**
 * Routes of the electronic-billing area (issue 23: everything under /admin/ebilling, and the
 * printable RIDEs). Other pages of the area are appended to `ebillingPages` (back office) and
 * `freeRoutes` (printable documents) — one entry each, in any order.
 */
import { ADMIN, ALL } from '../../lib/api-types';
import type { RouteDef } from '../../lib/route-def';

/** Pages under /admin/ebilling (each sets its own `roles` when narrower than every role). */
export const ebillingPages: RouteDef[] = [
  { id: 'ebilling-documents', index: true, page: 'features/ebilling/pages/documents', title: 'Comprobantes electrónicos', data: true },
  { id: 'ebilling-remission-guide', path: 'guiaDeRemision', page: 'features/ebilling/pages/remission-guide', title: 'Guía de remisión electrónica', data: true },
  { id: 'ebilling-test', path: 'test', page: 'features/ebilling/pages/setup', title: 'Configuración de la facturación electrónica', roles: ADMIN, data: true },
  { id: 'ebilling-credit-notes', path: 'nota_de_credito', page: 'features/ebilling/pages/credit-note', title: 'Nota de crédito electrónica', data: true },
];

/** Back-office pages (under /admin). */
export const adminRoutes: RouteDef[] = [
  {
    id: 'ebilling',
    path: 'ebilling',
    page: 'layouts/outlet',
    title: 'Facturación electrónica',
    roles: ALL,
    children: ebillingPages,
  },
];

/** Printable documents (free layout: complete HTML, no scripts). */
export const freeRoutes: RouteDef[] = [];
