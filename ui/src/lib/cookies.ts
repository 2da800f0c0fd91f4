/** Reads one cookie in the browser; `undefined` during server rendering. */
export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** Name of the double-submit CSRF cookie the server sets (see server/auth/csrf.rs). */
export const CSRF_COOKIE = 'mostrador_csrf';
/** Header that must echo the CSRF cookie on every state-changing API call. */
export const CSRF_HEADER = 'X-CSRF-Token';
