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

/**
 * Applies the guard for a navigation to `pathname` with `user` (null when signed out).
 * Redirects to /login with a toast when nobody is signed in; raises 403 when the role is not allowed.
 */
export function guard(pathname: string, user: CurrentUser | null) {
  if (!isGuardedPath(pathname)) return;
  if (!user) {
    toast({ title: messages.unauthorizedTitle, description: messages.mustSignIn, color: 'error' });
    throw redirect('/login');
  }
  const roles = allowedRoles(pathname);
  if (roles && !roles.includes(user.role)) {
    toast({ title: messages.unauthorizedTitle, description: messages.noPermissionPage, color: 'error' });
    throw data(messages.noPermissionPage, { status: 403 });
  }
}
