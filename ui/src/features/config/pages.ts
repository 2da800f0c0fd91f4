/** Page modules of the configuration area. */
import type { RouteModule } from '../../lib/route-module';

export const pages: Record<string, () => Promise<RouteModule>> = {
  'features/config/pages/hub': () => import('./pages/hub'),
  'features/config/pages/company': () => import('./pages/company'),
  'features/config/pages/users': () => import('./pages/users'),
  'features/config/pages/licences': () => import('./pages/licences'),
  'features/config/pages/holidays': () => import('./pages/holidays'),
};
