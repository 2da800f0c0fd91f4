/**
 * Builds react-router data routes from the route table for either side.
 *
 * The browser and the embedded engine render the same components; they differ only in where route
 * data comes from. In the engine every loader reads what the Rust server already loaded (passed in
 * as the request context); in the browser a route marked `data` fetches the same data from
 * `/api/page-data` (lib/page-data.ts), unless its module wraps that in its own `loader` (the
 * back-office frame checks the role first). Actions talk to `/api`.
 */
import type { ActionFunction, LoaderFunction, RouteObject } from 'react-router';
import { data } from 'react-router';
import { messages } from './i18n/messages';
import { pageDataLoader, routeValue } from './lib/page-data';
import { pendingUrl } from './lib/router-ref';
import { routeTable, type RouteDef } from './route-table';
import { loadPage, staticModules, type RouteModule } from './route-modules';

/** Data the Rust server hands to the engine for one render. */
export interface ServerContext {
  /** Loader data per route id, already authorised and loaded by the server. */
  data: Record<string, unknown>;
}

/** The server-side loader: returns the server's data or throws the error it decided. */
const serverLoader =
  (id: string): LoaderFunction =>
  ({ context }) =>
    routeValue((context as unknown as ServerContext).data[id]);

/**
 * On the client, a route whose numeric params are not numbers yields the specification's 404
 * before its own loader runs (the server applies the same rule when it renders).
 */
function validated(def: RouteDef, loader: LoaderFunction | undefined): LoaderFunction | undefined {
  const numeric = def.numericParams ?? [];
  if (numeric.length === 0) return loader;
  return (args) => {
    if (numeric.some((name) => !/^\d+$/.test(args.params[name] ?? ''))) {
      throw data(`${messages.pageNotFound} ${new URL(args.request.url).pathname}`, { status: 404 });
    }
    return loader ? loader(args) : null;
  };
}

function moduleParts(mod: RouteModule, side: 'server' | 'client', def: RouteDef) {
  return {
    Component: mod.default,
    ErrorBoundary: mod.ErrorBoundary,
    ...(side === 'client'
      ? {
          loader: validated(
            def,
            (mod.loader as LoaderFunction | undefined) ?? (def.data ? pageDataLoader(def.id) : undefined),
          ),
          action: mod.action as ActionFunction | undefined,
          shouldRevalidate: mod.shouldRevalidate,
        }
      : {}),
  };
}

/**
 * Waits for a page chunk. After a deploy the old hashed chunks are gone: when a chunk cannot be
 * loaded in the browser, the page being opened is loaded as a whole document instead (with the new
 * build's assets), so a navigation never breaks.
 */
async function loadOrReload(loading: Promise<RouteModule>): Promise<RouteModule> {
  try {
    return await loading;
  } catch (error) {
    if (typeof window === 'undefined') throw error;
    window.location.assign(pendingUrl());
    return new Promise<RouteModule>(() => {});
  }
}

function toRoute(def: RouteDef, side: 'server' | 'client'): RouteObject {
  const base = {
    id: def.id,
    path: def.path,
    handle: { title: def.title, printable: def.printable, roles: def.roles },
    ...(side === 'server' ? { loader: serverLoader(def.id) } : {}),
  };
  const children = def.children?.map((child) => toRoute(child, side));
  const eager = staticModules[def.page];
  const route = eager
    ? { ...base, ...moduleParts(eager, side, def), children }
    : {
        ...base,
        children,
        lazy: async () => {
          // An unknown page throws here, at once, rather than reloading the document.
          const mod = await loadOrReload(loadPage(def.page));
          if (!mod.default) throw new Error(`El módulo ${def.page} no exporta una página (export default)`);
          return moduleParts(mod, side, def);
        },
      };
  if (def.index) {
    const { children: _ignored, path: _path, ...rest } = route;
    return { ...rest, index: true } as RouteObject;
  }
  return route as RouteObject;
}

/** Data routes for `side`, built from the route table. */
export function createRoutes(side: 'server' | 'client'): RouteObject[] {
  return routeTable.map((def) => toRoute(def, side));
}
