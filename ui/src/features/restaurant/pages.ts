/** Page modules of the restaurant area. */
import type { RouteModule } from '../../lib/route-module';

export const pages: Record<string, () => Promise<RouteModule>> = {
  'features/restaurant/pages/tables': () => import('./pages/tables'),
  'features/restaurant/pages/reservations': () => import('./pages/reservations'),
  'features/restaurant/pages/take-order': () => import('./pages/take-order'),
  'features/restaurant/pages/express': () => import('./pages/express'),
  'features/restaurant/pages/delivery': () => import('./pages/delivery'),
  'features/restaurant/pages/kitchen': () => import('./pages/kitchen'),
};
