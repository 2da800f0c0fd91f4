/** Routes of the platform itself: the sample printable and the not-found page. */
import { printable, type RouteDef } from '../../lib/route-def';

/** Printable documents (free layout). */
export const freeRoutes: RouteDef[] = [
  printable('ticket-sample-a4', '/tickets/prueba/A4', 'features/platform/pages/sample-a4', 'Documento de prueba A4'),
];

/** Directly under the root: any URL no other route matches. */
export const rootRoutes: RouteDef[] = [
  { id: 'not-found', path: '*', page: 'features/platform/pages/not-found', title: 'Página no encontrada', data: true },
];
