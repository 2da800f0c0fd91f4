/**
 * The one route table of Mostrador, as plain data, assembled from each business area's
 * `features/<area>/routes.ts`.
 *
 * Both sides read it: `routes.tsx` turns it into react-router data routes for the browser and the
 * embedded engine, and the build (`ssr-bundle/build.mjs`) writes it to `routes.json` so the Rust
 * server can match a URL, enforce sign-in and roles, and load each matched route's data before it
 * asks the engine to render. Keep it free of imports from React so it can be evaluated anywhere.
 */
import * as auth from './features/auth/routes';
import * as config from './features/config/routes';
import * as home from './features/home/routes';
import * as inventory from './features/inventory/routes';
import * as sales from './features/sales/routes';
import * as purchases from './features/purchases/routes';
import * as tools from './features/tools/routes';
import * as platform from './features/platform/routes';
import * as cash from './features/cash/routes';
import * as ebilling from './features/ebilling/routes';
import * as reports from './features/reports/routes';
import * as receivables from './features/receivables/routes';
import * as restaurant from './features/restaurant/routes';
import type { RouteDef } from './lib/route-def';

export type { Layout, Role, RouteDef } from './lib/route-def';

export { ADMIN, ADMIN_USER, ALL as WITH_CASHIER } from './lib/api-types';

export const routeTable: RouteDef[] = [
  {
    id: 'root',
    page: 'layouts/root',
    children: [
      {
        id: 'layout-landing',
        page: 'layouts/landing',
        children: [...auth.landingRoutes],
      },
      {
        id: 'admin',
        path: '/admin',
        page: 'layouts/default',
        auth: true,
        data: true,
        children: [...home.adminRoutes, ...auth.adminRoutes, ...inventory.adminRoutes, ...sales.adminRoutes, ...purchases.adminRoutes, ...tools.adminRoutes, ...config.adminRoutes, ...cash.adminRoutes, ...ebilling.adminRoutes, ...reports.adminRoutes, ...receivables.adminRoutes, ...restaurant.adminRoutes],
      },
      {
        id: 'layout-free',
        page: 'layouts/free',
        children: [...platform.freeRoutes, ...inventory.freeRoutes, ...cash.freeRoutes, ...sales.freeRoutes, ...ebilling.freeRoutes, ...reports.freeRoutes, ...receivables.freeRoutes, ...restaurant.freeRoutes],
      },
      ...platform.rootRoutes,
    ],
  },
];
