/**
 * Routes of the RIDE (issue 23): the printable A4 and 80 mm pages of facturas and notas de
 * crédito (`{id}` = `sri_documents.id`) and the RIDE inside the back office. Loaders:
 * `server/controllers/ride/pages.rs`.
 */
import type { RouteDef } from '../../lib/route-def';

/** Back-office page (under /admin), every role. */
export const adminRoutes: RouteDef[] = [
  { id: 'ebilling-ride', path: 'ebilling/RIDE/:accessKey', page: 'features/ebilling/pages/ride', title: 'RIDE', data: true },
];

const printable = (id: string, path: string, page: string, title: string): RouteDef => ({
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
];
