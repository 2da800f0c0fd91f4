/** Page modules of the receivables area. */
import type { RouteModule } from '../../lib/route-module';

export const pages: Record<string, () => Promise<RouteModule>> = {
  'features/receivables/pages/hub': () => import('./pages/hub'),
  'features/receivables/pages/list': () => import('./pages/list'),
  'features/receivables/pages/collect': () => import('./pages/collect'),
  'features/receivables/pages/statement': () => import('./pages/statement'),
  'features/receivables/pages/payments': () => import('./pages/payments'),
  'features/receivables/pages/receipt-ticket': () => import('./pages/receipt-ticket'),
  'features/receivables/pages/receipt-a4': () => import('./pages/receipt-a4'),
  'features/receivables/pages/statement-print': () => import('./pages/statement-print'),
};
