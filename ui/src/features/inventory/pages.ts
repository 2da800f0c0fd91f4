/** Page modules of the inventory area. */
import type { RouteModule } from '../../route-modules';

export const pages: Record<string, () => Promise<RouteModule>> = {
  'features/inventory/pages/categories': () => import('./pages/categories'),
};
