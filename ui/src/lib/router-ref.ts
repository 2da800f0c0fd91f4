/**
 * The browser's router, for the few places outside React that need to know where a navigation is
 * going (a page chunk that no longer exists after a deploy → load that page as a whole document).
 */
import type { createBrowserRouter } from 'react-router';

type Router = ReturnType<typeof createBrowserRouter>;

let current: Router | null = null;

export function setRouter(router: Router) {
  current = router;
}

/** The URL being navigated to, or the current one. */
export function pendingUrl(): string {
  const location = current?.state.navigation.location;
  if (location) return `${location.pathname}${location.search}${location.hash}`;
  return typeof window === 'undefined' ? '/' : window.location.href;
}
