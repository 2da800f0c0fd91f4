/**
 * The client half of the access guard (the server enforces the same rules on every request).
 * Only paths containing 'admin' are guarded; the user is loaded on each navigation.
 */
import { data, matchRoutes, redirect } from 'react-router';
import { messages } from '../i18n/messages';
import { routeTable, type RouteDef, type Role } from '../route-table';
import { ApiError, apiGet } from './api';
import type { RouteRuleView } from './api-types';
import { toast } from './toast';
import type { CurrentUserView } from './api-types';

interface PlainRoute {
  id: string;
  path?: string;
  index?: boolean;
  roles?: Role[];
  children?: PlainRoute[];
}

const plain = (def: RouteDef): PlainRoute => ({
  id: def.id,
  path: def.path,
  index: def.index,
  roles: def.roles,
  children: def.children?.map(plain),
});
const plainRoutes = routeTable.map(plain);

/** Whether a path is guarded (the specification's rule, word for word). */
export const isGuardedPath = (pathname: string) => pathname.includes('admin');

/** Roles allowed on `pathname`: the deepest matched route that lists roles decides. */
export function allowedRoles(pathname: string): Role[] | undefined {
  const matches = matchRoutes(plainRoutes as never, pathname) ?? [];
  let roles: Role[] | undefined;
  for (const match of matches) {
    const route = match.route as PlainRoute;
    if (route.roles) roles = route.roles;
  }
  return roles;
}

/** Whether this browser's route table has a page at `pathname` (not just the catch-all). */
export function knownPath(pathname: string): boolean {
  const matches = matchRoutes(plainRoutes as never, pathname) ?? [];
  const leaf = matches[matches.length - 1]?.route as PlainRoute | undefined;
  return Boolean(leaf) && leaf?.id !== 'not-found';
}

/**
 * The rule of a page this browser's table does not know (a page added by a newer server): the
 * server says who may open it (`GET /api/routes/rule`); `null` when no such page exists.
 */
export async function serverRule(pathname: string): Promise<RouteRuleView | null> {
  try {
    return await apiGet<RouteRuleView>(`/api/routes/rule?path=${encodeURIComponent(pathname)}`, { quiet: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Sign-in half of the guard (root loader): nobody signed in on a guarded path → toast, /login. */
export function requireSignIn(pathname: string, user: CurrentUserView | null) {
  if (isGuardedPath(pathname) && !user) {
    toast({ title: messages.unauthorizedTitle, description: messages.mustSignIn, color: 'error' });
    throw redirect('/login');
  }
}

/**
 * Role half of the guard (back-office layout loader): a role the page does not admit raises 403,
 * which the error screen shows (with its 'No autorizado' toast) while the root keeps the user.
 */
export async function requireRole(pathname: string, user: CurrentUserView | null) {
  const roles = knownPath(pathname) ? allowedRoles(pathname) : ((await serverRule(pathname))?.roles ?? undefined);
  if (user && roles && !roles.includes(user.role)) {
    throw data(messages.noPermissionPage, { status: 403 });
  }
}
