/** Page modules of the back-office home. */
import type { RouteModule } from '../../lib/route-module';

export const pages: Record<string, () => Promise<RouteModule>> = {
  'features/home/pages/home': () => import('./pages/home'),
};
