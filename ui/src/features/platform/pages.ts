/** Page modules of the platform. */
import type { RouteModule } from '../../lib/route-module';

export const pages: Record<string, () => Promise<RouteModule>> = {
  'features/platform/pages/sample-a4': () => import('./pages/sample-a4'),
  'features/platform/pages/not-found': () => import('./pages/not-found'),
};
