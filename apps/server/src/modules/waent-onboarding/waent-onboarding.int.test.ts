import { WAENT_ONB_MSG } from '@prosa/shared/waent-onboarding-texts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { type GraphApiPeer, startGraphApiPeer } from '../../../test/peers/graph-api/peer';
import { startWhatsAppPeer, type WhatsAppPeer } from '../../../test/peers/whatsapp-cloud-peer';
import { contracts } from '../../db/schema/admin';
import { channels } from '../../db/schema/channels';
import { createMigrationHash, MIGRATION_TTL_MS } from './migration-hash';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let manager: string;
let admin: string;
let operator: string;
let otherAdmin: string;
let wa: WhatsAppPeer;
let graph: GraphApiPeer;
let channelId: number;
let companyId: number;
let sectorId: number;
const MIGRATED_NUMBER_ID = '109876543210001';

async function createChannel(name: string, peer: WhatsAppPeer, phone: string) {
  const r = await http.post('/api/channels/waent', {
    cookie: manager,
    body: {
      name,
      default_sector_id: sectorId,
      broker: 'meta',
      phone_number: phone,
      phone_number_id: peer.phoneNumberId,
      waba_id: peer.wabaId,
      access_token: peer.accessToken,
      app_secret: 'segredo-do-app',
      verify_token: 'verifica',
      api_base_url: peer.url,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.id as number;
}

beforeAll(async () => {
  graph = await startGraphApiPeer({
    wabas: [
      {
        id: '300000000000777',
        numbers: [
          { id: '109876543210000', display_phone_number: '+55 21 3000-0000', verified_name: 'Outra' },
          { id: MIGRATED_NUMBER_ID, display_phone_number: '+55 11 98888-7777', verified_name: 'Loja' },
        ],
      },
    ],
  });
  ctx = await createTestContext({
    queue: false,
    inbox: false,
    env: {
      FACEBOOK_APP_ID: graph.appId,
      FACEBOOK_APP_SECRET: graph.appSecret,
      FACEBOOK_GRAPH_URL: graph.url,
      FACEBOOK_DIALOG_URL: graph.url,
    },
  });
  http = api(ctx);
  manager = await http.login(MANAGER);
  admin = await http.login(ADMIN);
  operator = await http.login(OPERATOR);
  otherAdmin = await http.login(OTHER_ADMIN);
  sectorId =
    ((await http.get('/api/sectors', { cookie: manager })).body as unknown as { id: number }[])[0]?.id ?? 0;
  wa = await startWhatsAppPeer();
  channelId = await createChannel('Loja WhatsApp', wa, '+55 11 4000-1234');
  const [row] = await ctx.db.select().from(channels).where(eq(channels.id, channelId));
  companyId = row?.companyId ?? 0;
});
afterAll(async () => {
  await wa?.stop();
  await graph?.stop();
  await ctx?.close();
});

const state = async (cookie = manager, id = channelId) =>
  (await http.get(`/api/waent-onboarding/channels/${id}`, { cookie })).body;

describe('link a number by code', () => {
  it('refuses the code before one was requested', async () => {
    const r = await http.post('/api/waent-onboarding/send-code', {
      cookie: manager,
      body: { channel: channelId, registerNumber: '123456' },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(WAENT_ONB_MSG.requestFirst);
    expect(wa.numberState.code_verification_status).toBe('NOT_VERIFIED');
  });

  it('requests the code by SMS and by voice: Meta gets code_method and language', async () => {
    const sms = await http.post('/api/waent-onboarding/request-code', {
      cookie: manager,
      body: { channel: channelId, requestMethod: 'SMS' },
    });
    expect(sms.status, JSON.stringify(sms.body)).toBe(200);
    expect(sms.body).toEqual({ phone_number_id: wa.phoneNumberId, message: WAENT_ONB_MSG.codeRequested });
    expect((await state()).code_method).toBe('SMS');
    const voice = await http.post('/api/waent-onboarding/request-code', {
      cookie: manager,
      body: { channel: channelId, requestMethod: 'VOICE' },
    });
    expect(voice.status).toBe(200);
    expect(wa.codeRequests).toEqual([
      { code_method: 'SMS', language: 'pt_BR' },
      { code_method: 'VOICE', language: 'pt_BR' },
    ]);
    expect((await state()).code_method).toBe('VOICE');
    const bad = await http.post('/api/waent-onboarding/request-code', {
      cookie: manager,
      body: { channel: channelId, requestMethod: 'FAX' },
    });
    expect(bad.status).toBe(400);
    expect(wa.codeRequests).toHaveLength(2);
  });

  it('an empty code says "Favor informar o código."; a wrong one shows Meta\'s message', async () => {
    const empty = await http.post('/api/waent-onboarding/send-code', {
      cookie: manager,
      body: { channel: channelId, registerNumber: '' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Favor informar o código.');
    const wrong = await http.post('/api/waent-onboarding/send-code', {
      cookie: manager,
      body: { channel: channelId, registerNumber: '654321' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('O código informado está incorreto. Verifique e tente novamente.');
    expect((await state()).code_verified).toBe(false);
    // Linking before the code was verified is refused without asking Meta.
    const early = await http.post('/api/waent-onboarding/link-phonenumber', {
      cookie: manager,
      body: { channel: channelId, registerNumber: '246810' },
    });
    expect(early.status).toBe(400);
    expect(wa.registrations).toHaveLength(0);
  });

  it('the app removal is polled: it stays requested until Meta serves the number on the Cloud API', async () => {
    const r = await http.post('/api/waent-onboarding/remove-whatsapp-channel', {
      cookie: manager,
      body: { channel: channelId },
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(WAENT_ONB_MSG.appRemovalRequested);
    const s = await state();
    expect(s.requested_app_deletion).toBe(true);
    expect(s.migration_channel_disabled).toBe(true);
  });

  it('the right code, then the PIN: the number is registered and the channel linked', async () => {
    const ok = await http.post('/api/waent-onboarding/send-code', {
      cookie: manager,
      body: { channel: channelId, registerNumber: wa.verificationCode },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.code_verified).toBe(true);
    expect(ok.body.link_with_phonenumber).toBe(false);
    const badPin = await http.post('/api/waent-onboarding/link-phonenumber', {
      cookie: manager,
      body: { channel: channelId, registerNumber: '12' },
    });
    expect(badPin.status).toBe(400);
    const linked = await http.post('/api/waent-onboarding/link-phonenumber', {
      cookie: manager,
      body: { channel: channelId, registerNumber: '246810' },
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.link_with_phonenumber).toBe(true);
    expect(wa.registrations).toEqual([{ messaging_product: 'whatsapp', pin: '246810' }]);
    // Meta now serves the number on the Cloud API: the next poll sees the app gone.
    expect((await state()).requested_app_deletion).toBe(false);
    // The channel's own edit keeps the onboarding state (the config is merged).
    const edit = await http.patch(`/api/channels/waent/${channelId}`, {
      cookie: manager,
      body: { name: 'Loja WhatsApp (vinculado)' },
    });
    expect(edit.status).toBe(200);
    const after = await state();
    expect(after.link_with_phonenumber).toBe(true);
    expect(after.name).toBe('Loja WhatsApp (vinculado)');
  });

  it('Meta link for admins only while the channel is not migrated', async () => {
    expect((await state(manager)).meta_url).toBeNull();
    expect((await state(admin)).meta_url).toBe(
      `https://business.facebook.com/wa/manage/phone-numbers/?waba_id=${wa.wabaId}`,
    );
  });

  it('operators, other companies and unknown channels are refused, and nothing reaches Meta', async () => {
    const before = wa.codeRequests.length;
    const op = await http.post('/api/waent-onboarding/request-code', {
      cookie: operator,
      body: { channel: channelId, requestMethod: 'SMS' },
    });
    expect(op.status).toBe(403);
    const other = await http.post('/api/waent-onboarding/request-code', {
      cookie: otherAdmin,
      body: { channel: channelId, requestMethod: 'SMS' },
    });
    expect(other.status).toBe(404);
    expect(
      (await http.get(`/api/waent-onboarding/channels/${channelId}`, { cookie: otherAdmin })).status,
    ).toBe(404);
    const unknown = await http.post('/api/waent-onboarding/request-code', {
      cookie: manager,
      body: { channel: 2_000_000_000, requestMethod: 'SMS' },
    });
    expect(unknown.status).toBe(404);
    expect(wa.codeRequests.length).toBe(before);
    expect((await http.get('/api/numbers', { cookie: operator })).status).toBe(403);
  });
});

describe('WhatsApp Business migration', () => {
  let migrating: number;
  let migratingPeer: WhatsAppPeer;
  let hash: string;

  beforeAll(async () => {
    migratingPeer = await startWhatsAppPeer();
    migrating = await createChannel('Número antigo', migratingPeer, '(11) 98888-7777');
  });
  afterAll(async () => {
    await migratingPeer?.stop();
  });

  it('generates a hash that names the channel; a changed or expired one is refused', async () => {
    const r = await http.post('/api/waent-onboarding/migration-hash', {
      cookie: manager,
      body: { channel_id: migrating },
    });
    expect(r.status).toBe(200);
    hash = String(r.body.channel_url_hash);
    const info = await http.get(`/api/waent-onboarding/migration?params=${encodeURIComponent(hash)}`, {
      cookie: manager,
    });
    expect(info.status, JSON.stringify(info.body)).toBe(200);
    expect((info.body.state as { channel_id: number }).channel_id).toBe(migrating);
    const dialog = new URL(String(info.body.signup_url));
    expect(dialog.pathname).toBe('/v21.0/dialog/oauth');
    expect(dialog.searchParams.get('state')).toBe(hash);
    expect(dialog.searchParams.get('client_id')).toBe(graph.appId);

    const [payload = '', mac = ''] = hash.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), c: channelId }),
    ).toString('base64url');
    const expired = createMigrationHash(
      { channelId: migrating, companyId },
      ctx.deps.appSecret,
      Date.now() - MIGRATION_TTL_MS - 1000,
    );
    for (const bad of [`${forged}.${mac}`, `${payload}.${mac.slice(0, -2)}xx`, expired, 'nada']) {
      const res = await http.get(`/api/waent-onboarding/migration?params=${encodeURIComponent(bad)}`, {
        cookie: manager,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(WAENT_ONB_MSG.migrationInvalid);
    }
    // Another company's admin holding the link does not see the number.
    const other = await http.get(`/api/waent-onboarding/migration?params=${encodeURIComponent(hash)}`, {
      cookie: otherAdmin,
    });
    expect(other.status).toBe(404);
  });

  it('the embedded signup saves the Facebook infos: business token, WABA, the number; the channel is migrated', async () => {
    const info = await http.get(`/api/waent-onboarding/migration?params=${encodeURIComponent(hash)}`, {
      cookie: manager,
    });
    const dialog = new URL(String(info.body.signup_url));
    expect(await (await fetch(dialog)).text()).toContain('Continuar como');
    const confirm = new URL(`${graph.url}/dialog/oauth/confirm`);
    for (const k of ['redirect_uri', 'state', 'scope'])
      confirm.searchParams.set(k, dialog.searchParams.get(k) ?? '');
    confirm.searchParams.set('answer', 'yes');
    const back = new URL((await fetch(confirm, { redirect: 'manual' })).headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe('http://prosa.test/channels/waent/migration');
    expect(back.searchParams.get('state')).toBe(hash);
    const code = back.searchParams.get('code') ?? '';

    const wrong = await http.post('/api/waent-onboarding/migration/facebook-infos', {
      cookie: manager,
      body: { params: hash, code: 'codigo-falso' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('This authorization code has been used.');

    const saved = await http.post('/api/waent-onboarding/migration/facebook-infos', {
      cookie: manager,
      body: { params: hash, code },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      migrated_channel: true,
      link_with_facebook: true,
      waent_channel_id: migrating,
      phone_number_id: MIGRATED_NUMBER_ID,
    });
    // A migrated channel shows the Meta link to its manager too.
    expect(saved.body.meta_url).toContain('waba_id=300000000000777');
    const [row] = await ctx.db.select().from(channels).where(eq(channels.id, migrating));
    expect(row?.routeKey).toBe(MIGRATED_NUMBER_ID);
    expect(row?.config.waba_id).toBe('300000000000777');
    const open = await ctx.deps.channelRepository.find(companyId, migrating);
    expect(open?.secrets.access_token).toMatch(/^EAAU-/);
    // The code was used once.
    const again = await http.post('/api/waent-onboarding/migration/facebook-infos', {
      cookie: manager,
      body: { params: hash, code },
    });
    expect(again.status).toBe(400);
  });
});

describe('numbers', () => {
  it('lists the company numbers 300 a page with the contract due date', async () => {
    await ctx.db
      .insert(contracts)
      .values({ companyId, dueDate: '2027-03-31' })
      .onConflictDoUpdate({ target: contracts.companyId, set: { dueDate: '2027-03-31' } });
    const r = await http.get('/api/numbers', { cookie: manager });
    expect(r.status).toBe(200);
    expect(r.body.per_page).toBe(300);
    const rows = r.body.data as { id: number; kind: string; due_date: string | null; phone_number: string }[];
    const mine = rows.find((n) => n.id === channelId);
    expect(mine).toMatchObject({ kind: 'waent', due_date: '2027-03-31', phone_number: '551140001234' });
    expect(r.body.total).toBe(rows.length);
    const page2 = await http.get('/api/numbers?page=2', { cookie: manager });
    expect(page2.body.data).toEqual([]);
    expect((await http.get('/api/numbers?page=0', { cookie: manager })).status).toBe(400);
    const other = await http.get('/api/numbers', { cookie: otherAdmin });
    expect((other.body.data as { id: number }[]).some((n) => n.id === channelId)).toBe(false);
  });
});
