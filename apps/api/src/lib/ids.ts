const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ids are opaque strings on the wire (docs/product/README.md#api-conventions); one that is not a uuid names
 * nothing here, and must not reach a uuid column (PostgreSQL would answer an error, not 'none').
 */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
