import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, newVisitor } from '../../../test/helpers/attendance-fixtures';
import { saveSettings } from '../../../test/helpers/save-settings';
import {
  api,
  createTestContext,
  MANAGER,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { startWhatsAppPeer, type WhatsAppPeer } from '../../../test/peers/whatsapp-cloud-peer';
import { campaignContacts, campaigns } from '../../db/schema/campaigns';
import { backgroundReports } from '../../db/schema/reports';
import { hsmTemplates } from '../../db/schema/waent';
import { queuePeriodicReports } from '../background-reports/queue-periodic-reports';
import { type CampaignRunner, startCampaignRunner } from '../campaign-engine/runner';
import { MODULE_OFF_MSG } from './module-gate';

// Settings tabs 2 (Dashboards), 3 (Campanhas) and 6 (Finalização em lote), issue 24: each module is on unless the
// company turns it off (menu entry gone, every route 403 for that company only), the company's cap on campaign
// sends per minute paces the engine, and batch close honours the company's maximum per action.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let manager: string;
let other: string;

const PERIOD = 'fromDate=10/03/2026&toDate=11/03/2026';
const ROUTES = {
  dashboard: `/api/dashboards/business?${PERIOD}`,
  campaigns: '/api/campaigns',
  batch_close: '/api/batch-close-queue',
} as const;

beforeAll(async () => {
  ctx = await createTestContext();
  http = api(ctx);
  ids = await demoIds(ctx);
  manager = await http.login(MANAGER);
  other = await http.login(OTHER_ADMIN);
});
afterAll(() => ctx.close());

const features = async (cookie = manager) =>
  (await http.get('/api/company/features', { cookie })).body.allow as Record<string, boolean>;

describe('company modules (settings tabs 2, 3 and 6)', () => {
  for (const flag of ['dashboard', 'campaigns', 'batch_close'] as const) {
    it(`${flag}: on by default; off hides it from the menu and answers 403, for that company only`, async () => {
      expect((await features())[flag]).toBe(true);
      expect((await http.get(ROUTES[flag], { cookie: manager })).status).toBe(200);

      const saved = await saveSettings(ctx, manager, { allow: { [flag]: false } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect((await features())[flag]).toBe(false);
      const off = await http.get(ROUTES[flag], { cookie: manager });
      expect(off.status).toBe(403);
      expect(off.body.message).toBe(MODULE_OFF_MSG[flag]);
      // Another company keeps its module.
      expect((await http.get(ROUTES[flag], { cookie: other })).status).toBe(200);

      await saveSettings(ctx, manager, { allow: { [flag]: true } });
      expect((await http.get(ROUTES[flag], { cookie: manager })).status).toBe(200);
    });
  }
});

describe('batch close maximum per action (tab 6)', () => {
  it('refuses more attendances than the company allows, and takes as many', async () => {
    const opened: number[] = [];
    for (const name of ['Máximo A', 'Máximo B']) {
      const v = await newVisitor(ctx, name);
      await v.send('Olá, preciso de ajuda');
      const r = await ctx.db.execute<{ id: number }>(
        sql`select id from attendances where name = ${name} order by id desc limit 1`,
      );
      opened.push(Number(r.rows[0]?.id));
    }
    const bad = await saveSettings(ctx, manager, { batch_close_settings: { max_items: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      'O máximo de atendimentos por ação deve ser um número inteiro entre 1 e 1000.',
    );
    expect((await saveSettings(ctx, manager, { batch_close_settings: { max_items: 1 } })).status).toBe(200);
    const body = { action_id: 5, message: 'Aviso', filters: {} };
    const two = await http.post('/api/batch-close-queue', {
      cookie: manager,
      body: { ...body, histories: opened },
    });
    expect(two.status).toBe(400);
    expect(two.body.message).toBe('Selecione no máximo 1 atendimentos por ação.');
    await saveSettings(ctx, manager, { batch_close_settings: { max_items: 1000 } });
    const ok = await http.post('/api/batch-close-queue', {
      cookie: manager,
      body: { ...body, histories: opened },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});

describe('campaign sends per minute (tab 3)', () => {
  let peer: WhatsAppPeer;
  let runner: CampaignRunner | null = null;
  afterAll(async () => {
    await runner?.stop();
    await peer?.stop();
    await ctx.db.execute(sql`update campaigns set deleted_at = now() where deleted_at is null`);
  });

  it('the engine never sends faster than the company cap', async () => {
    peer = await startWhatsAppPeer({ throughput: 100 });
    const sectors = await http.get('/api/sectors', { cookie: manager });
    const sectorId = (sectors.body as unknown as { id: number }[])[0]?.id ?? 0;
    const ch = await http.post('/api/channels/waent', {
      cookie: manager,
      body: {
        name: 'Campanhas com limite',
        default_sector_id: sectorId,
        broker: 'meta',
        phone_number_id: peer.phoneNumberId,
        waba_id: peer.wabaId,
        access_token: peer.accessToken,
        app_secret: 'app-secret-limite',
        verify_token: 'limite',
        api_base_url: peer.url,
        messages_per_second: 80,
      },
    });
    expect(ch.status, JSON.stringify(ch.body)).toBe(200);
    const channelId = ch.body.id as number;
    const [t] = await ctx.db
      .insert(hsmTemplates)
      .values({
        ownerCompanyId: ids.companyId,
        name: 'Limite',
        elementName: 'limite',
        language: 'pt_BR',
        template: 'Olá {{1}}.',
        externalStatus: 'APPROVED',
        wabaId: peer.wabaId,
      })
      .returning();
    // One send a minute: the first goes at once, the next only a minute later.
    expect((await saveSettings(ctx, manager, { campaign_settings: { per_minute: 1 } })).status).toBe(200);
    const [c] = await ctx.db
      .insert(campaigns)
      .values({
        companyId: ids.companyId,
        title: 'Campanha com limite',
        status: 'scheduled',
        channel: 'waent',
        channelId,
        whatsapp: {
          active: true,
          campaign_type: 'hsm',
          hsm_template: t?.id,
          mailing_columns: [{ column: 'nome' }],
        },
        totalContacts: 3,
      })
      .returning();
    const keys = ['5511970000001', '5511970000002', '5511970000003'];
    await ctx.db.insert(campaignContacts).values(
      keys.map((k, i) => ({
        companyId: ids.companyId,
        campaignId: c?.id ?? 0,
        contactKey: k,
        name: `Cliente ${i}`,
        vars: { nome: `Cliente ${i}` },
      })),
    );
    runner = startCampaignRunner(ctx.deps, { idleMs: 50, sliceMs: 1000 });
    const sent = () => peer.sent.filter((m) => keys.includes(m.to)).length;
    await waitFor(async () => sent() === 1, 20_000);
    // The channel's next free slot lies about a minute ahead (at the channel's 80/s it would be ~12 ms).
    const r = await ctx.db.execute<{ ahead: number }>(
      sql`select extract(epoch from (tat - clock_timestamp()))::float8 as ahead from channel_rate where channel_id = ${channelId}`,
    );
    expect(Number(r.rows[0]?.ahead)).toBeGreaterThan(30);
    // Several slices later still one.
    await new Promise((res) => setTimeout(res, 2500));
    expect(sent()).toBe(1);
    // Stopped, the recipient booked a minute ahead goes back unsent: the other two wait for the next run.
    await runner.stop();
    runner = null;
    const left = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from campaign_contacts where campaign_id = ${c?.id ?? 0} and status = 'pending'`,
    );
    expect(Number(left.rows[0]?.n)).toBe(2);
    expect(sent()).toBe(1);
    await saveSettings(ctx, manager, { campaign_settings: { per_minute: null } });
  });
});

describe('history reports e-mails (tab 20)', () => {
  it('the history period and e-mails saved by the tab make the daily report go to those e-mails', async () => {
    const emailsOf = async () =>
      (await ctx.db.select().from(backgroundReports))
        .filter((r) => r.companyId === ids.companyId && r.userId === null)
        .map((r) => ({ type: r.type, to: r.emailTo.join(','), filters: r.filters }));
    await ctx.db.delete(backgroundReports);
    const now = new Date('2026-11-15T03:00:00Z');
    // Without e-mails nothing goes.
    const off = await saveSettings(ctx, manager, {
      allow: { background_reports: true },
      reports: { history: { period: 3 }, emails: '' },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    await queuePeriodicReports({ db: ctx.db, queue: null }, now);
    expect(await emailsOf()).toEqual([]);
    const bad = await saveSettings(ctx, manager, { reports: { emails: 'historico@' } });
    expect(bad.body.message).toBe('E-mail historico@ inválido!');
    const saved = await saveSettings(ctx, manager, { reports: { emails: 'historico@empresademo.com.br' } });
    expect(saved.status).toBe(200);
    await queuePeriodicReports({ db: ctx.db, queue: null }, now);
    expect(await emailsOf()).toEqual([
      {
        type: 'analytic',
        to: 'historico@empresademo.com.br',
        filters: { fromDate: '2026-11-12', toDate: '2026-11-14' },
      },
    ]);
    await ctx.db.delete(backgroundReports);
    await saveSettings(ctx, manager, {
      allow: { background_reports: false },
      reports: { history: { period: null }, emails: '' },
    });
  });
});
