/**
 * Where each `page` of the route table lives. Layouts load eagerly (they frame every page);
 * pages load on demand, each in its own client chunk, found by their name alone: the page
 * `features/<area>/pages/<name>` is the file `features/<area>/pages/<name>.tsx`, so a new page is
 * its route in `features/<area>/routes.ts` and its file, with no list of modules to extend.
 *
 * `loadPage` imports through a template literal, which esbuild bundles as a glob: every `.tsx`
 * under a `features/<area>/pages/` folder becomes a lazy chunk of its own (and a page of the
 * build's `manifest.json`). Only pages belong there; the pieces pages share live beside the
 * folder (`features/<area>/*.tsx`, `features/<area>/components/`).
 */
import * as root from './layouts/root';
import * as landing from './layouts/landing';
import * as defaultLayout from './layouts/default';
import * as free from './layouts/free';
import * as outlet from './layouts/outlet';
import type { RouteModule } from './lib/route-module';

export type { RouteModule };

export const staticModules: Record<string, RouteModule> = {
  'layouts/root': root,
  'layouts/landing': landing,
  'layouts/default': defaultLayout,
  'layouts/free': free,
  'layouts/outlet': outlet,
};

const PAGE = /^features\/([^/]+)\/pages\/([^/]+)$/;

/**
 * Starts loading the module of `page` (`features/<area>/pages/<name>`). A page that names no
 * bundled file throws at once, before anything is fetched (esbuild's glob throws synchronously
 * for a path it did not bundle), so the caller tells an unknown page from a chunk that failed to
 * download.
 */
export function loadPage(page: string): Promise<RouteModule> {
  const [, area, name] = PAGE.exec(page) ?? [];
  if (area && name) {
    try {
      return import(`./features/${area}/pages/${name}.tsx`) as Promise<RouteModule>;
    } catch {
      // Not bundled: falls through to the error below.
    }
  }
  throw new Error(`Módulo de página desconocido: ${page}`);
}
