/** Routes of the platform itself: the sample printable and the not-found page. */
import type { RouteDef } from '../../lib/route-def';

/** Printable documents (free layout). */
export const freeRoutes: RouteDef[] = [
  {
    id: 'ticket-sample-a4',
    path: '/tickets/prueba/A4',
    page: 'features/platform/pages/sample-a4',
    title: 'Documento de prueba A4',
    auth: true,
    printable: true,
    data: true,
  },
];

/** Directly under the root: any URL no other route matches. */
export const rootRoutes: RouteDef[] = [
  { id: 'not-found', path: '*', page: 'features/platform/pages/not-found', title: 'Página no encontrada', data: true },
];
