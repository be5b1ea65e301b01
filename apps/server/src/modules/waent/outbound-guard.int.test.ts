import { lookup as dnsLookup } from 'node:dns/promises';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { OUTBOUND_ERROR_CODE, OUTBOUND_MSG } from '@prosa/shared/outbound';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWaentRows } from '../../../test/helpers/channel-fixtures';
import { ADMIN, api, createTestContext, MANAGER, type TestContext } from '../../../test/helpers/test-app';
import { startWhatsAppPeer, type WhatsAppPeer } from '../../../test/peers/whatsapp-cloud-peer';
import { channelCtx } from '../../channels/port';
import { companies } from '../../db/schema/companies';
import { hsmTemplates } from '../../db/schema/waent';
import { encryptSecret } from '../../platform/crypto';
import type { OutboundLookup } from '../../platform/outbound-url';

// A WhatsApp Enterprise channel pointed at an address the server must not call (loopback outside the allow
// list, or a name resolving to it): nothing reaches the address, and the answer tells nothing about it.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let peer: WhatsAppPeer;
let trapServer: Server;
let trapPort: number;
let connections = 0;
let companyId: number;
let sectorId: number;

// "interno.example" resolves to loopback; every other name goes to the system resolver.
const lookup: OutboundLookup = async (host) =>
  host === 'interno.example'
    ? [{ address: '127.0.0.1', family: 4 }]
    : (await dnsLookup(host, { all: true })).map((a) => ({
        address: a.address,
        family: a.family === 6 ? 6 : 4,
      }));

beforeAll(async () => {
  trapServer = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((r) => trapServer.listen(0, '127.0.0.1', r));
  trapPort = (trapServer.address() as AddressInfo).port;
  peer = await startWhatsAppPeer();
  // Only the peer's port is allowed: loopback on any other port is refused like any private address.
  ctx = await createTestContext({
    queue: false,
    env: { OUTBOUND_ALLOWED_HOSTS: new URL(peer.origin).host },
    lookup,
  });
  http = api(ctx);
  const manager = await http.login(MANAGER);
  const sectors = await http.get('/api/sectors', { cookie: manager });
  sectorId = (sectors.body as unknown as { id: number }[])[0]?.id ?? 0;
  const [company] = await ctx.db.select().from(companies).where(eq(companies.name, 'Empresa Demo'));
  companyId = company?.id ?? 0;
});
afterAll(async () => {
  await peer?.stop();
  await ctx?.close();
  await new Promise<void>((r) => trapServer.close(() => r()));
});

const channelBody = (apiBaseUrl: string, phoneNumberId: string) => ({
  name: 'Canal suspeito',
  default_sector_id: sectorId,
  broker: 'meta',
  phone_number_id: phoneNumberId,
  waba_id: '555',
  access_token: 'EAAG-token-secreto',
  app_secret: 'app-secret',
  verify_token: 'verify',
  api_base_url: apiBaseUrl,
});

/** A channel row as an older version (without the save-time check) may have stored it. */
async function storedChannel(apiBaseUrl: string, phoneNumberId: string, token = 'EAAG-token-secreto') {
  const [row] = await insertWaentRows(ctx.db, {
    companyId,
    name: 'Canal antigo',
    defaultSectorId: sectorId,
    phoneNumberId,
    wabaId: peer.wabaId,
    accessTokenSealed: encryptSecret(token, ctx.deps.appSecret),
    appSecretSealed: encryptSecret('app-secret', ctx.deps.appSecret),
    verifyToken: 'verify',
    apiBaseUrl,
  });
  if (!row) throw new Error('canal não criado');
  return row.id;
}

describe('saving a channel URL', () => {
  it('refuses loopback, private and non-https URLs with a Portuguese 400, and stores nothing', async () => {
    const admin = await http.login(ADMIN);
    const before = (await http.get('/api/channels/waent', { cookie: admin })).body as unknown as unknown[];
    const urls = [
      `http://127.0.0.1:${trapPort}/v19.0`,
      `https://127.0.0.1:${trapPort}/v19.0`,
      `https://2130706433:${trapPort}/`,
      `https://0x7f.1:${trapPort}/`,
      `https://good.com@127.0.0.1:${trapPort}/`,
      `https://[::ffff:127.0.0.1]:${trapPort}/`,
      `https://localhost:${trapPort}/v19.0`,
      `https://interno.example:${trapPort}/v19.0`,
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.5/v19.0',
      'http://graph.facebook.com/v19.0',
    ];
    for (const [i, url] of urls.entries()) {
      const r = await http.post('/api/channels/waent', { cookie: admin, body: channelBody(url, `9100${i}`) });
      expect(r.status, url).toBe(400);
      expect(r.body).toMatchObject({ code: 'VALIDATION', message: OUTBOUND_MSG.urlNotAllowed });
    }
    const after = (await http.get('/api/channels/waent', { cookie: admin })).body as unknown as unknown[];
    expect(after).toHaveLength(before.length);

    // An allowed channel cannot be edited to point elsewhere either.
    const ok = await http.post('/api/channels/waent', {
      cookie: admin,
      body: channelBody(peer.url, '9200'),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const patch = await http.patch(`/api/channels/waent/${ok.body.id}`, {
      cookie: admin,
      body: { api_base_url: `http://127.0.0.1:${trapPort}/v19.0` },
    });
    expect(patch.status).toBe(400);
    expect(patch.body.message).toBe(OUTBOUND_MSG.urlNotAllowed);
    const kept = await http.get(`/api/channels/waent/${ok.body.id}`, { cookie: admin });
    expect(kept.body.api_base_url).toBe(peer.url);
    expect(connections).toBe(0);
  });
});

describe('calling a channel URL', () => {
  it('syncing templates of a channel stored with a loopback URL never reaches it: generic 502', async () => {
    const manager = await http.login(MANAGER);
    for (const [i, url] of [
      `http://127.0.0.1:${trapPort}/v19.0`,
      `https://127.0.0.1:${trapPort}/v19.0`,
      `https://interno.example:${trapPort}/v19.0`,
      `https://localhost:${trapPort}/v19.0`,
    ].entries()) {
      const id = await storedChannel(url, `9300${i}`);
      const r = await http.post('/api/hsm/sync', { cookie: manager, body: { channel_id: id } });
      expect(r.status, url).toBe(502);
      expect(r.body).toEqual({ code: OUTBOUND_ERROR_CODE, message: OUTBOUND_MSG.unreachable });
      expect(r.res.body).not.toContain(String(trapPort));
    }
    expect(connections).toBe(0);
    const stored = await ctx.db.select().from(hsmTemplates).where(eq(hsmTemplates.wabaId, peer.wabaId));
    expect(stored).toHaveLength(0);
    // The detail is in the server log, not in the answer.
    expect(ctx.outboundLog.join('\n')).toMatch(/interno\.example resolve para 127\.0\.0\.1/);
  });

  it('an open and a closed port answer the same text (no port scanning through the channel)', async () => {
    const manager = await http.login(MANAGER);
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const answers = [];
    for (const [i, port] of [trapPort, closedPort].entries()) {
      const id = await storedChannel(`https://127.0.0.1:${port}/v19.0`, `940${i}`);
      const r = await http.post('/api/hsm/sync', { cookie: manager, body: { channel_id: id } });
      answers.push({ status: r.status, body: r.res.body });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]?.status).toBe(502);
    expect(connections).toBe(0);
  });

  it('sending a message through such a channel fails with the generic text, nothing sent', async () => {
    const id = await storedChannel(`https://interno.example:${trapPort}/v19.0`, '9500');
    const adapter = ctx.deps.channels.get('waent');
    const channel = await ctx.deps.channelRepository.find(companyId, id);
    if (!adapter || !channel) throw new Error('canal WhatsApp Enterprise ausente');
    const result = await adapter.send(channelCtx(ctx.deps), channel, {
      messageId: 0,
      to: { externalId: '5511988887777', data: { phone: '5511988887777' } },
      text: 'Olá',
      media: [],
    });
    expect(result).toMatchObject({ state: 'error', error: OUTBOUND_MSG.unreachable });
    expect(connections).toBe(0);
  });

  it('the allowed peer still works', async () => {
    const manager = await http.login(MANAGER);
    const id = await storedChannel(peer.url, peer.phoneNumberId, peer.accessToken);
    const r = await http.post('/api/hsm/sync', { cookie: manager, body: { channel_id: id } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ total: peer.templates.length });
  });
});
