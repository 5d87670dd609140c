import type { OperatorCapability } from '@gvm/contract';
import { operatorDisplayName, roleCan } from '@gvm/contract';
import { asc, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { operators } from '../../db/schema/operators';

/**
 * An operator as other modules' pages name them: id, e-mail, and the display name the chat signs
 * their replies with (`operatorDisplayName`, decision 074), nothing more.
 */
export interface OperatorName {
  id: string;
  email: string;
  displayName: string;
}

const named = (row: { id: string; email: string }): OperatorName => ({
  id: row.id,
  email: row.email,
  displayName: operatorDisplayName(row.email),
});

/** Names the given operators (who wrote a reply, who is assigned), disabled ones included. */
export async function operatorNames(db: Executor, ids: readonly string[]): Promise<Map<string, OperatorName>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: operators.id, email: operators.email })
    .from(operators)
    .where(inArray(operators.id, unique));
  return new Map(rows.map((row) => [row.id, named(row)]));
}

/** The enabled operators whose role has a capability (docs/product/operators.md#roles), by e-mail. */
export async function operatorsWithCapability(db: Executor, capability: OperatorCapability): Promise<OperatorName[]> {
  const rows = await db
    .select({ id: operators.id, email: operators.email, role: operators.role })
    .from(operators)
    .where(isNull(operators.disabledAt))
    .orderBy(asc(operators.email));
  return rows.filter((row) => roleCan(row.role, capability)).map(named);
}

/** Operators' e-mails by id, for console pages that name who did what (ids not found are absent). */
export async function findOperatorEmails(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  const names = await operatorNames(db, ids);
  return new Map([...names].map(([id, operator]) => [id, operator.email]));
}
