import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

export type Db = NodePgDatabase<Record<string, never>>;

export type Database = { pool: pg.Pool; db: Db; url: string };

const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));

export function connectDatabase(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max, application_name: 'prosa' });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  return { pool, db: drizzle(pool), url };
}

export async function runMigrations(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    // Several nodes may start together: one applies migrations, the others wait for it.
    await client.query('SELECT pg_advisory_lock(727001)');
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock(727001)').catch(() => {});
    client.release();
  }
}
