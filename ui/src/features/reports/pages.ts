/** Page modules of the reports area. */
import type { RouteModule } from '../../lib/route-module';

export const pages: Record<string, () => Promise<RouteModule>> = {
  'features/reports/pages/reports': () => import('./pages/reports'),
  'features/reports/pages/print': () => import('./pages/print'),
};
