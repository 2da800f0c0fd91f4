/** Page modules of the account area, each loaded on demand in its own chunk. */
import type { RouteModule } from '../../lib/route-module';

export const pages: Record<string, () => Promise<RouteModule>> = {
  'features/auth/pages/landing': () => import('./pages/landing'),
  'features/auth/pages/register': () => import('./pages/register'),
  'features/auth/pages/login': () => import('./pages/login'),
  'features/auth/pages/reset-password': () => import('./pages/reset-password'),
  'features/auth/pages/verify-email': () => import('./pages/verify-email'),
  'features/auth/pages/theme': () => import('./pages/theme'),
};
