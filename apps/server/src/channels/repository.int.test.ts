import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWaentRows } from '../../test/helpers/channel-fixtures';
import { createTestDatabase } from '../../test/helpers/test-database';
import { channels } from '../db/schema/channels';
import { companies } from '../db/schema/companies';
import { encryptSecret } from '../platform/crypto';
import { connectDatabase } from '../platform/db';
import { seedDemoData } from '../seed/demo-data';
import { CHANNEL_ADAPTERS } from './adapters';
import { createChannelRegistry } from './registry';
import { createChannelRepository, watchChannelChanges } from './repository';

const SECRET = 'segredo-do-servidor-para-os-testes-000';

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let database: ReturnType<typeof connectDatabase>;
let companyId: number;
let otherCompanyId: number;

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = connectDatabase(testDb.url, 2);
  await seedDemoData(database.db);
  const rows = await database.db.select().from(companies);
  companyId = rows.find((c) => c.name === 'Empresa Demo')?.id ?? 0;
  otherCompanyId = rows.find((c) => c.id !== companyId)?.id ?? 0;
});
afterAll(async () => {
  await database?.pool.end();
  await testDb?.drop();
});

/** A repository whose clock the test moves. */
function repository() {
  const clock = { now: 1_000_000 };
  const repo = createChannelRepository({
    db: database.db,
    appSecret: SECRET,
    registry: createChannelRegistry(CHANNEL_ADAPTERS),
    now: () => clock.now,
  });
  return { repo, clock };
}

async function waentNumber(name: string, extra: { deletedAt?: Date } = {}) {
  const [row] = await insertWaentRows(database.db, {
    companyId,
    name,
    defaultSectorId: 1,
    phoneNumberId: `pn-${name}`,
    wabaId: 'waba-9',
    accessTokenSealed: encryptSecret('EAAG-token', SECRET),
    appSecretSealed: encryptSecret('app-secret', SECRET),
    verifyToken: 'verif',
    apiBaseUrl: 'https://graph.facebook.com/v19.0',
    messagesPerSecond: 20,
    ...extra,
  });
  if (!row) throw new Error('canal não criado');
  return row.id;
}

async function rawChannel(values: Partial<typeof channels.$inferInsert>) {
  const [row] = await database.db
    .insert(channels)
    .values({
      companyId,
      kind: 'web',
      name: 'Site',
      defaultSectorId: 1,
      routeKey: `r-${Math.random()}`,
      ...values,
    })
    .returning({ id: channels.id });
  if (!row) throw new Error('canal não criado');
  return row.id;
}

describe('channel repository', () => {
  it('opens a channel: its config by the kind schema, its secrets unsealed, its rate', async () => {
    const id = await waentNumber('aberto');
    const ch = await repository().repo.find(companyId, id);
    expect(ch).toMatchObject({
      companyId,
      id,
      kind: 'waent',
      name: 'aberto',
      routeKey: 'pn-aberto',
      ratePerSecond: 20,
      active: true,
      deletedAt: null,
      secrets: { access_token: 'EAAG-token', app_secret: 'app-secret' },
      config: {
        broker: 'meta',
        waba_id: 'waba-9',
        verify_token: 'verif',
        phone_number: null,
        is_cloud: true,
      },
    });
    // A web chat whose config has no form yet gets the schema's default.
    const web = await repository().repo.find(companyId, await rawChannel({}));
    expect(web).toMatchObject({ kind: 'web', config: { custom_data: {} }, secrets: {} });
  });

  it("answers null for another company's channel, a kind without adapter and a config its schema refuses", async () => {
    const { repo } = repository();
    const id = await waentNumber('alheio');
    expect(await repo.find(otherCompanyId, id)).toBeNull();
    expect(await repo.findById(id)).toMatchObject({ id, companyId });
    expect(await repo.find(companyId, await rawChannel({ kind: 'tg' }))).toBeNull();
    expect(
      await repo.find(companyId, await rawChannel({ kind: 'waent', config: { waba_id: 42 } })),
    ).toBeNull();
    expect(await repo.find(companyId, 2_000_000_000)).toBeNull();
  });

  it('loads removed channels too, marked as such', async () => {
    const at = new Date('2026-05-01T12:00:00Z');
    const id = await waentNumber('removido', { deletedAt: at });
    expect((await repository().repo.find(companyId, id))?.deletedAt).toEqual(at);
  });

  it('keeps a channel for a minute unless forgotten', async () => {
    const { repo, clock } = repository();
    const id = await waentNumber('cache');
    expect((await repo.find(companyId, id))?.name).toBe('cache');
    await database.db.update(channels).set({ name: 'renomeado' }).where(eq(channels.id, id));
    clock.now += 59_000;
    expect((await repo.find(companyId, id))?.name).toBe('cache');
    await repo.forget(id);
    expect((await repo.find(companyId, id))?.name).toBe('renomeado');
    await database.db.update(channels).set({ name: 'de novo' }).where(eq(channels.id, id));
    clock.now += 60_000;
    expect((await repo.find(companyId, id))?.name).toBe('de novo');
  });

  it("drops another node's copy at once when a channel changes, and every copy after a reconnection", async () => {
    // Two nodes: each its own cache, their clocks stopped (only a notification can make them read again).
    const a = repository();
    const b = repository();
    const watch = watchChannelChanges(b.repo, { url: testDb.url });
    try {
      await watch.ready;
      const id = await waentNumber('dois-nos');
      const other = await waentNumber('vizinho');
      expect((await b.repo.find(companyId, id))?.name).toBe('dois-nos');
      expect((await b.repo.find(companyId, other))?.name).toBe('vizinho');
      await database.db.update(channels).set({ name: 'mudou' }).where(eq(channels.id, id));
      await database.db.update(channels).set({ name: 'vizinho mudou' }).where(eq(channels.id, other));
      await a.repo.forget(id);
      await expect
        .poll(async () => (await b.repo.find(companyId, id))?.name, { timeout: 10_000 })
        .toBe('mudou');
      // Only the channel named was dropped.
      expect((await b.repo.find(companyId, other))?.name).toBe('vizinho');

      // The listening session is lost: notifications meanwhile are unknown, so every copy goes.
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where application_name = 'prosa-facts' and datname = current_database()`,
      );
      // The listener reconnects after its back-off (longer than expect.poll's default second under load).
      await expect
        .poll(async () => (await b.repo.find(companyId, other))?.name, { timeout: 15_000 })
        .toBe('vizinho mudou');
    } finally {
      await watch.stop();
    }
  });

  it('refuses a channel whose secrets cannot be opened with this server secret', async () => {
    const id = await rawChannel({
      kind: 'waent',
      secretsSealed: { access_token: encryptSecret('EAAG', 'outro-segredo'), app_secret: '' },
    });
    await expect(repository().repo.find(companyId, id)).rejects.toThrow();
  });
});
