// The cluster's database roles (docs/deploy.md, "The database's roles"): the run's database is
// owned by a migration role of its own, which runs `npm run migrate` and `npm run seed`; the web
// and worker instances connect as an app role that owns nothing, granted its rights by the
// migration (DATABASE_APP_ROLE). Before the instances start, this checks that the app role cannot
// touch the audit trail's guard.
import pg from 'pg';

const INSUFFICIENT_PRIVILEGE = '42501';

/** What the app's role must never be allowed: each must fail for want of privilege. */
const TAMPERING = [
  "update audit_log set reason = 'rewritten'",
  'delete from audit_log',
  'truncate audit_log',
  'alter table audit_log disable trigger audit_log_append_only',
  'set session_replication_role = replica',
];

/** Throws, naming each statement, unless the app role is refused every one of TAMPERING. */
export async function checkAppRoleCannotTamper(appUrl) {
  const client = new pg.Client({ connectionString: appUrl });
  await client.connect();
  const allowed = [];
  try {
    // It does reach the table: reading it is the app's right.
    await client.query('select count(*) from audit_log');
    for (const statement of TAMPERING) {
      try {
        await client.query(statement);
        allowed.push(`${statement}: allowed`);
      } catch (error) {
        if (error.code !== INSUFFICIENT_PRIVILEGE) allowed.push(`${statement}: ${error.code} ${error.message}`);
      }
    }
  } finally {
    await client.end();
  }
  if (allowed.length > 0) {
    throw new Error(`the app's database role was not refused:\n  ${allowed.join('\n  ')}`);
  }
}
