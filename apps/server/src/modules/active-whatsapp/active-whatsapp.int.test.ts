import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWaentRows } from '../../../test/helpers/channel-fixtures';
import { multipart } from '../../../test/helpers/multipart';
import { samplePng } from '../../../test/helpers/sample-files';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OPERATOR2,
  type TestContext,
} from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { startWhatsAppPeer, type WhatsAppPeer } from '../../../test/peers/whatsapp-cloud-peer';
import { attendances, messages } from '../../db/schema/attendance';
import { companies } from '../../db/schema/companies';
import { sectors } from '../../db/schema/organization';
import { users } from '../../db/schema/users';
import { activeSends } from '../../db/schema/waent';
import { encryptSecret } from '../../platform/crypto';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let peer: WhatsAppPeer;
let companyId: number;
let channelId: number;
let sectorId: number;
let templateId: number;
let base: string;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const addr = ctx.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  http = api(ctx);
  peer = await startWhatsAppPeer();
  const [company] = await ctx.db.select().from(companies).where(eq(companies.name, 'Empresa Demo'));
  if (!company) throw new Error('sem empresa');
  companyId = company.id;
  const [sector] = await ctx.db
    .select()
    .from(sectors)
    .where(and(eq(sectors.companyId, companyId), eq(sectors.name, 'Comercial')));
  if (!sector) throw new Error('sem setor');
  sectorId = sector.id;
  const [channel] = await insertWaentRows(ctx.db, {
    companyId,
    name: 'WhatsApp Vendas',
    defaultSectorId: sectorId,
    phoneNumberId: peer.phoneNumberId,
    wabaId: peer.wabaId,
    accessTokenSealed: encryptSecret(peer.accessToken, ctx.deps.appSecret),
    appSecretSealed: encryptSecret('app-secret', ctx.deps.appSecret),
    verifyToken: 'verify',
    apiBaseUrl: peer.url,
  });
  if (!channel) throw new Error('sem canal');
  channelId = channel.id;
  const manager = await http.login(MANAGER);
  const created = await http.post('/api/hsm', {
    cookie: manager,
    body: {
      name: 'Retorno',
      element_name: 'retorno_pedido',
      template: 'Olá {{1}}, seu pedido {{2}} está pronto.',
    },
  });
  templateId = created.body.id as number;
});
afterAll(async () => {
  await peer.stop();
  await ctx.close();
});

const setFlag = (on: boolean) =>
  ctx.db
    .update(companies)
    .set({
      metadata: sql`jsonb_set(${companies.metadata}, '{allow,whatsapp-active}', ${JSON.stringify(on)}::jsonb, true)`,
    })
    .where(eq(companies.id, companyId));

const body = (over: Record<string, unknown> = {}) => ({
  ddi: '55',
  phone: '(11) 98765-4321',
  template_id: templateId,
  parameters: ['Maria', 'A-77'],
  sector_id: sectorId,
  ...over,
});

describe('active WhatsApp', () => {
  it('is refused while the company switch whatsapp-active is off', async () => {
    await ctx.db
      .update(companies)
      .set({ metadata: sql`${companies.metadata} - 'allow' || '{"allow":{}}'::jsonb` })
      .where(eq(companies.id, companyId));
    const admin = await http.login(ADMIN);
    const r = await http.post(`/api/create-active-whatsapp-enterprise/${channelId}`, {
      cookie: admin,
      body: body(),
    });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('Você não tem permissão para esta ação.');
    const options = await http.get('/api/active-whatsapp/options', { cookie: admin });
    expect(options.body).toMatchObject({ allowed: false, company_flag: false, has_permission: true });
    expect(peer.sent).toHaveLength(0);
  });

  it('needs the per-operator permission, which a manager grants (select all)', async () => {
    await setFlag(true);
    const operator = await http.login(OPERATOR);
    const refused = await http.post(`/api/create-active-whatsapp-enterprise/${channelId}`, {
      cookie: operator,
      body: body(),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Você não tem permissão para esta ação.');
    expect((await http.get('/api/active-whatsapp/permissions', { cookie: operator })).status).toBe(403);

    const manager = await http.login(MANAGER);
    const list = (await http.get('/api/active-whatsapp/permissions', { cookie: manager }))
      .body as unknown as {
      user_id: number;
      enabled: boolean;
    }[];
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.every((p) => !p.enabled)).toBe(true);
    const saved = await http.put('/api/active-whatsapp/permissions', {
      cookie: manager,
      body: { permissions: list.map((p) => ({ user_id: p.user_id, enabled: true })) },
    });
    expect((saved.body as unknown as { enabled: boolean }[]).every((p) => p.enabled)).toBe(true);
    const options = await http.get('/api/active-whatsapp/options', { cookie: operator });
    expect(options.body).toMatchObject({ allowed: true, has_permission: true });
    expect(peer.sent).toHaveLength(0);
  });

  it('answers the validation texts', async () => {
    const operator = await http.login(OPERATOR);
    const post = (b: Record<string, unknown>) =>
      http.post(`/api/create-active-whatsapp-enterprise/${channelId}`, { cookie: operator, body: b });
    const short = await post(body({ phone: '12-345' }));
    expect(short.status).toBe(400);
    expect(short.body.message).toBe("Contato informado no campo 'Telefone' é inválido.");
    const empty = await post(body({ phone: '' }));
    expect(empty.body.message).toBe('Por favor, preencha os campos obrigatórios!');
    const ddi0 = await post(body({ ddi: '0' }));
    expect(ddi0.body.message).toBe('Por favor, preencha os campos obrigatórios!');
    const noTemplate = await post(body({ template_id: undefined }));
    expect(noTemplate.body.message).toBe('Por favor, preencha os campos obrigatórios!');
    const missing = await post(body({ parameters: ['Maria', ' '] }));
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Preencha o parâmetro {{2}} do modelo.');
    // An operator does not hand the attendance to someone else.
    const [bruno] = await ctx.db.select().from(users).where(eq(users.email, OPERATOR2));
    const other = await post(body({ responsible_user_id: bruno?.id }));
    expect(other.status).toBe(403);
    expect(peer.sent).toHaveLength(0);
  });

  it('opens the attendance, sends exactly one template with the parameters and counts the day', async () => {
    const operator = await http.login(OPERATOR);
    const before = await http.get('/api/get-total-active-sent-day', { cookie: operator });
    expect(before.body.total).toBe(0);
    const r = await http.post(`/api/create-active-whatsapp-enterprise/${channelId}`, {
      cookie: operator,
      body: body(),
    });
    expect(r.status).toBe(200);
    expect(r.body.sent).toBe(true);
    const card = r.body.card as {
      id: number;
      operator_assigned_name: string;
      answered: boolean;
      sector_id: number;
    };
    expect(card).toMatchObject({
      operator_assigned_name: 'Ana',
      answered: true,
      sector_id: sectorId,
    });
    expect((r.body.message as { text: string }).text).toBe('Olá Maria, seu pedido A-77 está pronto.');

    expect(peer.sent).toHaveLength(1);
    const sent = peer.sent[0];
    expect(sent?.to).toBe('5511987654321');
    expect(sent?.type).toBe('template');
    expect(sent?.body.template).toEqual({
      name: 'retorno_pedido',
      language: { code: 'pt_BR' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Maria' },
            { type: 'text', text: 'A-77' },
          ],
        },
      ],
    });
    const [stored] = await ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.attendanceId, card.id)));
    expect(stored?.metadata.wamid).toBe(sent?.wamid);
    expect(stored?.delivery).toBe('sent');
    const [att] = await ctx.db
      .select()
      .from(attendances)
      .where(and(eq(attendances.companyId, companyId), eq(attendances.id, card.id)));
    expect(att?.channelKind).toBe('waent');
    expect(att?.cardId).toBe(`waent_${channelId}_5511987654321`);
    const after = await http.get('/api/get-total-active-sent-day', { cookie: operator });
    expect(after.body.total).toBe(1);
    const rows = await ctx.db.select().from(activeSends).where(eq(activeSends.companyId, companyId));
    expect(rows).toHaveLength(1);

    // Over 11 digits the first two are the country code, whatever the DDI field says.
    const abroad = await http.post(`/api/create-active-whatsapp-enterprise/${channelId}`, {
      cookie: operator,
      body: body({ ddi: '1', phone: '351912345678' }),
    });
    expect(abroad.status).toBe(200);
    expect(peer.sent[1]?.to).toBe('351912345678');
  });

  it('send-hsm puts a template into an open attendance', async () => {
    const operator = await http.login(OPERATOR);
    const [att] = await ctx.db
      .select()
      .from(attendances)
      .where(
        and(eq(attendances.companyId, companyId), eq(attendances.cardId, `waent_${channelId}_5511987654321`)),
      );
    const count = peer.sent.length;
    const missing = await http.post(`/api/attendances/${att?.id}/send-hsm`, {
      cookie: operator,
      body: { template_id: templateId, parameters: [] },
    });
    expect(missing.body.message).toBe('Preencha os parâmetros {{1}}, {{2}} do modelo.');
    const r = await http.post(`/api/attendances/${att?.id}/send-hsm`, {
      cookie: operator,
      body: { template_id: templateId, parameters: ['João', 'B-1'] },
    });
    expect(r.status).toBe(200);
    expect(peer.sent).toHaveLength(count + 1);
    expect((r.body.message as { text: string }).text).toBe('Olá João, seu pedido B-1 está pronto.');
  });

  it('sends the header media by its uploaded id and retries a 5xx without sending twice', async () => {
    const manager = await http.login(MANAGER);
    const png = samplePng();
    const form = multipart([
      { name: 'header_type', value: 'image' },
      { name: 'file', filename: 'oferta.png', data: png },
    ]);
    const up = await ctx.app.inject({
      method: 'POST',
      url: '/api/hsm-upload',
      headers: { ...form.headers, cookie: manager },
      payload: form.payload,
    });
    const key = (JSON.parse(up.body) as { key: string }).key;
    const created = await http.post('/api/hsm', {
      cookie: manager,
      body: {
        name: 'Oferta',
        element_name: 'oferta_mes',
        template: 'Oferta para {{1}}',
        use_header: true,
        header_type: 'image',
        header_media_key: key,
      },
    });
    const count = peer.sent.length;
    peer.failNext(1, 500);
    const r = await http.post(`/api/create-active-whatsapp-enterprise/${channelId}`, {
      cookie: manager,
      body: body({ phone: '11912345678', template_id: created.body.id, parameters: ['Carla'] }),
    });
    expect(r.status).toBe(200);
    expect(r.body.sent).toBe(true);
    expect(peer.sent).toHaveLength(count + 1);
    const upload = peer.uploads.at(-1);
    expect(upload?.data.equals(png)).toBe(true);
    expect(peer.sent.at(-1)?.body.template).toMatchObject({
      name: 'oferta_mes',
      components: [
        { type: 'header', parameters: [{ type: 'image', image: { id: upload?.id } }] },
        { type: 'body', parameters: [{ type: 'text', text: 'Carla' }] },
      ],
    });
  });

  it('the ticks of the template follow the webhook statuses, and the reply lands in the same attendance', async () => {
    const [first] = await ctx.db
      .select()
      .from(messages)
      .where(sql`${messages.metadata}->>'wamid' = ${peer.sent[0]?.wamid ?? ''}`);
    expect(first).toBeDefined();
    const hook = `${base}/api/webhooks/waent/${channelId}`;
    const to = '5511987654321';
    const wamid = peer.sent[0]?.wamid ?? '';
    // Out of order: read before delivered still ends as read.
    for (const status of ['read', 'delivered'] as const) {
      const r = await peer.deliver(hook, peer.statusPayload([{ wamid, status, to }]), {
        appSecret: 'app-secret',
      });
      expect(r.status).toBe(200);
    }
    await waitFor(async () => {
      const [row] = await ctx.db
        .select({ delivery: messages.delivery })
        .from(messages)
        .where(and(eq(messages.companyId, companyId), eq(messages.id, first?.id ?? 0)));
      return row?.delivery === 'read';
    });
    const reply = await peer.deliver(
      hook,
      peer.messagesPayload({ waId: to, name: 'Maria' }, [peer.text(to, 'Obrigada!')]),
      { appSecret: 'app-secret' },
    );
    expect(reply.status).toBe(200);
    const inbound = await waitFor(async () => {
      const [row] = await ctx.db
        .select()
        .from(messages)
        .where(and(eq(messages.companyId, companyId), eq(messages.text, 'Obrigada!')));
      return row;
    });
    expect(inbound.attendanceId).toBe(first?.attendanceId);
  });
});
