/** Data of the root route: who is signed in and the CSRF token for forms that work without JavaScript. */
import type { CurrentUserView } from './api-types';

export interface RootData {
  user: CurrentUserView | null;
  csrf: string;
}
