/** Page modules of the back-office home. */
import type { RouteModule } from '../../route-modules';

export const pages: Record<string, () => Promise<RouteModule>> = {
  'features/home/pages/home': () => import('./pages/home'),
};
