import { randomUUID } from 'node:crypto';
import { EMAIL_MSG } from '@prosa/shared/email';
import { HSM_MSG } from '@prosa/shared/hsm';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../../test/helpers/attendance-fixtures';
import { insertWaentRows } from '../../../test/helpers/channel-fixtures';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  type TestContext,
} from '../../../test/helpers/test-app';
import { type SmsPeer, startSmsPeer } from '../../../test/peers/sms/peer';
import { startWhatsAppPeer, type WhatsAppPeer } from '../../../test/peers/whatsapp-cloud-peer';
import { attendances } from '../../db/schema/attendance';
import { channels } from '../../db/schema/channels';
import { companies } from '../../db/schema/companies';
import { encryptSecret } from '../../platform/crypto';

// Issue 16's last gap: the active sends refuse a blocked contact with the spec's texts (spec 1 §5): WhatsApp
// and SMS "Contato informado no campo 'Telefone' está bloqueado.", e-mail one warning per blocked recipient
// naming Para, Cópia or Cópia Oculta. Nothing is sent and no attendance opens.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let wa: WhatsAppPeer;
let sms: SmsPeer;
let demo: Awaited<ReturnType<typeof demoIds>>;
let admin: string;
let manager: string;
let sectorId: number;

async function block(body: Record<string, unknown>) {
  const r = await http.post('/api/blacklist', {
    cookie: manager,
    body: { description: 'Bloqueio de teste', ...body },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.id as number;
}
const unblock = (id: number) =>
  http.post(`/api/blacklist/${id}/unblock`, { cookie: manager, body: { description: 'Liberado' } });

beforeAll(async () => {
  wa = await startWhatsAppPeer();
  sms = await startSmsPeer();
  ctx = await createTestContext({ queue: false, inbox: false });
  http = api(ctx);
  demo = await demoIds(ctx);
  admin = await http.login(ADMIN);
  manager = await http.login(MANAGER);
  sectorId = demo.sector('Comercial');
  await ctx.db
    .update(companies)
    .set({
      metadata: sql`jsonb_set(jsonb_set(${companies.metadata}, '{blacklist}', ${JSON.stringify({
        enabled: true,
        suggest: false,
        status_id: demo.status('Resolvido'),
      })}::jsonb, true), '{allow,whatsapp-active}', 'true'::jsonb, true)`,
    })
    .where(eq(companies.id, demo.companyId));
});
afterAll(async () => {
  await ctx?.close();
  await wa?.stop();
  await sms?.stop();
});

describe('active sends to blocked contacts', () => {
  it('WhatsApp Enterprise: refused on that channel or on all of the kind; another channel or after the unblock, sent', async () => {
    const make = async (name: string, pn: string) => {
      const [c] = await insertWaentRows(ctx.db, {
        companyId: demo.companyId,
        name,
        defaultSectorId: sectorId,
        phoneNumberId: pn,
        wabaId: wa.wabaId,
        accessTokenSealed: encryptSecret(wa.accessToken, ctx.deps.appSecret),
        appSecretSealed: encryptSecret('app-secret', ctx.deps.appSecret),
        verifyToken: 'verify',
        apiBaseUrl: wa.url,
      });
      return c?.id ?? 0;
    };
    const channelId = await make('WhatsApp Vendas', wa.phoneNumberId);
    const otherId = await make('WhatsApp Outro', `${wa.phoneNumberId}-2`);
    const template = await http.post('/api/hsm', {
      cookie: manager,
      body: {
        name: 'Retorno',
        element_name: 'retorno_pedido',
        template: 'Olá {{1}}, seu pedido está pronto.',
      },
    });
    const body = {
      ddi: '55',
      phone: '(11) 98765-4321',
      template_id: template.body.id,
      parameters: ['Maria'],
      sector_id: sectorId,
    };

    const one = await block({ prefix: 'waent', channel_id: channelId, contact: '11 98765-4321' });
    const before = wa.sent.length;
    const refused = await http.post(`/api/create-active-whatsapp-enterprise/${channelId}`, {
      cookie: admin,
      body,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(HSM_MSG.blockedPhone);
    // Written another way (with the country code, no mask): the same number.
    const again = await http.post(`/api/create-active-whatsapp-enterprise/${channelId}`, {
      cookie: admin,
      body: { ...body, ddi: '55', phone: '5511987654321' },
    });
    expect(again.body.message).toBe(HSM_MSG.blockedPhone);
    expect(wa.sent.length).toBe(before);
    const cards = await ctx.db
      .select()
      .from(attendances)
      .where(
        and(eq(attendances.channelId, channelId), eq(attendances.cardId, `waent_${channelId}_5511987654321`)),
      );
    expect(cards).toHaveLength(0);

    // Blocked on the other number only: this one sends.
    await unblock(one);
    const onOther = await block({ prefix: 'waent', channel_id: otherId, contact: '11987654321' });
    const ok = await http.post(`/api/create-active-whatsapp-enterprise/${channelId}`, {
      cookie: admin,
      body,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(wa.sent.length).toBe(before + 1);
    // Every channel of the kind: refused on any of them.
    await unblock(onOther);
    await block({ prefix: 'waent', contact: '+55 11 98765-4321' });
    const all = await http.post(`/api/create-active-whatsapp-enterprise/${otherId}`, { cookie: admin, body });
    expect(all.body.message).toBe(HSM_MSG.blockedPhone);
  });

  it('WhatsApp by QR: the same refusal', async () => {
    const [row] = await ctx.db
      .insert(channels)
      .values({
        companyId: demo.companyId,
        kind: 'waweb',
        name: 'WhatsApp Loja',
        defaultSectorId: sectorId,
        routeKey: `bl-${randomUUID()}`,
      })
      .returning();
    await block({ prefix: 'waweb', contact: '(21) 99888-7766' });
    const r = await http.post(`/api/create-active-whatsapp/${row?.id}`, {
      cookie: admin,
      body: { ddi: '55', phone: '21998887766', message: 'Olá!', sector_id: sectorId },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(HSM_MSG.blockedPhone);
  });

  it('SMS: a blocked number is refused and nothing reaches the broker', async () => {
    const created = await http.post('/api/channels/sms', {
      cookie: manager,
      body: {
        gateway: 'zenvia',
        name: 'SMS Zenvia',
        default_sector_id: sectorId,
        extra_data: { base_url: sms.url, token: sms.accept.zenviaToken, sender: 'PROSA' },
        conditionals: [],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const channelId = created.body.id as number;
    const id = await block({ prefix: 'sms', channel_id: channelId, contact: '(11) 94444-3333' });
    const operator = await http.login(OPERATOR);
    const body = {
      channel_id: channelId,
      phone_number_ddi: '55',
      phone_number: '11944443333',
      message: 'Seu pedido saiu para entrega.',
      sector_id: sectorId,
      is_new_channel: true,
    };
    const before = sms.sent.length;
    const r = await http.post('/api/active-sms', { cookie: operator, body });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(HSM_MSG.blockedPhone);
    expect(sms.sent.length).toBe(before);
    await unblock(id);
    const ok = await http.post('/api/active-sms', { cookie: operator, body });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(sms.sent.length).toBe(before + 1);
  });

  it('e-mail: one warning per blocked recipient naming Para, Cópia and Cópia Oculta', async () => {
    const [row] = await ctx.db
      .insert(channels)
      .values({
        companyId: demo.companyId,
        kind: 'em',
        name: 'Suporte por e-mail',
        defaultSectorId: sectorId,
        routeKey: `bl-${randomUUID()}`,
      })
      .returning();
    const channelId = row?.id ?? 0;
    await block({ prefix: 'em', contact: 'Chato@Exemplo.com' });
    await block({ prefix: 'em', channel_id: channelId, contact: 'copia@exemplo.com' });
    await block({ prefix: 'em', contact: 'oculta@exemplo.com' });
    const body = {
      email_config_id: channelId,
      sector_id: sectorId,
      to: ['chato@exemplo.com', 'livre@exemplo.com'],
      cc: ['COPIA@exemplo.com'],
      bcc: ['oculta@exemplo.com'],
      subject: 'Proposta',
      body: 'Olá!',
    };
    const r = await http.post('/api/active-email', { cookie: manager, body });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(
      [
        EMAIL_MSG.recipientBlocked('Para', 'chato@exemplo.com'),
        EMAIL_MSG.recipientBlocked('Cópia', 'copia@exemplo.com'),
        EMAIL_MSG.recipientBlocked('Cópia Oculta', 'oculta@exemplo.com'),
      ].join(' '),
    );
    // copia@ is blocked on this e-mail config only: through another one it is not refused as blocked.
    const other = await http.post('/api/active-email', {
      cookie: manager,
      body: { ...body, email_config_id: channelId + 1000, to: ['livre@exemplo.com'], bcc: [] },
    });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(EMAIL_MSG.notFound);
  });
});
