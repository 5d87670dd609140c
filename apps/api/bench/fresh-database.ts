import pg from 'pg';

/**
 * An empty database of a bench's own on the PostgreSQL server at `serverUrl`, named `<prefix>_<time>`
 * so that runs never share one. `admin` is the connection that made it (to the server's own
 * database, e.g. to find the bench's backends); `drop` removes the database and ends `admin`.
 */
export async function createFreshDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ name: string; url: string; admin: pg.Client; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    admin,
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
