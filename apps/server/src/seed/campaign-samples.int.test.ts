import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestContext, MANAGER, type TestContext } from '../../test/helpers/test-app';
import { DEMO_CAMPAIGN_TITLE, seedCampaignSamples } from './campaign-samples';
import { seedSampleConversations } from './sample-conversations';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
});
afterAll(() => ctx.close());

describe('campaign samples', () => {
  it('needs the demo WhatsApp Enterprise channel, then writes a finished campaign once', async () => {
    expect(await seedCampaignSamples(ctx.db)).toBe(false);
    expect(await seedSampleConversations(ctx.db, ctx.deps.appSecret)).toBe(true);
    expect(await seedCampaignSamples(ctx.db)).toBe(true);
    expect(await seedCampaignSamples(ctx.db)).toBe(false);

    const http = api(ctx);
    const manager = await http.login(MANAGER);
    const list = await http.get('/api/campaigns', { cookie: manager });
    const campaign = (
      list.body.data as { id: number; title: string; status_label: string; percent: number }[]
    ).find((c) => c.title === DEMO_CAMPAIGN_TITLE);
    expect(campaign).toMatchObject({ status_label: 'Enviado', percent: 100 });
    const details = await http.get(`/api/campaigns/${campaign?.id}/details`, { cookie: manager });
    expect(details.body).toMatchObject({ totalSent: 18, totalDelivered: 13, totalRead: 6, live: false });
    expect((details.body.counts as Record<string, number>).failure).toBe(2);
  });
});
