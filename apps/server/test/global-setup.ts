import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase, runMigrations } from '../src/platform/db';
import { type EmbeddedDb, startEmbeddedPostgres } from '../src/platform/embedded-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    templateDb: string;
  }
}

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Tests run against the machine's PostgreSQL (TEST_DATABASE_URL, default 127.0.0.1:5432) or, when it is not
 * reachable, an embedded one. Migrations run once into a template; each test file clones it.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_URL;
  let embedded: EmbeddedDb | null = null;
  if (!(await reachable(adminUrl))) {
    const dataDir = resolve('.data/test-pg');
    await rm(dataDir, { recursive: true, force: true });
    console.log(`PostgreSQL em ${adminUrl} não responde: usando PostgreSQL embutido para os testes.`);
    embedded = await startEmbeddedPostgres({ dataDir, port: 54330, database: 'postgres' });
    adminUrl = embedded.url;
  }
  const template = `prosa_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const database = connectDatabase(withDatabase(adminUrl, template), 2);
  await runMigrations(database);
  await database.pool.end();

  project.provide('pgAdminUrl', adminUrl);
  project.provide('templateDb', template);

  return async () => {
    const rows = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
      [template, `prosa_t_${process.pid}_%`],
    );
    for (const { datname } of rows.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
    if (embedded) await embedded.stop();
  };
}
