import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../../test/helpers/attendance-fixtures';
import { saveSettings } from '../../../test/helpers/save-settings';
import { api, createTestContext, MANAGER, type TestContext } from '../../../test/helpers/test-app';
import { attendances, contacts } from '../../db/schema/attendance';
import { campaignContacts, campaigns } from '../../db/schema/campaigns';
import { ingestInbound } from './ingest-batch';

// Campaign options (attendance settings, issue 24): a customer who answers a campaign within the configured hours
// opens an attendance marked with the campaign, in the campaign reply sector when one is chosen; older sends, other
// channels and 0 hours open ordinary attendances in the channel's sector.

let ctx: TestContext;
let ids: Awaited<ReturnType<typeof demoIds>>;
let manager: string;
const CHANNEL = 990_301;
const OTHER_CHANNEL = 990_302;
const RECENT = '5511988880001';
const OLD = '5511988880002';

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  ids = await demoIds(ctx);
  manager = await api(ctx).login(MANAGER);
  const [c] = await ctx.db
    .insert(campaigns)
    .values({
      companyId: ids.companyId,
      title: 'Black Friday',
      status: 'sent',
      channel: 'waent',
      channelId: CHANNEL,
      totalContacts: 2,
      finishedAt: new Date(),
    })
    .returning();
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
  await ctx.db.insert(campaignContacts).values([
    {
      companyId: ids.companyId,
      campaignId: c?.id ?? 0,
      contactKey: RECENT,
      status: 'delivered',
      sentAt: hoursAgo(1),
    },
    {
      companyId: ids.companyId,
      campaignId: c?.id ?? 0,
      contactKey: OLD,
      status: 'read',
      sentAt: hoursAgo(30),
    },
  ]);
});
afterAll(() => ctx.close());

let seq = 0;
/** The customer writes on the channel; answers the attendance it opened (any open one is closed first). */
async function writes(phone: string, channelId = CHANNEL) {
  const open = await ctx.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.channelId, channelId), eq(contacts.externalId, phone)));
  for (const c of open)
    await ctx.db.update(attendances).set({ closedAt: new Date() }).where(eq(attendances.contactId, c.id));
  await ingestInbound(ctx.deps, {
    companyId: ids.companyId,
    channel: { kind: 'waent', id: channelId, sectorId: ids.sector('Suporte') },
    contact: { externalId: phone, name: `Cliente ${phone}` },
    message: { externalId: `msg-${++seq}`, text: 'Quero a oferta', sentAt: new Date() },
  });
  const [a] = await ctx.db
    .select()
    .from(attendances)
    .where(and(eq(attendances.channelId, channelId), eq(attendances.name, `Cliente ${phone}`)))
    .orderBy(desc(attendances.id))
    .limit(1);
  if (!a) throw new Error('sem atendimento');
  return { sectorId: a.sectorId, campaignId: (a.data as Record<string, unknown>).campaign_id ?? null };
}

describe('campaign replies', () => {
  it('off (0 hours): an ordinary attendance in the channel sector', async () => {
    expect(await writes(RECENT)).toEqual({ sectorId: ids.sector('Suporte'), campaignId: null });
  });

  it('within the hours: marked with the campaign and opened in the reply sector', async () => {
    const saved = await saveSettings(ctx, manager, {
      campaign_options: { maxCampaignAssignmentTime: 24, reply_sector_id: ids.sector('Financeiro') },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const reply = await writes(RECENT);
    expect(reply.sectorId).toBe(ids.sector('Financeiro'));
    expect(reply.campaignId).toEqual(expect.any(Number));
    // Sent 30 hours ago, or on another channel: ordinary.
    expect(await writes(OLD)).toEqual({ sectorId: ids.sector('Suporte'), campaignId: null });
    expect(await writes(RECENT, OTHER_CHANNEL)).toEqual({
      sectorId: ids.sector('Suporte'),
      campaignId: null,
    });
  });

  it('without a reply sector: the channel sector, still marked with the campaign', async () => {
    await saveSettings(ctx, manager, {
      campaign_options: { maxCampaignAssignmentTime: 24, reply_sector_id: null },
    });
    const reply = await writes(RECENT);
    expect(reply.sectorId).toBe(ids.sector('Suporte'));
    expect(reply.campaignId).toEqual(expect.any(Number));
  });
});
