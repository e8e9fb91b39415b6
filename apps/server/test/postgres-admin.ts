// Creating and dropping databases on a PostgreSQL server, for the test helpers and the run's global
// setup (which cannot import helpers.ts: it runs outside the test workers).
import pg from 'pg';

/** Runs one statement on `serverUrl`'s server over a connection of its own (create and drop database). */
export async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on `serverUrl`'s server. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
