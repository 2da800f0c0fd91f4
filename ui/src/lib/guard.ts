/**
 * The client half of the access guard (the server enforces the same rules on every request).
 * Only paths containing 'admin' are guarded; the user is loaded on each navigation.
 */
import { data, matchRoutes, redirect } from 'react-router';
import { messages } from '../i18n/messages';
import { routeTable, type RouteDef, type Role } from '../route-table';
import { toast } from './toast';
import type { CurrentUser } from './types';

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

/** Sign-in half of the guard (root loader): nobody signed in on a guarded path → toast, /login. */
export function requireSignIn(pathname: string, user: CurrentUser | null) {
  if (isGuardedPath(pathname) && !user) {
    toast({ title: messages.unauthorizedTitle, description: messages.mustSignIn, color: 'error' });
    throw redirect('/login');
  }
}

/**
 * Role half of the guard (back-office layout loader): a role the page does not admit raises 403,
 * which the error screen shows (with its 'No autorizado' toast) while the root keeps the user.
 */
export function requireRole(pathname: string, user: CurrentUser | null) {
  const roles = allowedRoles(pathname);
  if (user && roles && !roles.includes(user.role)) {
    throw data(messages.noPermissionPage, { status: 403 });
  }
}
