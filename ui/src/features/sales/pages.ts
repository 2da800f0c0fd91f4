/** Page modules of the sales area. */
import type { RouteModule } from '../../lib/route-module';

export const pages: Record<string, () => Promise<RouteModule>> = {
  'features/sales/pages/clients': () => import('./pages/clients'),
  'features/sales/pages/hub': () => import('./pages/hub'),
  'features/sales/pages/pos': () => import('./pages/pos'),
  'features/sales/pages/credit-notes': () => import('./pages/credit-notes'),
  'features/sales/pages/note-a4': () => import('./pages/note-a4'),
  'features/sales/pages/note-ticket': () => import('./pages/note-ticket'),
  'features/sales/pages/credit-note-a4': () => import('./pages/credit-note-a4'),
  'features/sales/pages/credit-note-ticket': () => import('./pages/credit-note-ticket'),
  'features/sales/pages/promos': () => import('./pages/promos'),
  'features/sales/pages/quotes': () => import('./pages/quotes'),
  'features/sales/pages/quote-a4': () => import('./pages/quote-a4'),
  'features/sales/pages/invoice-pos': () => import('./pages/invoice-pos'),
};
