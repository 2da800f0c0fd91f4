/** Page modules of the purchases area. */
import type { RouteModule } from '../../lib/route-module';

export const pages: Record<string, () => Promise<RouteModule>> = {
  'features/purchases/pages/suppliers': () => import('./pages/suppliers'),
  'features/purchases/pages/merchandise': () => import('./pages/merchandise'),
  'features/purchases/pages/expenses': () => import('./pages/expenses'),
  'features/purchases/pages/manual': () => import('./pages/manual'),
  'features/purchases/pages/payables': () => import('./pages/payables'),
  'features/purchases/pages/statement': () => import('./pages/statement'),
};
