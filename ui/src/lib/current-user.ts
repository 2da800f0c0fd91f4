/**
 * Who is signed in, fetched once per navigation: the root loader (sign-in guard) and the back
 * office layout (role guard) run in parallel for the same request and share one `/api/user` call.
 */
import { ApiError, apiGet } from './api';
import type { CurrentUserView } from './api-types';

const pending = new WeakMap<Request, Promise<CurrentUserView | null>>();

/** The signed-in user for this navigation, or null. A 403 (locked user) is rethrown. */
export function currentUser(request: Request): Promise<CurrentUserView | null> {
  let found = pending.get(request);
  if (!found) {
    found = apiGet<CurrentUserView>('/api/user', { quiet: true }).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    });
    pending.set(request, found);
  }
  return found;
}
