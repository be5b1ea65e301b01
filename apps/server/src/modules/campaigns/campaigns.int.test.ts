import { CAMPAIGN_MSG } from '@prosa/shared/campaigns';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignFixtures, inDays } from '../../../test/helpers/campaign-fixtures';
import { multipart } from '../../../test/helpers/multipart';
import { largePng, samplePng } from '../../../test/helpers/sample-files';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { campaigns, subscribers } from '../../db/schema/campaigns';
import { domainEvents } from '../../db/schema/facts';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let manager: string;
let f: Awaited<ReturnType<typeof campaignFixtures>>;
let hsm: { id: number };
let people: { id: number };

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  manager = await http.login(MANAGER);
  f = await campaignFixtures(ctx);
  hsm = await f.template('promo_natal', 'Olá {{1}}, seu cupom é {{2}}.');
  people = await f.mailing(
    'Clientes',
    ['nome', 'telefone', 'cidade'],
    [
      ['Maria', '(81) 99999-0001', 'Recife'],
      ['João', '81999990002', 'Olinda'],
    ],
  );
});
afterAll(() => ctx.close());

const waent = (extra: Record<string, unknown> = {}) => ({
  title: 'Natal',
  channel: 'waent',
  channel_id: f.waent.id,
  mailing_id: people.id,
  valid_to: inDays(2),
  whatsapp: {
    active: true,
    campaign_type: 'hsm',
    hsm_template: hsm.id,
    mailing_columns: [{ column: 'nome' }, { text: 'NATAL10' }],
    field: 'telefone',
  },
  ...extra,
});
const waweb = (messages: unknown[], extra: Record<string, unknown> = {}) => ({
  title: 'Promo web',
  channel: 'waweb',
  channel_id: f.waweb.id,
  mailing_id: people.id,
  whatsapp: { active: true, campaign_type: 'message', messages, field: 'telefone' },
  ...extra,
});
const sms = (extra: Record<string, unknown> = {}) => ({
  title: 'SMS aviso',
  channel: 'sms',
  mailing_id: people.id,
  valid_to: inDays(1),
  sms: { active: true, broker: f.sms.id, field: 'telefone', message: 'Aviso importante' },
  ...extra,
});

async function campaignCount() {
  const [r] = await ctx.db.select({ n: count() }).from(campaigns).where(eq(campaigns.companyId, f.companyId));
  return r?.n ?? 0;
}

async function refused(body: unknown, message: string) {
  const before = await campaignCount();
  const r = await http.post('/api/campaigns', { cookie: manager, body });
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body.message).toBe(message);
  expect(await campaignCount()).toBe(before);
}

async function create(body: unknown) {
  const r = await http.post('/api/campaigns', { cookie: manager, body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.campaign as {
    id: number;
    status: string;
    total_contacts: number;
    whatsapp: Record<string, unknown>;
  };
}

describe('campaign validation (spec 3 §5)', () => {
  it('refuses each rule with its text and stores nothing', async () => {
    await refused(waent({ title: '  ' }), CAMPAIGN_MSG.titleRequired);
    await refused(waent({ mailing_id: null }), CAMPAIGN_MSG.mailingRequired);
    await refused(waent({ channel: 'fax' }), CAMPAIGN_MSG.channelTypeRequired);
    // waent
    await refused(
      waent({ whatsapp: { active: true, hsm_template: null, mailing_columns: [], field: 'telefone' } }),
      CAMPAIGN_MSG.templateRequired,
    );
    await refused(waent({ valid_to: null }), CAMPAIGN_MSG.validToRequired);
    await refused(waent({ valid_to: inDays(-1) }), CAMPAIGN_MSG.validToPast);
    await refused(waent({ schedule_date: inDays(3) }), CAMPAIGN_MSG.scheduleAfterValidTo);
    await refused(waent({ schedule_date: inDays(-0.5) }), CAMPAIGN_MSG.schedulePast);
    await refused(waent({ valid_to: 'amanhã' }), CAMPAIGN_MSG.dateInvalid);
    await refused(
      waent({
        whatsapp: {
          active: true,
          hsm_template: hsm.id,
          mailing_columns: [{ column: 'nome' }],
          field: 'telefone',
        },
      }),
      CAMPAIGN_MSG.variablesRequired,
    );
    await refused(
      waent({
        whatsapp: {
          active: true,
          hsm_template: hsm.id,
          mailing_columns: [{ column: 'nome' }, { text: '' }],
          field: 'telefone',
        },
      }),
      CAMPAIGN_MSG.variablesRequired,
    );
    await refused(
      waent({
        whatsapp: {
          active: true,
          hsm_template: hsm.id,
          mailing_columns: [{ column: 'sobrenome' }, { text: 'x' }],
          field: 'telefone',
        },
      }),
      CAMPAIGN_MSG.variableColumnInvalid('sobrenome'),
    );
    await refused(
      waent({
        whatsapp: { active: true, hsm_template: hsm.id, mailing_columns: [{ text: 'a' }, { text: 'b' }] },
      }),
      CAMPAIGN_MSG.fieldRequired,
    );
    await refused(
      waent({
        whatsapp: {
          active: true,
          hsm_template: hsm.id,
          mailing_columns: [{ text: 'a' }, { text: 'b' }],
          field: 'celular',
        },
      }),
      CAMPAIGN_MSG.fieldInvalid,
    );
    await refused(waent({ whatsapp: { active: false } }), CAMPAIGN_MSG.activeRequired);
    // waweb
    await refused(waweb([]), CAMPAIGN_MSG.messagesRequired);
    await refused(waweb([{ type: 'text', content: '   ' }]), CAMPAIGN_MSG.textRequired);
    await refused(waweb([{ type: 'text', content: 'x'.repeat(501) }]), CAMPAIGN_MSG.textTooLong);
    await refused(waweb([{ type: 'text', content: 'Oi', variants: [''] }]), CAMPAIGN_MSG.textRequired);
    const media = (key: string) => ({
      type: 'media',
      content: { key, name: 'a.png', type: 'image', public_path: '', provider: 'disk' },
    });
    const own = `campaigns/${f.companyId}/x.png`;
    await refused(waweb([media(own), media(own), media(own)]), CAMPAIGN_MSG.tooManyMedia);
    await refused(waweb([media('campaigns/999/x.png')]), CAMPAIGN_MSG.mediaInvalid);
    await refused(waweb([media('')]), CAMPAIGN_MSG.mediaRequired);
    // sms
    await refused(
      sms({ sms: { active: true, field: 'telefone', message: 'Oi' } }),
      CAMPAIGN_MSG.brokerRequired,
    );
    await refused(
      sms({ sms: { active: true, broker: f.sms.id, field: 'telefone', message: 'x'.repeat(161) } }),
      CAMPAIGN_MSG.smsTooLong,
    );
    await refused(
      sms({ sms: { active: true, broker: f.sms.id, field: 'telefone', message: '' } }),
      CAMPAIGN_MSG.smsMessageRequired,
    );
    await refused(sms({ valid_to: null }), CAMPAIGN_MSG.validToRequired);
    await refused(sms({ to_subscribers: true, mailing_id: null }), CAMPAIGN_MSG.subscribersSms);
    // Rules read from the database.
    await refused(
      sms({ sms: { active: true, broker: f.waent.id, field: 'telefone', message: 'Oi' } }),
      CAMPAIGN_MSG.brokerRequired,
    );
    await refused(waent({ channel_id: f.waweb.id }), CAMPAIGN_MSG.channelInvalid);
    const rejected = await f.template('reprovado', 'Oi {{1}}', { externalStatus: 'REJECTED' });
    await refused(
      waent({
        whatsapp: {
          active: true,
          hsm_template: rejected.id,
          mailing_columns: [{ text: 'a' }],
          field: 'telefone',
        },
      }),
      CAMPAIGN_MSG.templateInvalid,
    );
    await refused(waent({ mailing_id: 2_147_483_647 }), CAMPAIGN_MSG.mailingNotFound);
    const expired = await f.mailing('Antigo', ['telefone'], [['81999990009']], { dueDateMax: '2020-01-31' });
    await refused(waent({ mailing_id: expired.id }), CAMPAIGN_MSG.mailingInactive);
    const importing = await f.mailing('Importando', ['telefone'], [], { processing: 'processing' });
    await refused(waent({ mailing_id: importing.id }), CAMPAIGN_MSG.mailingNotReady);
    await refused(
      waent({
        to_subscribers: true,
        mailing_id: null,
        whatsapp: { active: true, hsm_template: hsm.id, mailing_columns: [{ text: 'a' }, { text: 'b' }] },
      }),
      CAMPAIGN_MSG.noSubscribers,
    );
    await ctx.db
      .insert(subscribers)
      .values({ companyId: f.companyId, channelId: f.waent.id, uid: '5581999990050' });
    await refused(
      waent({
        to_subscribers: true,
        mailing_id: null,
        whatsapp: {
          active: true,
          hsm_template: hsm.id,
          mailing_columns: [{ column: 'nome' }, { text: 'b' }],
        },
      }),
      CAMPAIGN_MSG.variablesFixedOnly,
    );
  });

  it('answers 400 for a malformed body or id, never 500', async () => {
    for (const body of [null, [], { title: 1 }, { ...waent(), tries: 99 }, { ...waent(), filters: 'x' }]) {
      const r = await http.post('/api/campaigns', { cookie: manager, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    for (const id of ['0', '-1', 'abc', '99999999999']) {
      const r = await http.get(`/api/campaigns/${id}`, { cookie: manager });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(CAMPAIGN_MSG.notFound);
    }
    expect((await http.get('/api/campaigns/2147483647', { cookie: manager })).status).toBe(404);
  });

  it('creates each kind: pending then prepared and scheduled', async () => {
    const a = await create(waent());
    expect(a.status).toBe('scheduled');
    expect(a.total_contacts).toBe(2);
    expect(a.whatsapp.mailing_columns).toEqual([{ column: 'nome' }, { text: 'NATAL10' }]);
    const b = await create(
      waweb([{ type: 'text', content: 'Oi {{nome}}!', variants: ['Olá {{nome}}'] }], {
        use_mailing_fields: true,
      }),
    );
    expect(b.status).toBe('scheduled');
    const c = await create(sms());
    expect(c.status).toBe('scheduled');
    const found = await http.get(`/api/campaigns/${c.id}`, { cookie: manager });
    expect(found.body.channel_id).toBe(f.sms.id);
    expect((found.body.sms as { broker: number }).broker).toBe(f.sms.id);
    expect(found.body.status_label).toBe('Pendente');
  });
});

describe('campaign access', () => {
  it('is for managers and above, of their own company', async () => {
    const operator = await http.login(OPERATOR);
    expect((await http.get('/api/campaigns', { cookie: operator })).status).toBe(403);
    expect((await http.post('/api/campaigns', { cookie: operator, body: waent() })).status).toBe(403);
    expect((await http.get('/api/campaigns')).status).toBe(401);

    const mine = await create(waent({ title: 'Só minha' }));
    const other = await http.login(OTHER_ADMIN);
    const id = mine.id;
    expect((await http.get(`/api/campaigns/${id}`, { cookie: other })).status).toBe(404);
    expect((await http.put(`/api/campaigns/${id}`, { cookie: other, body: waent() })).status).toBe(404);
    expect((await http.delete(`/api/campaigns/${id}`, { cookie: other })).status).toBe(404);
    expect((await http.get(`/api/campaigns/${id}/details`, { cookie: other })).status).toBe(404);
    expect((await http.get(`/api/campaigns/${id}/contacts`, { cookie: other })).status).toBe(404);
    expect((await http.post(`/api/campaigns/${id}/report`, { cookie: other })).status).toBe(404);
    expect((await http.get(`/api/campaigns/${id}/report.csv`, { cookie: other })).status).toBe(404);
    expect(
      (await http.post('/api/campaigns/unlock', { cookie: other, body: { campaignId: id } })).status,
    ).toBe(404);
    const list = await http.get('/api/campaigns', { cookie: other });
    expect((list.body.data as { id: number }[]).map((c) => c.id)).not.toContain(id);
    // Another company's channel, mailing and template are unknown here.
    expect(
      (await http.get(`/api/campaigns/options/templates?channel_id=${f.waent.id}`, { cookie: other })).status,
    ).toBe(404);
    const r = await http.get(`/api/campaigns/mailing-contacts?mailing_id=${people.id}`, { cookie: other });
    expect(r.status).toBe(404);
  });
});

describe('campaign list (spec 3 §2)', () => {
  it('shows the last 10 days by default, filters and pages, flags an admin as lord', async () => {
    const old = await create(waent({ title: 'Campanha antiga' }));
    await ctx.db
      .update(campaigns)
      .set({ createdAt: new Date(Date.now() - 15 * 86_400_000) })
      .where(eq(campaigns.id, old.id));
    const sent = await create(waent({ title: 'Black Friday' }));
    await ctx.db.update(campaigns).set({ status: 'sent' }).where(eq(campaigns.id, sent.id));

    const list = await http.get('/api/campaigns', { cookie: manager });
    expect(list.status).toBe(200);
    const titles = (list.body.data as { title: string }[]).map((c) => c.title);
    expect(titles).toContain('Black Friday');
    expect(titles).not.toContain('Campanha antiga');
    expect(list.body.lord).toBe(false);
    expect(list.body.current_page).toBe(1);
    expect(list.body.per_page).toBe(15);
    expect(list.body.from).toBe(1);

    const from = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
    const wide = await http.get(`/api/campaigns?fromDate=${from}`, { cookie: manager });
    expect((wide.body.data as { title: string }[]).map((c) => c.title)).toContain('Campanha antiga');

    const byTitle = await http.get('/api/campaigns?title=black', { cookie: manager });
    expect((byTitle.body.data as { title: string }[]).map((c) => c.title)).toEqual(['Black Friday']);
    const byStatus = await http.get('/api/campaigns?status=sent', { cookie: manager });
    expect((byStatus.body.data as { id: number; status_label: string }[]).map((c) => c.id)).toEqual([
      sent.id,
    ]);
    const bySms = await http.get('/api/campaigns?channel=sms', { cookie: manager });
    expect((bySms.body.data as { channel: string }[]).every((c) => c.channel === 'sms')).toBe(true);
    expect(bySms.body.total).toBeGreaterThan(0);

    const admin = await http.login(ADMIN);
    expect((await http.get('/api/campaigns', { cookie: admin })).body.lord).toBe(true);

    for (const q of ['status=nada', 'fromDate=31/12/2026', 'page=0', 'channel=fax'])
      expect((await http.get(`/api/campaigns?${q}`, { cookie: manager })).status).toBe(400);
    expect(
      (await http.get('/api/campaigns?fromDate=2026-02-10&toDate=2026-02-01', { cookie: manager })).status,
    ).toBe(400);
  });
});

describe('campaign changes', () => {
  it('edits only while pending or scheduled, preparing again', async () => {
    const c = await create(waent({ title: 'Editável' }));
    const filtered = await http.put(`/api/campaigns/${c.id}`, {
      cookie: manager,
      body: waent({ title: 'Editada', filters: { cidade: ['Recife'] } }),
    });
    expect(filtered.status, JSON.stringify(filtered.body)).toBe(200);
    expect(filtered.body.message).toBe(CAMPAIGN_MSG.updated);
    const campaign = filtered.body.campaign as { title: string; total_contacts: number; status: string };
    expect(campaign.title).toBe('Editada');
    expect(campaign.total_contacts).toBe(1);
    expect(campaign.status).toBe('scheduled');

    await ctx.db.update(campaigns).set({ status: 'progress' }).where(eq(campaigns.id, c.id));
    const r = await http.put(`/api/campaigns/${c.id}`, { cookie: manager, body: waent({ title: 'Outra' }) });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(CAMPAIGN_MSG.notEditable);
  });

  it('deletes (soft): pending contacts cancelled, gone from the list, a fact written', async () => {
    const c = await create(waent({ title: 'Para excluir' }));
    const r = await http.delete(`/api/campaigns/${c.id}`, { cookie: manager });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(CAMPAIGN_MSG.deleted);
    expect((await http.get(`/api/campaigns/${c.id}`, { cookie: manager })).status).toBe(404);
    const details = await http.get(`/api/campaigns/${c.id}/details`, { cookie: manager });
    expect(details.body.counts).toMatchObject({ cancelled: 2, pending: 0 });
    const [row] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, c.id));
    expect(row?.deletedAt).not.toBeNull();
    const facts = await ctx.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.companyId, f.companyId), eq(domainEvents.name, 'campaign.updated')));
    expect(facts.some((x) => (x.data as { campaign_id: number }).campaign_id === c.id)).toBe(true);
    expect((await http.delete(`/api/campaigns/${c.id}`, { cookie: manager })).status).toBe(404);
  });

  it('unlocks only a campaign in progress left by its worker for 2 minutes', async () => {
    const c = await create(waent({ title: 'Travada' }));
    const unlock = () => http.post('/api/campaigns/unlock', { cookie: manager, body: { campaignId: c.id } });
    let r = await unlock();
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(CAMPAIGN_MSG.notStuck);
    await ctx.db
      .update(campaigns)
      .set({ status: 'progress', lockedAt: new Date(Date.now() - 30_000) })
      .where(eq(campaigns.id, c.id));
    r = await unlock();
    expect(r.status).toBe(400);
    await ctx.db
      .update(campaigns)
      .set({ lockedAt: new Date(Date.now() - 3 * 60_000) })
      .where(eq(campaigns.id, c.id));
    const found = await http.get(`/api/campaigns/${c.id}`, { cookie: manager });
    expect(found.body.can_unlock).toBe(true);
    r = await unlock();
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, message: CAMPAIGN_MSG.unlocked });
    const [row] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, c.id));
    expect(row).toMatchObject({ status: 'waiting_worker', lockedAt: null, unlockCount: 1 });
    expect(
      (await http.post('/api/campaigns/unlock', { cookie: manager, body: { campaignId: 'x' } })).status,
    ).toBe(400);
  });
});

describe('campaign upload (spec 3 §5, §9)', () => {
  const upload = (filename: string, data: Buffer, contentType = 'application/octet-stream') => {
    const body = multipart([{ name: 'file', filename, contentType, data }]);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/campaign-upload',
      headers: { ...body.headers, cookie: manager },
      payload: body.payload,
    });
  };

  it('stores an image under the company and answers its content', async () => {
    const r = await upload('banner.png', samplePng(), 'image/png');
    expect(r.statusCode, r.body).toBe(200);
    const b = JSON.parse(r.body) as {
      success: boolean;
      type: string;
      file_name: string;
      uuid: string;
      content: { key: string };
    };
    expect(b.success).toBe(true);
    expect(b.type).toBe('image');
    expect(b.file_name).toBe('banner.png');
    expect(b.content.key).toBe(`campaigns/${f.companyId}/${b.uuid}.png`);
    // The answered content is accepted as a media message.
    const c = await create(waweb([{ type: 'media', content: b.content }]));
    expect(c.status).toBe('scheduled');
  });

  it('refuses other types and files over 5 MB', async () => {
    const txt = await upload('nota.png', Buffer.from('apenas texto'), 'image/png');
    expect(txt.statusCode).toBe(400);
    expect(JSON.parse(txt.body).message).toBe(CAMPAIGN_MSG.fileType);
    const big = await upload('grande.png', largePng(5 * 1024 * 1024 + 10), 'image/png');
    expect(big.statusCode).toBe(400);
    expect(JSON.parse(big.body).message).toBe(CAMPAIGN_MSG.fileTooLarge);
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/campaign-upload',
      headers: { cookie: manager, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(none.statusCode).toBe(400);
  });
});

describe('campaign options (spec 3 §7)', () => {
  it('lists approved templates, mailings in the period, channels, brokers and counts', async () => {
    const templates = await http.get(`/api/campaigns/options/templates?channel_id=${f.waent.id}`, {
      cookie: manager,
    });
    const names = (templates.body as unknown as { name: string; params: number }[]).map((t) => t.name);
    expect(names).toContain('promo_natal');
    expect(names).not.toContain('reprovado');
    const mails = await http.get('/api/campaigns/options/mailings', { cookie: manager });
    const titles = (mails.body as unknown as { title: string }[]).map((m) => m.title);
    expect(titles).toContain('Clientes');
    expect(titles).not.toContain('Antigo');
    expect(titles).not.toContain('Importando');
    const ent = await http.get('/api/campaigns/options/enterprise-channels', { cookie: manager });
    expect((ent.body as unknown as { id: number }[]).map((c) => c.id)).toContain(f.waent.id);
    expect(
      (await http.get('/api/campaigns/options/has-enterprise-channel', { cookie: manager })).body.has,
    ).toBe(true);
    const web = await http.get('/api/campaigns/options/waweb-channels', { cookie: manager });
    expect((web.body as unknown as { id: number }[]).map((c) => c.id)).toEqual([f.waweb.id]);
    const brokers = await http.get('/api/campaigns/options/sms-brokers', { cookie: manager });
    expect(brokers.body).toMatchObject({ enabled: true, brokers: [{ id: f.sms.id, provider: 'Zenvia' }] });
    const mc = await http.get(`/api/campaigns/mailing-contacts?mailing_id=${people.id}&field=telefone`, {
      cookie: manager,
    });
    expect(mc.body).toEqual({ total: 2, valid: 2 });
    const subs = await http.get(
      `/api/campaigns/subscriber-count?campaign_type=waent&prefix_channel_id=${f.waent.id}`,
      {
        cookie: manager,
      },
    );
    expect(subs.body).toEqual({ total: 1 });
    const values = await http.post('/api/campaigns/mailing-contact-field', {
      cookie: manager,
      body: { mailing_id: people.id, field: 'cidade', value: 'Re' },
    });
    expect(values.body).toEqual({ values: ['Recife'] });
    const cc = await http.get(`/api/campaigns/channel-contacts?channel_id=${f.waent.id}`, {
      cookie: manager,
    });
    expect(cc.body).toEqual({ total: 0 });
  });
});
