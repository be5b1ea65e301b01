import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { createNotifier, wakeAfterCommits } from './wake';

export type Db = NodePgDatabase<Record<string, never>>;
/** The handle inside db.transaction(…). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = { pool: pg.Pool; db: Db; url: string };

const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));

export function connectDatabase(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max, application_name: 'prosa' });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  return { pool, db: wakeAfterCommits(drizzle(pool), createNotifier(pool)), url };
}

export function migrateDatabase(database: Database): Promise<void> {
  return migrate(database.db, { migrationsFolder });
}

export async function runMigrations(database: Database): Promise<void> {
  await withStartupLock(database, () => migrateDatabase(database));
}

/**
 * Several nodes may start together against one database: schema changes, seeding and the job queue's own
 * set-up run under one advisory lock, one node at a time (concurrent set-ups deadlock otherwise).
 */
export async function withStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727001)');
    return await work();
  } finally {
    await client.query('SELECT pg_advisory_unlock(727001)').catch(() => {});
    client.release();
  }
}
