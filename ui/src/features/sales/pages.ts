/** Page modules of the sales area. */
import type { RouteModule } from '../../route-modules';

export const pages: Record<string, () => Promise<RouteModule>> = {
  'features/sales/pages/clients': () => import('./pages/clients'),
  'features/sales/pages/promos': () => import('./pages/promos'),
};
