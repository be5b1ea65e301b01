import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, type Database } from '../platform/db';

// Migration 0017 moves web chats and WhatsApp Enterprise numbers into `channels`: a database that had both, with
// ids that collide, keeps every conversation reachable through the new ids.
const migrations = fileURLToPath(new URL('./migrations', import.meta.url));
const BEFORE = '0017_channels';

let adminUrl: string;
let name: string;
let database: Database;
let partial: string;

async function q<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  return (await database.pool.query<T>(text, values)).rows;
}

beforeAll(async () => {
  adminUrl = inject('pgAdminUrl');
  name = `prosa_mig_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  database = connectDatabase(u.toString(), 2);

  // The migrations as they were before 0017.
  partial = await mkdtemp(join(tmpdir(), 'prosa-mig-'));
  await cp(migrations, partial, { recursive: true });
  const journalFile = join(partial, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === BEFORE);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalFile, JSON.stringify(journal));
  await migrate(database.db, { migrationsFolder: partial });

  // One company with a WhatsApp number (id 1) and two web chats (ids 1 and 2): web chat 1 must move.
  const [company] = await q<{ id: number }>(
    `INSERT INTO companies (name, domain) VALUES ('Migração', 'migracao.test') RETURNING id`,
  );
  const c = company?.id;
  const [person] = await q<{ id: number }>(
    `INSERT INTO persons (company_id, name) VALUES ($1, 'Contato') RETURNING id`,
    [c],
  );
  await q(
    `INSERT INTO waent_channels (company_id, id, name, default_sector_id, phone_number, phone_number_id, waba_id,
       access_token_sealed, app_secret_sealed, verify_token, api_base_url, messages_per_second)
     OVERRIDING SYSTEM VALUE VALUES ($1, 1, 'Loja', 7, '5511999990000', 'pn-1', 'waba-1', 'sealed-token',
       'sealed-secret', 'verify-me', 'https://graph.example/v19.0', 40)`,
    [c],
  );
  await q(
    `INSERT INTO webchats (company_id, id, code, name, sector_id, custom_data, logo_path)
     OVERRIDING SYSTEM VALUE VALUES ($1, 1, 'code-one', 'Site', 7, '{"nome":"Site"}', 'logo-1.png'),
       ($1, 2, 'code-two', 'Blog', 8, '{}', null)`,
    [c],
  );
  for (const [kind, channelId, ext] of [
    ['web', 1, 'v1'],
    ['web', 2, 'v2'],
    ['waent', 1, '5511988887777'],
  ] as const) {
    const [contact] = await q<{ id: number }>(
      `INSERT INTO contacts (company_id, person_id, kind, channel_id, external_id, name)
       VALUES ($1, $2, $3, $4, $5, 'Contato') RETURNING id`,
      [c, person?.id, kind, channelId, ext],
    );
    const [att] = await q<{ id: string }>(
      `INSERT INTO attendances (company_id, protocol, card_id, contact_id, person_id, channel_kind, channel_id,
         name, sector_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'Contato', 7) RETURNING id`,
      [c, `P-${kind}-${channelId}`, `${kind}_${channelId}_${ext}`, contact?.id, person?.id, kind, channelId],
    );
    await q(
      `INSERT INTO messages (company_id, attendance_id, message_id, sender_type, text)
       VALUES ($1, $2, $3, 1, 'oi')`,
      [c, att?.id, `${kind}:${channelId}:m-${ext}`],
    );
  }
  await q(
    `INSERT INTO webchat_visitors (company_id, id, webchat_id, contact_id, token_hash)
     SELECT company_id, 'visitor-1', channel_id, id, 'hash-1' FROM contacts WHERE kind = 'web' AND channel_id = 1`,
  );

  await migrate(database.db, { migrationsFolder: migrations });
});

afterAll(async () => {
  await database?.pool.end();
  if (partial) await rm(partial, { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe('migration 0017: one channels table', () => {
  it('keeps the WhatsApp number id, its config, sealed secrets and rate', async () => {
    const [ch] = await q(`SELECT * FROM channels WHERE kind = 'waent'`);
    expect(ch).toMatchObject({
      id: 1,
      name: 'Loja',
      route_key: 'pn-1',
      default_sector_id: 7,
      active: true,
      rate_per_second: 40,
      secrets_sealed: { access_token: 'sealed-token', app_secret: 'sealed-secret' },
      config: {
        broker: 'meta',
        phone_number: '5511999990000',
        waba_id: 'waba-1',
        verify_token: 'verify-me',
        api_base_url: 'https://graph.example/v19.0',
        is_cloud: true,
      },
    });
  });

  it('moves the colliding web chat to a new id everywhere it is named, and keeps the other', async () => {
    const web = await q<{
      id: number;
      route_key: string;
      config: unknown;
      profile_picture_path: string | null;
    }>(
      `SELECT id, route_key, config, profile_picture_path FROM channels WHERE kind = 'web' ORDER BY route_key`,
    );
    const one = web.find((w) => w.route_key === 'code-one');
    const two = web.find((w) => w.route_key === 'code-two');
    expect(two?.id).toBe(2);
    expect(one?.id).toBeGreaterThan(2);
    expect(one?.config).toEqual({ custom_data: { nome: 'Site' } });
    const company = (await q<{ company_id: number }>(`SELECT company_id FROM channels WHERE id = 1`))[0]
      ?.company_id;
    expect(one?.profile_picture_path).toBe(`webchats/${company}/1/logo-1.png`);

    const newId = one?.id;
    const atts = await q<{ channel_kind: string; channel_id: number; card_id: string }>(
      `SELECT channel_kind, channel_id, card_id FROM attendances ORDER BY protocol`,
    );
    expect(atts).toEqual([
      { channel_kind: 'waent', channel_id: 1, card_id: 'waent_1_5511988887777' },
      { channel_kind: 'web', channel_id: newId, card_id: `web_${newId}_v1` },
      { channel_kind: 'web', channel_id: 2, card_id: 'web_2_v2' },
    ]);
    const contacts = await q(`SELECT kind, channel_id, external_id FROM contacts ORDER BY external_id`);
    expect(contacts).toEqual([
      { kind: 'waent', channel_id: 1, external_id: '5511988887777' },
      { kind: 'web', channel_id: newId, external_id: 'v1' },
      { kind: 'web', channel_id: 2, external_id: 'v2' },
    ]);
    const ids = (await q<{ message_id: string }>(`SELECT message_id FROM messages ORDER BY message_id`)).map(
      (m) => m.message_id,
    );
    expect(ids).toEqual([`waent:1:m-5511988887777`, `web:${newId}:m-v1`, 'web:2:m-v2'].sort());
    expect(await q(`SELECT channel_id FROM webchat_visitors`)).toEqual([{ channel_id: newId }]);
  });

  it('drops the old tables and continues the ids after the highest one', async () => {
    const old = await q(`SELECT to_regclass('webchats') AS w, to_regclass('waent_channels') AS c`);
    expect(old).toEqual([{ w: null, c: null }]);
    const max = (await q<{ max: number }>(`SELECT max(id) AS max FROM channels`))[0]?.max ?? 0;
    const [created] = await q<{ id: number }>(
      `INSERT INTO channels (company_id, kind, name, default_sector_id, route_key)
       SELECT company_id, 'web', 'Novo', 7, 'code-new' FROM channels LIMIT 1 RETURNING id`,
    );
    expect(created?.id).toBe(max + 1);
  });
});
