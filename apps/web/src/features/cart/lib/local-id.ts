/**
 * An id for something held only in this browser (a local cart line, a recipient).
 * `crypto.randomUUID` exists only in secure contexts, so plain-http deployments fall back to a
 * time-plus-random id, which is unique enough within one browser's cart.
 */
export function localId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
