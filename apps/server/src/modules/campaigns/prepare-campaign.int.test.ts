import { CAMPAIGN_MSG } from '@prosa/shared/campaigns';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignFixtures, inDays } from '../../../test/helpers/campaign-fixtures';
import { api, createTestContext, MANAGER, type TestContext } from '../../../test/helpers/test-app';
import { blockedContacts } from '../../db/schema/blacklist';
import { campaignContacts, campaigns, subscribers } from '../../db/schema/campaigns';

// The campaigns.prepare job through pg-boss, then what the details, contacts and report show of its result.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let manager: string;
let f: Awaited<ReturnType<typeof campaignFixtures>>;
let hsm: { id: number };

beforeAll(async () => {
  ctx = await createTestContext();
  http = api(ctx);
  manager = await http.login(MANAGER);
  f = await campaignFixtures(ctx);
  hsm = await f.template('aviso', 'Olá {{1}}!');
});
afterAll(() => ctx.close());

type Campaign = {
  id: number;
  status: string;
  total_contacts: number;
  processed_contacts: number;
  percent: number;
};

/** Creates a campaign and waits for its prepare job to leave 'pending'. */
async function prepared(body: Record<string, unknown>): Promise<Campaign> {
  const r = await http.post('/api/campaigns', { cookie: manager, body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const id = (r.body.campaign as { id: number }).id;
  let found: Campaign | null = null;
  await expect
    .poll(
      async () => {
        found = (await http.get(`/api/campaigns/${id}`, { cookie: manager })).body as unknown as Campaign;
        return found.status;
      },
      { timeout: 15_000, interval: 100 },
    )
    .not.toBe('pending');
  if (!found) throw new Error('campaign');
  return found;
}

const waent = (mailingId: number | null, extra: Record<string, unknown> = {}) => ({
  title: 'Aviso',
  channel: 'waent',
  channel_id: f.waent.id,
  mailing_id: mailingId,
  valid_to: inDays(2),
  whatsapp: { active: true, hsm_template: hsm.id, mailing_columns: [{ column: 'Nome' }], field: 'Telefone' },
  ...extra,
});

let main: Campaign;

describe('prepare from a mailing', () => {
  it('lists each address once, marks invalid, blocked and opted-out rows, and schedules', async () => {
    const extra = Array.from({ length: 20 }, (_, i) => [
      `Cliente ${i}`,
      `55819888800${String(i).padStart(2, '0')}`,
    ]);
    const m = await f.mailing(
      'Base',
      ['Nome', 'Telefone'],
      [
        ['Maria', '(81) 99999-0001'],
        ['Maria de novo', '+55 81 99999-0001'],
        ['Sem telefone', 'abc'],
        ['Carlos', '81 99999-0003'],
        ['Duda', '81999990004'],
        ['Eva', '8199990005'],
        ...extra,
      ],
    );
    await ctx.db
      .insert(blockedContacts)
      .values({ companyId: f.companyId, prefix: 'waent', contact: '5581999990003', status: 'accepted' });
    // A block on another kind does not apply.
    await ctx.db
      .insert(blockedContacts)
      .values({ companyId: f.companyId, prefix: 'sms', contact: '5581999990001', status: 'accepted' });
    await ctx.db.insert(subscribers).values({
      companyId: f.companyId,
      channelId: f.waent.id,
      uid: '5581999990004',
      subscriberStatus: 'inactive',
    });

    main = await prepared(waent(m.id));
    expect(main.status).toBe('scheduled');
    expect(main.total_contacts).toBe(25);
    expect(main.processed_contacts).toBe(3);

    const rows = await ctx.db.select().from(campaignContacts).where(eq(campaignContacts.campaignId, main.id));
    const byKey = new Map(rows.map((r) => [r.contactKey, r]));
    expect(byKey.get('5581999990001')).toMatchObject({ status: 'pending', name: 'Maria' });
    expect(byKey.get('5581999990001')?.vars).toEqual({ Nome: 'Maria', Telefone: '(81) 99999-0001' });
    expect(byKey.get('5581999990003')?.status).toBe('blocked');
    expect(byKey.get('5581999990004')?.status).toBe('cancelled');
    expect(byKey.get('5581999990005')?.status).toBe('pending');
    expect(rows.filter((r) => r.status === 'invalid')).toHaveLength(1);

    // Preparing again (a retry) changes nothing: the campaign is no longer pending.
    const { prepareCampaign } = await import('./prepare-campaign');
    await prepareCampaign(ctx.deps, { companyId: f.companyId, campaignId: main.id });
    const again = await ctx.db
      .select()
      .from(campaignContacts)
      .where(eq(campaignContacts.campaignId, main.id));
    expect(again).toHaveLength(25);
  });

  it('applies the mailing filters', async () => {
    const m = await f.mailing(
      'Por cidade',
      ['Nome', 'Telefone', 'Cidade'],
      [
        ['Ana', '81977770001', 'Recife'],
        ['Bia', '81977770002', 'Olinda'],
        ['Caio', '81977770003', 'recife'],
      ],
    );
    const c = await prepared(waent(m.id, { filters: { Cidade: ['Recife'] } }));
    expect(c.total_contacts).toBe(2);
  });

  it('ends a campaign with no valid address as finished_no_contacts', async () => {
    const m = await f.mailing(
      'Inválidos',
      ['Nome', 'Telefone'],
      [
        ['X', '12'],
        ['Y', ''],
      ],
    );
    const c = await prepared(waent(m.id));
    expect(c.status).toBe('finished_no_contacts');
    expect(c.percent).toBe(100);
    const d = await http.get(`/api/campaigns/${c.id}/details`, { cookie: manager });
    expect(d.body).toMatchObject({
      status_label: 'Finalizado',
      message: CAMPAIGN_MSG.noContacts,
      live: false,
    });
  });
});

describe('a campaign left pending', () => {
  it('is queued again by the recurring task and prepared', async () => {
    const m = await f.mailing('Esquecido', ['Nome', 'Telefone'], [['Gil', '81955550001']]);
    const [row] = await ctx.db
      .insert(campaigns)
      .values({
        companyId: f.companyId,
        title: 'Esquecida',
        channel: 'waent',
        channelId: f.waent.id,
        mailingId: m.id,
        status: 'pending',
        whatsapp: {
          active: true,
          hsm_template: hsm.id,
          mailing_columns: [{ column: 'Nome' }],
          field: 'Telefone',
        },
        updatedAt: new Date(Date.now() - 5 * 60_000),
      })
      .returning();
    const { requeuePendingCampaigns } = await import('./requeue-pending');
    expect(await requeuePendingCampaigns(ctx.deps)).toBeGreaterThanOrEqual(1);
    await expect
      .poll(
        async () =>
          (
            await ctx.db
              .select()
              .from(campaigns)
              .where(eq(campaigns.id, row?.id ?? 0))
          )[0]?.status,
        { timeout: 15_000, interval: 100 },
      )
      .toBe('scheduled');
  });
});

describe('prepare to all subscribers', () => {
  it('sends to active subscribers; none left to send to → finished_without_optin at 100 %', async () => {
    await ctx.db
      .insert(subscribers)
      .values({ companyId: f.companyId, channelId: f.waent.id, uid: '5581966660001' });
    await ctx.db.insert(blockedContacts).values({
      companyId: f.companyId,
      prefix: 'waent',
      channelId: f.waent.id,
      contact: '5581966660001',
      status: 'accepted',
    });
    const body = waent(null, {
      to_subscribers: true,
      whatsapp: { active: true, hsm_template: hsm.id, mailing_columns: [{ text: 'cliente' }] },
    });
    const c = await prepared(body);
    expect(c.status).toBe('finished_without_optin');
    expect(c.percent).toBe(100);
    const d = await http.get(`/api/campaigns/${c.id}/details`, { cookie: manager });
    expect(d.body).toMatchObject({
      percent: 100,
      message: CAMPAIGN_MSG.noOptinContacts,
      status_label: 'Finalizado',
    });

    await ctx.db
      .insert(subscribers)
      .values({ companyId: f.companyId, channelId: f.waent.id, uid: '5581966660002' });
    const ok = await prepared(body);
    expect(ok.status).toBe('scheduled');
    expect(ok.total_contacts).toBe(2);
    expect(ok.processed_contacts).toBe(1);
  });
});

describe('details, contacts and report', () => {
  async function setStatus(keys: string[], status: string) {
    for (const key of keys)
      await ctx.db
        .update(campaignContacts)
        .set({
          status,
          sentAt: new Date('2026-11-20T13:00:00Z'),
          readAt: status === 'read' ? new Date() : null,
        })
        .where(and(eq(campaignContacts.campaignId, main.id), eq(campaignContacts.contactKey, key)));
  }

  it('counts sent, delivered and read and shows the percent', async () => {
    const k = (i: number) => `55819888800${String(i).padStart(2, '0')}`;
    await setStatus([k(0), k(1)], 'sent');
    await setStatus([k(2), k(3), k(4)], 'delivered');
    await setStatus([k(5), k(6), k(7), '5581999990001'], 'read');
    await setStatus([k(8)], 'failure');
    await ctx.db
      .update(campaigns)
      .set({ status: 'progress', processedContacts: 13 })
      .where(eq(campaigns.id, main.id));
    const d = await http.get(`/api/campaigns/${main.id}/details`, { cookie: manager });
    expect(d.status).toBe(200);
    expect(d.body).toMatchObject({
      status: 'progress',
      status_label: 'Processando',
      totalSent: 9,
      totalDelivered: 7,
      totalRead: 4,
      percent: 52,
      live: true,
    });
    expect(d.body.counts).toMatchObject({
      sent: 2,
      delivered: 3,
      read: 4,
      failure: 1,
      blocked: 1,
      invalid: 1,
    });
  });

  it('pages the contacts by 15, 30 or 45 and filters by status', async () => {
    const url = `/api/campaigns/${main.id}/contacts`;
    const p1 = await http.get(url, { cookie: manager });
    expect(p1.body).toMatchObject({
      total: 25,
      per_page: 15,
      current_page: 1,
      from: 1,
      to: 15,
      last_page: 2,
    });
    const p2 = await http.get(`${url}?page=2`, { cookie: manager });
    expect((p2.body.data as unknown[]).length).toBe(10);
    const p30 = await http.get(`${url}?per_page=30`, { cookie: manager });
    expect((p30.body.data as unknown[]).length).toBe(25);
    const blocked = await http.get(`${url}?status=blocked`, { cookie: manager });
    expect(blocked.body.data).toEqual([
      expect.objectContaining({ contact: '5581999990003', name: 'Carlos', status_label: 'Não entregue' }),
    ]);
    const invalid = await http.get(`${url}?status=invalid`, { cookie: manager });
    expect(invalid.body.data).toEqual([
      expect.objectContaining({ contact: 'abc', status_label: 'Inválido' }),
    ]);
    const sent = await http.get(`${url}?status=sent`, { cookie: manager });
    expect(sent.body.total).toBe(5);
    expect((await http.get(`${url}?per_page=20`, { cookie: manager })).status).toBe(400);
    expect((await http.get(`${url}?status=foo`, { cookie: manager })).status).toBe(400);
  });

  it('generates the report CSV with each contact and its status', async () => {
    const g = await http.post(`/api/campaigns/${main.id}/report`, { cookie: manager });
    expect(g.body).toEqual({ success: true, report_url: `/api/campaigns/${main.id}/report.csv` });
    const csv = await ctx.app.inject({
      method: 'GET',
      url: g.body.report_url as string,
      headers: { cookie: manager },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`campanha-${main.id}.csv`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Nome;Contato;Status;Enviado em;Entregue em;Lido em;Erro');
    expect(lines).toHaveLength(26);
    expect(lines).toContain('Carlos;5581999990003;Não entregue;;;;');
    expect(lines.find((l) => l.startsWith('Maria;'))).toMatch(
      /^Maria;5581999990001;Lido;20\/11\/2026 10:00:00;;\d{2}\//,
    );

    // A campaign with nobody listed has no report.
    const [empty] = await ctx.db
      .insert(campaigns)
      .values({
        companyId: f.companyId,
        title: 'Vazia',
        channel: 'waent',
        channelId: f.waent.id,
        status: 'scheduled',
      })
      .returning();
    const none = await http.post(`/api/campaigns/${empty?.id}/report`, { cookie: manager });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(CAMPAIGN_MSG.noInfo);
  });
});
