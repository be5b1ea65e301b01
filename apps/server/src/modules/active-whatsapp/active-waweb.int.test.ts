import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWaentRows } from '../../../test/helpers/channel-fixtures';
import { multipart } from '../../../test/helpers/multipart';
import { largePng, sampleExe, samplePng } from '../../../test/helpers/sample-files';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { startWhatsAppWebPeer, type WhatsAppWebPeer } from '../../../test/peers/whatsapp-web';
import { createInboxWriter } from '../../channels/inbound/accept';
import { type ChannelServer, startChannelServer } from '../../channels/waweb/channel-server';
import { attendances, messages } from '../../db/schema/attendance';
import { companies } from '../../db/schema/companies';
import { sectors } from '../../db/schema/organization';
import { activeSends } from '../../db/schema/waent';
import { encryptSecret } from '../../platform/crypto';
import { insertNumber } from '../waweb/repository';

// Active WhatsApp from a number by QR code (issue 13, spec 1 §3/§5/§6/§7): the real Baileys client on a
// channel server, paired with the fake WhatsApp Web peer; the active message goes through the API and reaches
// the contact's phone through the number's session.

const REQUIRED = 'Por favor, preencha os campos obrigatórios!';
const FORBIDDEN = 'Você não tem permissão para esta ação.';
const TOO_LARGE = 'São permitidos somente arquivos de até 2MB.';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let peer: WhatsAppWebPeer;
let server: ChannelServer;
let companyId: number;
let otherCompanyId: number;
let numberId: number;
let sectorId: number;

const setFlag = (id: number, on: boolean) =>
  ctx.db
    .update(companies)
    .set({
      metadata: sql`jsonb_set(${companies.metadata}, '{allow}', coalesce(${companies.metadata}->'allow', '{}'::jsonb) || ${JSON.stringify({ 'whatsapp-active': on })}::jsonb, true)`,
    })
    .where(eq(companies.id, id));

const body = (over: Record<string, unknown> = {}) => ({
  ddi: '55',
  phone: '(11) 98765-4321',
  message: 'Olá! Aqui é da Empresa Demo, sobre o seu pedido.',
  sector_id: sectorId,
  ...over,
});

const upload = async (cookie: string, file: { filename: string; data: Buffer }) => {
  const form = multipart([{ name: 'file', ...file }]);
  const r = await ctx.app.inject({
    method: 'POST',
    url: '/api/active-waweb-upload',
    headers: { ...form.headers, cookie },
    payload: form.payload,
  });
  return { status: r.statusCode, body: JSON.parse(r.body) as Record<string, unknown> };
};

const grantOperators = async () => {
  const manager = await http.login(MANAGER);
  const list = (await http.get('/api/active-whatsapp/permissions', { cookie: manager })).body as unknown as {
    user_id: number;
  }[];
  await http.put('/api/active-whatsapp/permissions', {
    cookie: manager,
    body: { permissions: list.map((p) => ({ user_id: p.user_id, enabled: true })) },
  });
};

beforeAll(async () => {
  ctx = await createTestContext({ queue: true, inbox: true });
  http = api(ctx);
  const rows = await ctx.db.select().from(companies);
  companyId = rows.find((c) => c.name === 'Empresa Demo')?.id ?? 0;
  otherCompanyId = rows.find((c) => c.name === 'Outra Empresa')?.id ?? 0;
  const [sector] = await ctx.db
    .select()
    .from(sectors)
    .where(and(eq(sectors.companyId, companyId), eq(sectors.name, 'Comercial')));
  if (!sector) throw new Error('sem setor');
  sectorId = sector.id;
  const manager = await http.login(MANAGER);
  const created = await http.post('/api/channels/waweb', {
    cookie: manager,
    body: { name: 'Loja QR', sector_id: sectorId },
  });
  numberId = created.body.id as number;

  // The number runs on a channel server of this process and the phone scans its QR.
  peer = await startWhatsAppWebPeer();
  expect((await http.post(`/api/channels/waweb/${numberId}/start`, { cookie: manager })).status).toBe(200);
  server = startChannelServer({
    db: ctx.db,
    url: ctx.url,
    appSecret: ctx.deps.appSecret,
    writer: createInboxWriter(ctx.db),
    publicUrl: 'http://127.0.0.1:1',
    id: 'cs-active',
    tickMs: 200,
    leaseMs: 2000,
    waWebSocketUrl: peer.url,
  });
  await server.ready;
  const number = async () =>
    (await http.get(`/api/channels/waweb/${numberId}`, { cookie: manager })).body as {
      qr: string | null;
      online: boolean;
      state: string;
    };
  const qr = await waitFor(async () => {
    const n = await number();
    return n.state === 'UNPAIRED' && n.qr ? n.qr : undefined;
  });
  await peer.scan(qr);
  await waitFor(async () => ((await number()).state === 'CONNECTED' ? true : undefined));
});
afterAll(async () => {
  await server?.stop();
  await peer?.stop();
  await ctx?.close();
});

describe('active WhatsApp from a number by QR code', () => {
  it('is refused without the company switch, then without the operator’s own permission', async () => {
    const admin = await http.login(ADMIN);
    await setFlag(companyId, false);
    const off = await http.post(`/api/create-active-whatsapp/${numberId}`, { cookie: admin, body: body() });
    expect(off.status).toBe(403);
    expect(off.body.message).toBe(FORBIDDEN);
    const offUpload = await upload(admin, { filename: 'foto.png', data: samplePng() });
    expect(offUpload.status).toBe(403);

    await setFlag(companyId, true);
    const operator = await http.login(OPERATOR);
    const refused = await http.post(`/api/create-active-whatsapp/${numberId}`, {
      cookie: operator,
      body: body(),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(FORBIDDEN);
    expect((await upload(operator, { filename: 'foto.png', data: samplePng() })).status).toBe(403);
    expect(await ctx.db.select().from(activeSends)).toHaveLength(0);
    expect(peer.received()).toHaveLength(0);
  });

  it('lists the web number in the modal’s options, marked as such', async () => {
    await grantOperators();
    const options = await http.get('/api/active-whatsapp/options', { cookie: await http.login(OPERATOR) });
    expect(options.status).toBe(200);
    expect(options.body.allowed).toBe(true);
    expect(options.body.channels).toContainEqual({
      id: numberId,
      name: 'Loja QR',
      sector_id: sectorId,
      kind: 'waweb',
    });
  });

  it('answers each validation text and stores nothing', async () => {
    const operator = await http.login(OPERATOR);
    const post = (b: Record<string, unknown>) =>
      http.post(`/api/create-active-whatsapp/${numberId}`, { cookie: operator, body: b });
    for (const bad of [
      body({ message: '' }),
      body({ message: '   ' }),
      body({ message: undefined }),
      body({ phone: '' }),
      body({ ddi: '0' }),
      body({ sector_id: undefined }),
    ]) {
      const r = await post(bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.message, JSON.stringify(bad)).toBe(REQUIRED);
    }
    // A number nobody started does not take active messages.
    const manager = await http.login(MANAGER);
    const stopped = await http.post('/api/channels/waweb', {
      cookie: manager,
      body: { name: 'Balcão QR', sector_id: sectorId },
    });
    const notRunning = await http.post(`/api/create-active-whatsapp/${stopped.body.id}`, {
      cookie: operator,
      body: body(),
    });
    expect(notRunning.status).toBe(400);
    expect(notRunning.body.message).toBe('Canal não está rodando');
    const short = await post(body({ phone: '12-345' }));
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("Contato informado no campo 'Telefone' é inválido.");
    const forged = await post(
      body({
        media: {
          type: 'image',
          public_path: 'x',
          key: `active/${companyId}/00000000-0000-0000-0000-000000000000.png`,
          name: 'foto.png',
          provider: 'disk',
          mime_type: 'image/png',
          size: 10,
          sig: 'forjada',
        },
      }),
    );
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('Anexo inválido. Envie o arquivo novamente.');
    expect(await ctx.db.select().from(attendances).where(eq(attendances.channelKind, 'waweb'))).toHaveLength(
      0,
    );
    expect(peer.received()).toHaveLength(0);
  });

  it('opens the waweb_ attendance, queues the message and the number’s session delivers it', async () => {
    const operator = await http.login(OPERATOR);
    const before = (await http.get('/api/get-total-active-sent-day', { cookie: operator })).body
      .total as number;
    const r = await http.post(`/api/create-active-whatsapp/${numberId}`, { cookie: operator, body: body() });
    expect(r.status).toBe(200);
    expect(r.body.sent).toBe(true);
    const card = r.body.card as { id: number; operator_assigned_name: string; sector_id: number };
    expect(card).toMatchObject({ operator_assigned_name: 'Ana', sector_id: sectorId });

    const [att] = await ctx.db
      .select()
      .from(attendances)
      .where(and(eq(attendances.companyId, companyId), eq(attendances.id, card.id)));
    expect(att?.cardId).toBe(`waweb_${numberId}_5511987654321`);
    expect(att?.channelKind).toBe('waweb');
    const [stored] = await ctx.db.select().from(messages).where(eq(messages.attendanceId, card.id));
    expect(stored?.text).toBe('Olá! Aqui é da Empresa Demo, sobre o seu pedido.');
    expect(stored?.senderType).toBe(1);
    // Its durable send job (the safety net the request's own attempt leaves behind).
    const jobs = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'outbound.send' and (data->>'messageId')::bigint = ${stored?.id ?? 0}`,
    );
    expect(jobs.rows[0]?.n).toBe(1);

    await waitFor(async () =>
      peer.received().find((m) => m.text === 'Olá! Aqui é da Empresa Demo, sobre o seu pedido.'),
    );
    expect(peer.received().find((m) => m.text.startsWith('Olá! Aqui'))?.to).toContain('5511987654321');
    await waitFor(async () => {
      const [row] = await ctx.db
        .select()
        .from(messages)
        .where(eq(messages.id, stored?.id ?? 0));
      return row?.delivery === 'sent' || row?.delivery === 'delivered' || row?.delivery === 'read'
        ? row
        : undefined;
    });
    const after = (await http.get('/api/get-total-active-sent-day', { cookie: operator })).body.total;
    expect(after).toBe(before + 1);

    // A second active message to the same contact goes into the same open attendance.
    const again = await http.post(`/api/create-active-whatsapp/${numberId}`, {
      cookie: operator,
      body: body({ phone: '11987654321', message: 'Conseguiu ver?' }),
    });
    expect(again.status).toBe(200);
    expect((again.body.card as { id: number }).id).toBe(card.id);
    await waitFor(async () => peer.received().find((m) => m.text === 'Conseguiu ver?'));
  });

  // The request also makes the send's first attempts, which the channel server's media upload may take a
  // while to answer (its files go to WhatsApp's media host): room for them on a loaded machine.
  it('takes a file of up to 2MB from the upload and stores it on the message', {
    timeout: 90_000,
  }, async () => {
    const manager = await http.login(MANAGER);
    const big = await upload(manager, { filename: 'grande.png', data: largePng(2 * 1024 * 1024 + 10) });
    expect(big.status, JSON.stringify(big.body)).toBe(400);
    expect(big.body.message).toBe(TOO_LARGE);
    const exe = await upload(manager, { filename: 'programa.exe', data: sampleExe() });
    expect(exe.status).toBe(400);
    expect(String(exe.body.message)).toContain('Extensões permitidas');

    const png = samplePng();
    const up = await upload(manager, { filename: 'oferta.png', data: png });
    expect(up.status).toBe(200);
    const media = up.body.media as Record<string, unknown>;
    expect(media).toMatchObject({
      type: 'image',
      name: 'oferta.png',
      mime_type: 'image/png',
      size: png.length,
    });
    expect(String(media.key)).toMatch(new RegExp(`^active/${companyId}/`));
    const file = await ctx.app.inject({
      method: 'GET',
      url: String(media.public_path).replace(/^https?:\/\/[^/]+/, ''),
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png)).toBe(true);

    // Its name changed on the way back: refused.
    const renamed = await http.post(`/api/create-active-whatsapp/${numberId}`, {
      cookie: manager,
      body: body({ phone: '11912345678', media: { ...media, name: 'outro.png' } }),
    });
    expect(renamed.status).toBe(400);

    const r = await http.post(`/api/create-active-whatsapp/${numberId}`, {
      cookie: manager,
      body: body({ phone: '11912345678', message: 'Veja a oferta', media }),
    });
    expect(r.status).toBe(200);
    const message = r.body.message as { attachments: { key: string; originalName: string; url: string }[] };
    expect(message.attachments).toHaveLength(1);
    expect(message.attachments[0]).toMatchObject({ key: media.key, originalName: 'oferta.png' });
    const [stored] = await ctx.db
      .select()
      .from(messages)
      .where(eq(messages.attendanceId, (r.body.card as { id: number }).id));
    expect((stored?.attachments as { key: string }[] | undefined)?.[0]?.key).toBe(media.key);
  });

  it('answers 404 for a number of another company, a removed one or one of another kind', async () => {
    const admin = await http.login(ADMIN);
    const [otherSector] = await ctx.db.select().from(sectors).where(eq(sectors.companyId, otherCompanyId));
    const otherNumber = await insertNumber(ctx.db, {
      companyId: otherCompanyId,
      name: 'Número de outra empresa',
      sectorId: otherSector?.id ?? 0,
      config: {
        phone_number: '',
        allow_groups: false,
        pacing: { min_interval_ms: 0, jitter_ms: 0, presence: false },
      },
      routeKey: 'waweb-outra-empresa',
    });
    const [waent] = await insertWaentRows(ctx.db, {
      companyId,
      name: 'WhatsApp Enterprise',
      defaultSectorId: sectorId,
      phoneNumberId: 'pn-active-waweb',
      wabaId: 'waba',
      accessTokenSealed: encryptSecret('token', ctx.deps.appSecret),
      appSecretSealed: encryptSecret('segredo', ctx.deps.appSecret),
      verifyToken: 'x',
    });
    for (const id of [otherNumber, waent?.id ?? 0, 999_999]) {
      const r = await http.post(`/api/create-active-whatsapp/${id}`, { cookie: admin, body: body() });
      expect(r.status, String(id)).toBe(404);
    }
    // And the other company's admin does not reach this company's number.
    await setFlag(otherCompanyId, true);
    const other = await http.login(OTHER_ADMIN);
    const r = await http.post(`/api/create-active-whatsapp/${numberId}`, {
      cookie: other,
      body: body({ sector_id: otherSector?.id }),
    });
    expect(r.status).toBe(404);
  });
});
