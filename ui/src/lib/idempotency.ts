/**
 * The key that makes a submit idempotent: one per document the user sends (a sale, a purchase, a
 * collection, a bill), kept until the server accepts it, so a retry or a double click never
 * registers it twice. `crypto.randomUUID` where the browser has it (a secure context), else the
 * time and a random suffix.
 */
export function newKey(): string {
  const c = globalThis.crypto as Crypto | undefined;
  return c && 'randomUUID' in c ? c.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
