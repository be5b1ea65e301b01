import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestContext, MANAGER, type TestContext } from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { startWhatsAppPeer, type WhatsAppPeer } from '../../../test/peers/whatsapp-cloud-peer';
import { createChannelRepository } from '../../channels/repository';
import { campaignContacts, campaigns } from '../../db/schema/campaigns';
import { hsmTemplates } from '../../db/schema/waent';
import { connectDatabase, type Database } from '../../platform/db';
import { ENGINE_MSG } from './constants';
import { claimContacts } from './repository';
import { type CampaignRunner, startCampaignRunner } from './runner';

// The campaign engine against the real database, the inbox and a local WhatsApp Cloud API that enforces the
// number's throughput and sends status webhooks echoing biz_opaque_callback_data: every recipient once, at the
// channel's rate across two nodes, blocked and opted-out recipients never sent, 130429 backed off, a dead node's
// recipients settled by the statuses (never sent twice), template quality RED pausing, the portfolio's 24-hour limit.

let ctx: TestContext;
let peer: WhatsAppPeer;
let channelId: number;
let companyId: number;
let templateId: number;
let second: Database;
const runners: CampaignRunner[] = [];
const RATE = 40;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const addr = ctx.app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  // Meta allows a little burst over the nominal rate; the engine paces exactly at it.
  peer = await startWhatsAppPeer({ throughput: Math.ceil(RATE * 1.15) });
  const http = api(ctx);
  const manager = await http.login(MANAGER);
  const sectors = await http.get('/api/sectors', { cookie: manager });
  const sectorId = (sectors.body as unknown as { id: number }[])[0]?.id ?? 0;
  const r = await http.post('/api/channels/waent', {
    cookie: manager,
    body: {
      name: 'Campanhas',
      default_sector_id: sectorId,
      broker: 'meta',
      phone_number_id: peer.phoneNumberId,
      waba_id: peer.wabaId,
      access_token: peer.accessToken,
      app_secret: 'app-secret-campanhas',
      verify_token: 'campanhas',
      api_base_url: peer.url,
      messages_per_second: RATE,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  channelId = r.body.id as number;
  const row = await ctx.db.execute<{ company_id: number }>(
    sql`select company_id from channels where id = ${channelId}`,
  );
  companyId = Number(row.rows[0]?.company_id);
  peer.sendStatusesTo({ url: `${base}/api/webhooks/waent/${channelId}`, appSecret: 'app-secret-campanhas' });
  const [t] = await ctx.db
    .insert(hsmTemplates)
    .values({
      ownerCompanyId: companyId,
      name: 'Boas-vindas',
      elementName: 'boas_vindas',
      language: 'pt_BR',
      template: 'Olá {{1}}, tudo bem? Aqui é da {{2}}.',
      externalStatus: 'APPROVED',
      wabaId: peer.wabaId,
    })
    .returning();
  templateId = t?.id ?? 0;
  second = connectDatabase(ctx.url, 10);
});

afterEach(async () => {
  for (const r of runners.splice(0)) await r.stop();
  await ctx.db.execute(sql`update campaigns set deleted_at = now() where deleted_at is null`);
  await ctx.db.execute(sql`delete from portfolio_contacts`);
  await ctx.db.execute(
    sql`update channels set config = config || '{"messaging_limit":"unlimited"}'::jsonb where id = ${channelId}`,
  );
  await ctx.deps.channelRepository.forget(channelId);
  for (const t of peer.templates) delete (t as { quality_score?: unknown }).quality_score;
});

afterAll(async () => {
  for (const r of runners.splice(0)) await r.stop();
  await second?.pool.end();
  await peer?.stop();
  await ctx?.close();
});

let phoneSeq = 0;
/** A scheduled WhatsApp Enterprise campaign with `n` recipients (numbers unique across the file). */
async function campaignOf(n: number, extra: Partial<typeof campaigns.$inferInsert> = {}) {
  const [c] = await ctx.db
    .insert(campaigns)
    .values({
      companyId,
      title: `Campanha ${++phoneSeq}`,
      status: 'scheduled',
      channel: 'waent',
      channelId,
      tries: 3,
      whatsapp: {
        active: true,
        campaign_type: 'hsm',
        hsm_template: templateId,
        mailing_columns: [{ column: 'nome' }, { text: 'Prosa' }],
      },
      totalContacts: n,
      ...extra,
    })
    .returning();
  if (!c) throw new Error('campanha');
  const rows = Array.from({ length: n }, (_, i) => ({
    companyId,
    campaignId: c.id,
    contactKey: `55119${String(phoneSeq).padStart(3, '0')}${String(i).padStart(5, '0')}`,
    name: `Cliente ${i}`,
    vars: { nome: `Cliente ${i}` },
  }));
  for (let i = 0; i < rows.length; i += 1000)
    await ctx.db.insert(campaignContacts).values(rows.slice(i, i + 1000));
  return { id: c.id, keys: rows.map((r) => r.contactKey) };
}

const run = (db = ctx.deps, extra: Parameters<typeof startCampaignRunner>[1] = {}) => {
  const r = startCampaignRunner(db, { idleMs: 50, sliceMs: 1000, ...extra });
  runners.push(r);
  return r;
};

const statusOf = async (id: number) =>
  (
    await ctx.db.execute<{ status: string; processed_contacts: number; paused_reason: string | null }>(
      sql`select status, processed_contacts, paused_reason from campaigns where id = ${id}`,
    )
  ).rows[0];

const contactStatuses = async (id: number) => {
  const r = await ctx.db.execute<{ status: string; n: number }>(
    sql`select status, count(*)::int as n from campaign_contacts where campaign_id = ${id} group by status`,
  );
  return Object.fromEntries(r.rows.map((x) => [x.status, Number(x.n)]));
};

/** How many messages the peer accepted for each of `keys`. */
const sentTo = (keys: string[]) => {
  const mine = new Set(keys);
  const counts = new Map<string, number>();
  for (const m of peer.sent) if (mine.has(m.to)) counts.set(m.to, (counts.get(m.to) ?? 0) + 1);
  return counts;
};

describe('campaign engine', () => {
  it('sends every recipient its filled template once, at the channel rate, and follows the statuses', async () => {
    const c = await campaignOf(60);
    run();
    await waitFor(async () => (await statusOf(c.id))?.status === 'sent', 20_000);
    const counts = sentTo(c.keys);
    expect(counts.size).toBe(60);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    // Never over the number's throughput.
    expect(peer.throttled).toHaveLength(0);
    const first = peer.sent.find((m) => m.to === c.keys[0]);
    expect(first?.body.template).toMatchObject({
      name: 'boas_vindas',
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Cliente 0' },
            { type: 'text', text: 'Prosa' },
          ],
        },
      ],
    });
    expect(String(first?.body.biz_opaque_callback_data)).toMatch(/^cc:\d+$/);
    expect((await statusOf(c.id))?.processed_contacts).toBe(60);
    // The statuses the peer sent back reach the recipients (sent is what it reports).
    await peer.statusesSettled();
    await waitFor(async () => (await contactStatuses(c.id)).sent === 60);
  });

  it('two nodes share the recipients and the rate: each recipient once, never over the throughput', async () => {
    const c = await campaignOf(120);
    const nodeB = {
      ...ctx.deps,
      db: second.db,
      channelRepository: createChannelRepository({
        db: second.db,
        appSecret: ctx.deps.appSecret,
        registry: ctx.deps.channels,
      }),
    };
    run(ctx.deps, { node: 'node-a' });
    run(nodeB, { node: 'node-b' });
    await waitFor(async () => (await statusOf(c.id))?.status === 'sent', 30_000);
    const counts = sentTo(c.keys);
    expect(counts.size).toBe(120);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(peer.throttled).toHaveLength(0);
    const by = await ctx.db.execute<{ claimed_by: string | null }>(
      sql`select distinct claimed_by from campaign_contacts where campaign_id = ${c.id}`,
    );
    // Claims are cleared once recorded: both nodes took part is seen in the peer's arrivals only; each key once.
    expect(by.rows.length).toBeGreaterThan(0);
  });

  it('never sends to a blocked or opted-out recipient', async () => {
    const c = await campaignOf(5);
    const [blocked, optedOut] = [c.keys[1] ?? '', c.keys[2] ?? ''];
    await ctx.db.execute(sql`
      insert into blocked_contacts (company_id, prefix, channel_id, contact, description, status)
      values (${companyId}, 'waent', null, ${blocked}, 'pediu', 'accepted')`);
    await ctx.db.execute(sql`
      insert into subscribers (company_id, channel_id, uid, subscriber_status, source)
      values (${companyId}, ${channelId}, ${optedOut}, 'inactive', 'optout')`);
    run();
    await waitFor(async () => (await statusOf(c.id))?.status === 'sent', 10_000);
    const counts = sentTo(c.keys);
    expect(counts.has(blocked)).toBe(false);
    expect(counts.has(optedOut)).toBe(false);
    expect(counts.size).toBe(3);
    expect(await contactStatuses(c.id)).toMatchObject({ blocked: 1, cancelled: 1 });
  });

  it('backs off when Meta answers 130429 and sends the refused recipients later, once', async () => {
    const c = await campaignOf(10);
    peer.failNext(2, 429, { code: 130429, retryAfter: 1 });
    run();
    await waitFor(async () => (await statusOf(c.id))?.status === 'sent', 20_000);
    const counts = sentTo(c.keys);
    expect(counts.size).toBe(10);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it("settles a dead node's recipients by the statuses, and sends again only what Meta never accepted", async () => {
    const c = await campaignOf(4);
    // A node claimed three recipients and died: it had sent the first (Meta accepted it), not the others.
    const claimed = await claimContacts(ctx.db, c.id, 3, 'dead-node');
    await ctx.db.execute(
      sql`update campaign_contacts set claimed_at = now() - interval '10 minutes' where campaign_id = ${c.id} and status = 'sending'`,
    );
    const accepted = claimed[0];
    if (!accepted) throw new Error('claim');
    const res = await fetch(`${peer.url}/${peer.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${peer.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        messaging_product: 'whatsapp',
        to: accepted.contactKey,
        type: 'template',
        biz_opaque_callback_data: `cc:${accepted.id}`,
        template: { name: 'boas_vindas', language: { code: 'pt_BR' } },
      }),
    });
    expect(res.status).toBe(200);
    await peer.statusesSettled();
    // Its 'sent' status (echoing our reference) reached the recipient although the node never recorded the answer.
    await waitFor(async () => {
      const r = await ctx.db.execute<{ status: string }>(
        sql`select status from campaign_contacts where id = ${accepted.id}`,
      );
      return r.rows[0]?.status === 'sent';
    });
    run(ctx.deps, { leaseMs: 1000, unknownGraceMs: 2000 });
    await waitFor(async () => (await statusOf(c.id))?.status === 'sent', 20_000);
    const counts = sentTo(c.keys);
    expect(counts.size).toBe(4);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it('pauses while the template quality is RED and resumes when it is not', async () => {
    const tpl = peer.templates.find((t) => t.name === 'boas_vindas') as { quality_score?: unknown };
    tpl.quality_score = { score: 'RED', date: 0 };
    const c = await campaignOf(3);
    run(ctx.deps, { qualityEveryMs: 200 });
    await waitFor(async () => (await statusOf(c.id))?.paused_reason === ENGINE_MSG.qualityRed);
    expect(sentTo(c.keys).size).toBe(0);
    tpl.quality_score = { score: 'GREEN', date: 0 };
    await waitFor(async () => (await statusOf(c.id))?.status === 'sent', 10_000);
    expect((await statusOf(c.id))?.paused_reason).toBeNull();
    expect(sentTo(c.keys).size).toBe(3);
  });

  it("holds the campaign at the portfolio's 24-hour limit of unique contacts", async () => {
    const http = api(ctx);
    const manager = await http.login(MANAGER);
    const saved = await http.patch(`/api/channels/waent/${channelId}`, {
      cookie: manager,
      body: { messaging_limit: '250' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await ctx.db.execute(sql`
      insert into portfolio_contacts (company_id, portfolio, contact_key)
      select ${companyId}, ${peer.wabaId}, 'x' || g from generate_series(1, 248) g`);
    const c = await campaignOf(5);
    run();
    await waitFor(async () => ((await statusOf(c.id))?.paused_reason ?? '').includes('250'));
    // The two recipients the limit left room for were claimed before the pause; their sends land at their slots.
    await waitFor(async () => (await contactStatuses(c.id)).sent === 2);
    expect(sentTo(c.keys).size).toBe(2);
    expect((await statusOf(c.id))?.status).toBe('progress');
  });

  it('ends a campaign past its valid_to, and one whose channel was removed', async () => {
    const late = await campaignOf(3, { validTo: new Date(Date.now() - 1000), status: 'progress' });
    run();
    await waitFor(async () => (await statusOf(late.id))?.status === 'finished_with_timeout');
    expect(await contactStatuses(late.id)).toEqual({ expired_time_limit: 3 });
  });
});
