/** Page modules of the inventory area. */
import type { RouteModule } from '../../lib/route-module';

export const pages: Record<string, () => Promise<RouteModule>> = {
  'features/inventory/pages/categories': () => import('./pages/categories'),
  'features/inventory/pages/hub': () => import('./pages/hub'),
  'features/inventory/pages/products': () => import('./pages/products'),
  'features/inventory/pages/cellars': () => import('./pages/cellars'),
  'features/inventory/pages/kardex': () => import('./pages/kardex'),
  'features/inventory/pages/adjustments': () => import('./pages/adjustments'),
  'features/inventory/pages/transfers': () => import('./pages/transfers'),
  'features/inventory/pages/transfer-print': () => import('./pages/transfer-print'),
  'features/inventory/pages/stock-list': () => import('./pages/stock-list'),
  'features/inventory/pages/upload': () => import('./pages/upload'),
};
