import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers/test-database';
import { channels, wawebAuth } from '../../db/schema/channels';
import { companies } from '../../db/schema/companies';
import { connectDatabase } from '../../platform/db';
import { seedDemoData } from '../../seed/demo-data';
import { usePostgresAuthState } from './auth-state';
import { baileys } from './baileys';

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

async function channel(company = companyId) {
  const [row] = await database.db
    .insert(channels)
    .values({
      companyId: company,
      kind: 'waweb',
      name: 'Número QR',
      defaultSectorId: 1,
      routeKey: `qr-${Math.random()}`,
    })
    .returning({ id: channels.id });
  if (!row) throw new Error('canal não criado');
  return { companyId: company, channelId: row.id };
}

const deps = () => ({ db: database.db, appSecret: SECRET });

describe('WhatsApp Web session in PostgreSQL', () => {
  it('keeps the credentials sealed and gives them back as Baileys wrote them, buffers included', async () => {
    const owner = await channel();
    const first = await usePostgresAuthState(deps(), owner);
    first.state.creds.me = { id: '5511999990000:1@s.whatsapp.net', name: 'Loja' };
    first.state.creds.registered = true;
    await first.saveCreds();

    const again = await usePostgresAuthState(deps(), owner);
    expect(again.state.creds.me?.id).toBe('5511999990000:1@s.whatsapp.net');
    expect(again.state.creds.registered).toBe(true);
    expect(Buffer.isBuffer(again.state.creds.noiseKey.private)).toBe(true);
    expect(Buffer.compare(again.state.creds.noiseKey.private, first.state.creds.noiseKey.private)).toBe(0);

    // Sealed at rest: neither the key bytes nor the number are readable in the table.
    const rows = await database.db.select().from(wawebAuth).where(eq(wawebAuth.channelId, owner.channelId));
    const key = Buffer.from(first.state.creds.noiseKey.private).toString('base64');
    for (const r of rows) {
      expect(r.sealed).not.toContain(key);
      expect(r.sealed).not.toContain('5511999990000');
    }
    // Another server secret cannot open it.
    await expect(
      usePostgresAuthState({ db: database.db, appSecret: 'outro-segredo-000000000000' }, owner),
    ).rejects.toThrow();
  });

  it('stores, reads, replaces and deletes Signal keys; an app-state key comes back as its protobuf', async () => {
    const owner = await channel();
    const { state } = await usePostgresAuthState(deps(), owner);
    const pair = baileys.Curve.generateKeyPair();
    await state.keys.set({
      'pre-key': { '1': pair, '2': baileys.Curve.generateKeyPair() },
      session: { 'a.0': Buffer.from('sessão-1') },
      'app-state-sync-key': { AAAA: { keyData: Buffer.from([1, 2, 3]), timestamp: 7 } },
    });
    const got = await state.keys.get('pre-key', ['1', '2', '3']);
    expect(Object.keys(got).sort()).toEqual(['1', '2']);
    expect(Buffer.compare(Buffer.from(got['1']?.private ?? []), Buffer.from(pair.private))).toBe(0);

    await state.keys.set({ session: { 'a.0': Buffer.from('sessão-2') }, 'pre-key': { '2': null } });
    const session = await state.keys.get('session', ['a.0']);
    expect(Buffer.from(session['a.0'] ?? []).toString()).toBe('sessão-2');
    expect(Object.keys(await state.keys.get('pre-key', ['1', '2']))).toEqual(['1']);

    const sync = await state.keys.get('app-state-sync-key', ['AAAA']);
    expect(sync.AAAA).toBeInstanceOf(baileys.proto.Message.AppStateSyncKeyData);
    expect([...(sync.AAAA?.keyData ?? [])]).toEqual([1, 2, 3]);
  });

  it("keeps each channel's session to itself, and a logout forgets all of it", async () => {
    const a = await channel();
    const b = await channel(otherCompanyId);
    const sa = await usePostgresAuthState(deps(), a);
    const sb = await usePostgresAuthState(deps(), b);
    await sa.state.keys.set({ session: { x: Buffer.from('de A') } });
    await sb.state.keys.set({ session: { x: Buffer.from('de B') } });
    await sa.saveCreds();
    expect(Buffer.from((await sa.state.keys.get('session', ['x'])).x ?? []).toString()).toBe('de A');
    expect(Buffer.from((await sb.state.keys.get('session', ['x'])).x ?? []).toString()).toBe('de B');
    // The same channel id under another company reads nothing.
    const wrong = await usePostgresAuthState(deps(), { companyId: otherCompanyId, channelId: a.channelId });
    expect(await wrong.state.keys.get('session', ['x'])).toEqual({});
    expect(wrong.state.creds.registered).toBe(false);

    const pairedKey = sa.state.creds.noiseKey.private;
    await sa.clear();
    expect(await sa.state.keys.get('session', ['x'])).toEqual({});
    const fresh = await usePostgresAuthState(deps(), a);
    expect(Buffer.compare(fresh.state.creds.noiseKey.private, pairedKey)).not.toBe(0);
    // B is untouched.
    expect(Buffer.from((await sb.state.keys.get('session', ['x'])).x ?? []).toString()).toBe('de B');
  });
});
