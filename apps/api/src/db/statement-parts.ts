import { type Column, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/**
 * One named part of a statement that several modules write together (decisions 057 and 062): a
 * common table expression whose body inserts, updates or deletes. Each module builds the parts
 * that write its own tables; the module that owns the change puts them into one statement with
 * `runParts`. The first part claims rows and answers their ids (the gate); every row the other
 * parts write names the claimed row it belongs to (its key) and is written only if that row was
 * claimed, so one statement does the whole of each claimed change and nothing of the others.
 */
export interface StatementPart {
  name: string;
  body: SQL;
}

/** The relation of claimed ids (a column `id`) a part's rows are gated by: a row is written when its key is in it. */
export type Gate = SQL;

export const gateNamed = (name: string): Gate => sql`${sql.identifier(name)}`;

/** A row to write, and the claimed row (a checkout session's id) whose change it belongs to. */
export interface Keyed<Row> {
  key: string;
  row: Row;
}

/** Each of `rows` keyed by `key`: the rows of one change. */
export const keyedBy = <Row>(key: string, rows: readonly Row[]): Keyed<Row>[] => rows.map((row) => ({ key, row }));

/** The key's column in a recordset of keyed rows; no table has a column of this name. */
const KEY = sql.identifier('_key');

/**
 * The keyed rows whose key the gate holds, as a relation `r` with the given columns (`name type`,
 * as `jsonb_to_recordset` takes them): for parts whose writes are more than an insert of rows.
 */
export function gatedRecords(gate: Gate, rows: readonly Keyed<Record<string, unknown>>[], columns: SQL): SQL {
  const payload = rows.map(({ key, row }) => ({ ...row, _key: key }));
  return sql`(select r.* from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as r(${KEY} uuid, ${columns})
    where r.${KEY} in (select id from ${gate})) as r`;
}

/** A column's value as the database takes it in JSON: JSON columns as they are, the rest as drizzle sends them. */
function jsonValueOf(column: Column, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (column.dataType === 'json') return value;
  return column.mapToDriverValue(value);
}

/**
 * `insert into <table> (...) select ... from jsonb_to_recordset($rows)`, each row written only
 * when the gate holds its key: any number of rows, of any number of claimed changes, as one
 * parameter, typed by the table's own columns. Columns a row leaves out take their defaults;
 * `tail` is what follows (`on conflict ...`, `returning ...`).
 */
export function insertRowsWhen<T extends PgTable>(
  table: T,
  rows: readonly Keyed<T['$inferInsert']>[],
  gate: Gate,
  tail: SQL = sql``,
): SQL {
  const columnsByKey = getTableColumns(table) as Record<string, Column>;
  const keys = [...new Set(rows.flatMap(({ row }) => Object.keys(row)))].filter(
    (key) => columnsByKey[key] && rows.some(({ row }) => (row as Record<string, unknown>)[key] !== undefined),
  );
  const columns = keys.map((key) => columnsByKey[key] as Column);
  const payload = rows.map(({ key: gateKey, row }) => ({
    ...Object.fromEntries(
      keys.map((key, index) => [
        (columns[index] as Column).name,
        jsonValueOf(columns[index] as Column, (row as Record<string, unknown>)[key]),
      ]),
    ),
    _key: gateKey,
  }));
  const names = columns.map((column) => sql.identifier(column.name));
  const typed = columns.map((column) => sql`${sql.identifier(column.name)} ${sql.raw(column.getSQLType())}`);
  return sql`insert into ${table} (${sql.join(names, sql`, `)})
    select ${sql.join(
      names.map((name) => sql`r.${name}`),
      sql`, `,
    )}
    from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as r(${KEY} uuid, ${sql.join(typed, sql`, `)})
    where r.${KEY} in (select id from ${gate}) ${tail}`;
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
