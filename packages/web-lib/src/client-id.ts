/**
 * A message's client id (decision 051: a retried send reuses it, and the server stores the message
 * once). `crypto.randomUUID` exists only in secure contexts, so plain http falls back to a
 * time-plus-random id of the contract's shape (8 to 64 letters, digits or dashes).
 */
export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
