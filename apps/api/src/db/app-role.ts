import type pg from 'pg';

/**
 * What the app's own database role may do (docs/deploy.md, "The database's roles"), granted by
 * `npm run migrate` as the role that owns the tables, after the migrations and on every run:
 *
 * - read and write the rows of every table, now and of the tables later migrations add (default
 *   privileges of the migrating role, which must therefore always be the one that runs them);
 * - read which migrations are applied, so a web or worker instance can tell a database behind its
 *   code (decision 055) and `npm start` finds nothing to apply;
 * - never change or remove a row of the audit trail. Its trigger refuses that to anyone, but the
 *   owner can switch the trigger off (`ALTER TABLE … DISABLE TRIGGER`, or
 *   `SET session_replication_role = replica` as a superuser); the app's role owns nothing, is no
 *   superuser and has no UPDATE, DELETE or TRUNCATE on the table, so it cannot.
 *
 * In one transaction, so instances already running never see the rights half granted.
 */
export async function grantAppRole(client: pg.Client, role: string): Promise<void> {
  const app = client.escapeIdentifier(role);
  const { rows } = await client.query<{ name: string }>('select current_database() as name');
  const database = client.escapeIdentifier(rows[0]?.name ?? '');
  await client.query('begin');
  try {
    for (const statement of [
      `grant connect on database ${database} to ${app}`,
      `grant usage on schema public to ${app}`,
      `grant select, insert, update, delete on all tables in schema public to ${app}`,
      `grant usage, select on all sequences in schema public to ${app}`,
      `alter default privileges in schema public grant select, insert, update, delete on tables to ${app}`,
      `alter default privileges in schema public grant usage, select on sequences to ${app}`,
      // Nothing an owner's part, should it have been granted before; the audit trail append-only.
      `revoke truncate, references, trigger on all tables in schema public from ${app}`,
      `revoke update, delete on public.audit_log from ${app}`,
      `grant usage on schema drizzle to ${app}`,
      `grant select on drizzle.__drizzle_migrations to ${app}`,
    ]) {
      await client.query(statement);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}
