/** Page modules of the tools area. */
import type { RouteModule } from '../../lib/route-module';

export const pages: Record<string, () => Promise<RouteModule>> = {
  'features/tools/pages/lector': () => import('./pages/lector'),
};
