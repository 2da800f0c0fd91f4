/**
 * Facts about routes derived from the route table: full paths, inherited roles and titles. The
 * menu, the guard and links use these, so a page's path and roles are written once.
 */
import { routeTable, type RouteDef, type Role } from '../route-table';
import type { RouteId } from './route-def';

export interface RouteInfo {
  id: RouteId;
  path: string;
  roles?: Role[];
  title?: string;
}

const join = (parent: string, path: string) =>
  path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`;

function collect(defs: RouteDef[], parentPath: string, parentRoles: Role[] | undefined, out: Map<RouteId, RouteInfo>) {
  for (const def of defs) {
    const path = def.path ? join(parentPath, def.path) : parentPath;
    const roles = def.roles ?? parentRoles;
    out.set(def.id, { id: def.id, path: path || '/', roles, title: def.title });
    if (def.children) collect(def.children, path, roles, out);
  }
}

const infos = new Map<RouteId, RouteInfo>();
collect(routeTable, '', undefined, infos);

/** Info of a route id (undefined when no such route exists yet). */
export function routeInfo(id: RouteId): RouteInfo | undefined {
  return infos.get(id);
}

/** Whether `role` may open route `id`. */
export function roleAllowed(id: RouteId, role: Role): boolean {
  const info = infos.get(id);
  return Boolean(info) && (!info?.roles || info.roles.includes(role));
}
