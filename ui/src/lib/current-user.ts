/**
 * Who is signed in, fetched once per navigation: the root loader (sign-in guard) and the back
 * office layout (role guard) run in parallel for the same request and share one `/api/user` call.
 */
import { ApiError, apiGet } from './api';
import type { CurrentUser } from './types';

const pending = new WeakMap<Request, Promise<CurrentUser | null>>();

/** The signed-in user for this navigation, or null. A 403 (locked user) is rethrown. */
export function currentUser(request: Request): Promise<CurrentUser | null> {
  let found = pending.get(request);
  if (!found) {
    found = apiGet<CurrentUser>('/api/user', { quiet: true }).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    });
    pending.set(request, found);
  }
  return found;
}
