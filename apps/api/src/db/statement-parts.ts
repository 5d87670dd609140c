import { type Column, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/**
 * One named part of a statement that several modules write together (decision 057): a common
 * table expression whose body inserts, updates or deletes. Each module builds the parts that write
 * its own tables; the module that owns the change puts them into one statement with `runParts`.
 * Every part but the first writes only when the gate (a relation named by an earlier part) has a
 * row, so one statement does all of the change or, the gate being empty, none of it.
 */
export interface StatementPart {
  name: string;
  body: SQL;
}

/** The relation a part's gate names: `exists (select from <gate>)` decides whether it writes. */
export type Gate = SQL;

export const gateNamed = (name: string): Gate => sql`${sql.identifier(name)}`;

/** A column's value as the database takes it in JSON: JSON columns as they are, the rest as drizzle sends them. */
function jsonValueOf(column: Column, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (column.dataType === 'json') return value;
  return column.mapToDriverValue(value);
}

/**
 * `insert into <table> (...) select ... from jsonb_to_recordset($rows)`, writing only when the
 * gate has a row: any number of rows as one parameter, typed by the table's own columns. Columns
 * a row leaves out take their defaults; `tail` is what follows (`on conflict ...`, `returning ...`).
 */
export function insertRowsWhen<T extends PgTable>(
  table: T,
  rows: readonly T['$inferInsert'][],
  gate: Gate,
  tail: SQL = sql``,
): SQL {
  const columnsByKey = getTableColumns(table) as Record<string, Column>;
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter(
    (key) => columnsByKey[key] && rows.some((row) => (row as Record<string, unknown>)[key] !== undefined),
  );
  const columns = keys.map((key) => columnsByKey[key] as Column);
  const payload = rows.map((row) =>
    Object.fromEntries(
      keys.map((key, index) => [
        (columns[index] as Column).name,
        jsonValueOf(columns[index] as Column, (row as Record<string, unknown>)[key]),
      ]),
    ),
  );
  const names = columns.map((column) => sql.identifier(column.name));
  const typed = columns.map((column) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`);
  return sql`insert into ${table} (${sql.join(names, sql`, `)})
    select ${sql.join(
      names.map((name) => sql`r.${name}`),
      sql`, `,
    )}
    from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as r(${sql.join(typed, sql`, `)})
    where exists (select from ${gate}) ${tail}`;
}

/**
 * Runs the parts as one statement, `with <part>, <part>, ... <result>`, and answers the result's
 * rows. A single statement is atomic by itself; in a transaction it is one step of it.
 */
export async function runParts<Row>(db: Executor, parts: readonly StatementPart[], result: SQL): Promise<Row[]> {
  const names = new Set(parts.map((part) => part.name));
  if (names.size !== parts.length) throw new Error('two statement parts share a name');
  const withParts = sql.join(
    parts.map((part) => sql`${sql.identifier(part.name)} as (${part.body})`),
    sql`, `,
  );
  const answer = await db.execute(sql`with ${withParts} ${result}`);
  // Both drivers (node-postgres and PGlite) answer a raw statement with its rows.
  return (answer as unknown as { rows: Row[] }).rows;
}
