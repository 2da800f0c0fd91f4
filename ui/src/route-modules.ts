/**
 * Where each `page` of the route table lives. Layouts load eagerly (they frame every page);
 * pages are split into their own client chunks and loaded on demand, listed by each area's
 * `features/<area>/pages.ts`.
 */
import * as root from './layouts/root';
import * as landing from './layouts/landing';
import * as defaultLayout from './layouts/default';
import * as free from './layouts/free';
import * as outlet from './layouts/outlet';
import { pages as authPages } from './features/auth/pages';
import { pages as configPages } from './features/config/pages';
import { pages as homePages } from './features/home/pages';
import { pages as inventoryPages } from './features/inventory/pages';
import { pages as salesPages } from './features/sales/pages';
import { pages as purchasesPages } from './features/purchases/pages';
import { pages as toolsPages } from './features/tools/pages';
import { pages as platformPages } from './features/platform/pages';
import { pages as cashPages } from './features/cash/pages';
import { pages as ebillingPages } from './features/ebilling/pages';
import { pages as reportsPages } from './features/reports/pages';
import { pages as receivablesPages } from './features/receivables/pages';
import { pages as restaurantPages } from './features/restaurant/pages';
import type { RouteModule } from './lib/route-module';

export type { RouteModule };

export const staticModules: Record<string, RouteModule> = {
  'layouts/root': root,
  'layouts/landing': landing,
  'layouts/default': defaultLayout,
  'layouts/free': free,
  'layouts/outlet': outlet,
};

export const pageModules: Record<string, () => Promise<RouteModule>> = {
  ...authPages,
  ...homePages,
  ...configPages,
  ...inventoryPages,
  ...salesPages,
  ...purchasesPages,
  ...toolsPages,
  ...platformPages,
  ...cashPages,
  ...ebillingPages,
  ...reportsPages,
  ...receivablesPages,
  ...restaurantPages,
};
