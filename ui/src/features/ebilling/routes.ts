/**
 * Routes of the electronic-billing area (issue 23: everything under /admin/ebilling, and the
 * printable RIDEs of facturas, notas de crédito and guías de remisión (A4 only), `{id}` = `sri_documents.id`; RIDE loaders in
 * `server/controllers/ebilling/ride/pages.rs`). Other pages of the area are appended to `ebillingPages` (back office) and
 * `freeRoutes` (printable documents) — one entry each, in any order.
 */
import { ADMIN, ALL } from '../../lib/api-types';
import type { RouteDef, RouteId } from '../../lib/route-def';
import { menuGroup, type MenuItem } from '../../lib/menu-item';

/** Pages under /admin/ebilling (each sets its own `roles` when narrower than every role). */
export const ebillingPages: RouteDef[] = [
  { id: 'ebilling-documents', index: true, page: 'features/ebilling/pages/documents', title: 'Comprobantes electrónicos', data: true },
  { id: 'ebilling-remission-guide', path: 'guiaDeRemision', page: 'features/ebilling/pages/remission-guide', title: 'Guía de remisión electrónica', data: true },
  { id: 'ebilling-test', path: 'test', page: 'features/ebilling/pages/setup', title: 'Configuración de la facturación electrónica', roles: ADMIN, data: true },
  { id: 'ebilling-credit-notes', path: 'nota_de_credito', page: 'features/ebilling/pages/credit-note', title: 'Nota de crédito electrónica', data: true },
  { id: 'ebilling-invoice', path: 'factura', page: 'features/ebilling/pages/invoice', title: 'Factura electrónica', data: true },
  { id: 'ebilling-ride', path: 'RIDE/:accessKey', page: 'features/ebilling/pages/ride', title: 'RIDE', data: true },
];

/** Back-office pages (under /admin). */
export const adminRoutes: RouteDef[] = [
  { id: 'ebilling', path: 'ebilling', page: 'layouts/outlet', title: 'Facturación electrónica', roles: ALL, children: ebillingPages },
];

const printable = (id: RouteId, path: string, page: string, title: string): RouteDef => ({
  id,
  path,
  page: `features/ebilling/pages/${page}`,
  title,
  auth: true,
  printable: true,
  numericParams: ['id'],
  data: true,
});

/** Printable documents (free layout: complete HTML, no scripts), every signed-in role. */
export const freeRoutes: RouteDef[] = [
  printable('ride-factura-a4', '/tickets/factura/:id/A4SRI', 'ride-a4', 'Factura'),
  printable('ride-factura-ticket', '/tickets/factura/:id/Ticket80', 'ride-ticket', 'Factura'),
  printable('ride-credit-note-a4', '/tickets/notaCredito/:id/A4SRI', 'ride-a4', 'Nota de crédito'),
  printable('ride-credit-note-ticket', '/tickets/notaCredito/:id/Ticket80', 'ride-ticket', 'Nota de crédito'),
  printable('ride-guide-a4', '/tickets/guiaRemision/:id/A4SRI', 'ride-a4', 'Guía de remisión'),
  printable('ride-withholding-a4', '/tickets/retencion/:id/A4SRI', 'ride-a4', 'Comprobante de retención'),
  // The buyer's signed, expiring link (no session; `server/controllers/ebilling/ride/public.rs`).
  { id: 'ride-public', path: '/ride/:accessKey', page: 'features/ebilling/pages/ride-a4', title: 'RIDE', printable: true, data: true },
];

/** Menu entries of the electronic-billing area. */
export const menu: MenuItem[] = [
  menuGroup('Facturación electrónica', 'mail', [
    ['Comprobantes', 'ebilling-documents'], ['Guía de remisión', 'ebilling-remission-guide'], ['Configuración', 'ebilling-test'],
    ['Nota de crédito', 'ebilling-credit-notes'], ['Factura', 'ebilling-invoice'],
  ]),
];
