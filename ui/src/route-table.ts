/**
 * The one route table of Mostrador, as plain data, assembled from each business area's
 * `features/<area>/routes.ts`.
 *
 * Both sides read it: `routes.tsx` turns it into react-router data routes for the browser and the
 * embedded engine, and the build (`ssr-bundle/build.mjs`) writes it to `routes.json` so the Rust
 * server can match a URL, enforce sign-in and roles, and load each matched route's data before it
 * asks the engine to render. Keep it free of imports from React so it can be evaluated anywhere.
 */
import type { Role } from './lib/api-types';
import * as auth from './features/auth/routes';
import * as config from './features/config/routes';
import * as home from './features/home/routes';
import * as inventory from './features/inventory/routes';
import * as sales from './features/sales/routes';
import * as platform from './features/platform/routes';
import * as cash from './features/cash/routes';

export type { Role };

/** The three layouts of the specification. */
export type Layout = 'default' | 'free' | 'landing';

/** One route. `page` names a module under `ui/src/` (a layout or `features/<area>/pages/<name>`). */
export interface RouteDef {
  /** Stable id: react-router route id, hydration key and the Rust data-loader key. */
  id: string;
  /** Path relative to the parent route (react-router syntax: `:param`, `*`). */
  path?: string;
  /** Index route of its parent. */
  index?: boolean;
  /** Module rendering the route: `layouts/<name>` or `features/<area>/pages/<name>`. */
  page: string;
  /** Document title (Spanish). Children override their parents. */
  title?: string;
  /** Requires a signed-in user. Inherited by children. */
  auth?: boolean;
  /** Roles allowed; absent means every signed-in role. Inherited unless a child sets its own. */
  roles?: Role[];
  /** Printable document: complete HTML, no client scripts. Inherited. */
  printable?: boolean;
  /** Params that must be numeric, else the route yields 404 'Page Not Found'. */
  numericParams?: string[];
  /**
   * The server loads this route's data (its Rust loader in `server/controllers/<area>/pages.rs`);
   * in the browser it comes from `GET /api/page-data/{path}`. A test checks both sides agree.
   */
  data?: boolean;
  children?: RouteDef[];
}

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
        children: [...home.adminRoutes, ...auth.adminRoutes, ...inventory.adminRoutes, ...sales.adminRoutes, ...config.adminRoutes, ...cash.adminRoutes],
      },
      {
        id: 'layout-free',
        page: 'layouts/free',
        children: [...platform.freeRoutes, ...inventory.freeRoutes, ...cash.freeRoutes, ...sales.freeRoutes],
      },
      ...platform.rootRoutes,
    ],
  },
];
