/** Page modules of the cash area. */
import type { RouteModule } from '../../lib/route-module';

export const pages: Record<string, () => Promise<RouteModule>> = {
  'features/cash/pages/hub': () => import('./pages/hub'),
  'features/cash/pages/registers': () => import('./pages/registers'),
  'features/cash/pages/open-close': () => import('./pages/open-close'),
  'features/cash/pages/my-turns': () => import('./pages/my-turns'),
  'features/cash/pages/confirm': () => import('./pages/confirm'),
  'features/cash/pages/history': () => import('./pages/history'),
  'features/cash/pages/movement': () => import('./pages/movement'),
  'features/cash/pages/bank-accounts': () => import('./pages/bank-accounts'),
  'features/cash/pages/ticket-arqueo': () => import('./pages/ticket-arqueo'),
  'features/cash/pages/barrio': () => import('./pages/barrio'),
  'features/cash/pages/ticket-barrio': () => import('./pages/ticket-barrio'),
};
