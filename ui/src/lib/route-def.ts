/**
 * The shape of a route of the route table. The areas' `features/<area>/routes.ts` declare their
 * routes with it and `route-table.ts` joins them; it lives apart so the areas never import the
 * table that imports them. Free of React, like the table.
 */
import type { Role, RouteId } from './api-types';

export type { Role, RouteId };

/** The three layouts of the specification. */
export type Layout = 'default' | 'free' | 'landing';

/** One route. `page` names a module under `ui/src/` (a layout or `features/<area>/pages/<name>`). */
export interface RouteDef {
  /** Stable id: react-router route id, hydration key and the Rust data-loader key (the server's `RouteId`). */
  id: RouteId;
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
   * The server loads this route's data (the entry of this id in the `LOADERS` of
   * `server/controllers/<area>/pages.rs`); in the browser it comes from `GET /api/page-data/{path}`.
   * `server/tests/pages/loaders.rs` fails when a `data` route has no loader or a loader names a
   * route that is not marked `data` (or names one twice).
   */
  data?: boolean;
  children?: RouteDef[];
}

/**
 * A printable document (the free layout): signed in, complete HTML without scripts, its data
 * loaded by the server; `more` adds the roles or the numeric params.
 */
export const printable = (id: RouteId, path: string, page: string, title: string, more: Partial<RouteDef> = {}): RouteDef => ({
  id,
  path,
  page,
  title,
  auth: true,
  printable: true,
  data: true,
  ...more,
});

/** A section of the back office (`/admin/<path>`) whose pages render inside it; `roles` bind them all. */
export const outlet = (id: RouteId, path: string, title: string, ...rest: [children: RouteDef[]] | [roles: Role[], children: RouteDef[]]): RouteDef => {
  const [roles, children] = rest.length === 1 ? [undefined, rest[0]] : rest;
  return { id, path, page: 'layouts/outlet', title, ...(roles && { roles }), children };
};
