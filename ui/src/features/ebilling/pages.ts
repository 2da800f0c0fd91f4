/** Page modules of the electronic-billing area. */
import type { RouteModule } from '../../lib/route-module';

export const pages: Record<string, () => Promise<RouteModule>> = {
  'features/ebilling/pages/documents': () => import('./pages/documents'),
  'features/ebilling/pages/setup': () => import('./pages/setup'),
  'features/ebilling/pages/credit-note': () => import('./pages/credit-note'),
  'features/ebilling/pages/remission-guide': () => import('./pages/remission-guide'),
  'features/ebilling/pages/ride': () => import('./pages/ride'),
  'features/ebilling/pages/ride-a4': () => import('./pages/ride-a4'),
  'features/ebilling/pages/ride-ticket': () => import('./pages/ride-ticket'),
  'features/ebilling/pages/invoice': () => import('./pages/invoice'),
};
