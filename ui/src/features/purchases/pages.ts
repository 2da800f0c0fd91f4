/** Page modules of the purchases area. */
import type { RouteModule } from '../../lib/route-module';

export const pages: Record<string, () => Promise<RouteModule>> = {
  'features/purchases/pages/suppliers': () => import('./pages/suppliers'),
};
