import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, type Database } from '../platform/db';

// Migration 0021 moves the webhook events not yet processed into the inbox (channel_events), so an upgrade
// loses none of what Meta was already answered 200 for, and drops the old table.
const migrations = fileURLToPath(new URL('./migrations', import.meta.url));
const BEFORE = '0021_inbox';

let adminUrl: string;
let name: string;
let database: Database;
let partial: string;

async function q<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  return (await database.pool.query<T>(text, values)).rows;
}

const pending = {
  object: 'whatsapp_business_account',
  entry: [{ changes: [{ field: 'messages', value: { messages: [{ id: 'wamid.P', from: '55119' }] } }] }],
};

beforeAll(async () => {
  adminUrl = inject('pgAdminUrl');
  name = `prosa_mig_inbox_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  database = connectDatabase(u.toString(), 2);

  // The migrations as they were before 0021.
  partial = await mkdtemp(join(tmpdir(), 'prosa-mig-'));
  await cp(migrations, partial, { recursive: true });
  const journalFile = join(partial, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === BEFORE);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalFile, JSON.stringify(journal));
  await migrate(database.db, { migrationsFolder: partial });

  // One processed event, one waiting for its first run, one retried twice already.
  await q(
    `INSERT INTO waent_webhook_events (company_id, channel_id, payload, received_at, processed_at, attempts, error)
     VALUES (1, 5, '{"done": true}', now() - interval '1 hour', now(), 1, null),
            (1, 5, $1, now() - interval '2 minutes', null, 0, null),
            (2, 6, '{"invalid": "x"}', now() - interval '10 days', null, 2, 'falhou')`,
    [JSON.stringify(pending)],
  );
  await migrate(database.db, { migrationsFolder: migrations });
}, 60_000);

afterAll(async () => {
  await database?.pool.end();
  if (partial) await rm(partial, { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe('migration 0021 (inbox)', () => {
  it('moves the unprocessed webhook events into channel_events, in order, with their tries and errors', async () => {
    const rows = await q<{
      company_id: number;
      channel_id: number;
      ordering_key: string;
      payload: unknown;
      attempts: number;
      error: string | null;
      processed_at: Date | null;
    }>(
      `SELECT company_id, channel_id, ordering_key, payload, attempts, error, processed_at
       FROM channel_events ORDER BY id`,
    );
    expect(rows).toEqual([
      {
        company_id: 1,
        channel_id: 5,
        ordering_key: 'legacy',
        payload: pending,
        attempts: 0,
        error: null,
        processed_at: null,
      },
      {
        company_id: 2,
        channel_id: 6,
        ordering_key: 'legacy',
        payload: { invalid: 'x' },
        attempts: 2,
        error: 'falhou',
        processed_at: null,
      },
    ]);
  });

  it('drops waent_webhook_events and partitions channel_events by day, with a DEFAULT partition', async () => {
    const [old] = await q<{ t: string | null }>(`SELECT to_regclass('waent_webhook_events')::text AS t`);
    expect(old?.t).toBeNull();
    const parts = await q<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = 'channel_events'::regclass ORDER BY 1`,
    );
    const today = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    expect(parts.map((p) => p.name)).toEqual(
      expect.arrayContaining(['channel_events_default', `channel_events_${today}`]),
    );
    expect(parts).toHaveLength(5);
  });
});
