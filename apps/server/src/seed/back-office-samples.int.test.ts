import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestContext, MANAGER, type TestContext } from '../../test/helpers/test-app';
import { seedBackOfficeSamples } from './back-office-samples';
import { seedSampleConversations } from './sample-conversations';

// `npm start` on a fresh machine: after the sample conversations, the back-office screens have something real to show.

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  expect(await seedSampleConversations(ctx.db, ctx.deps.appSecret)).toBe(true);
  await seedBackOfficeSamples(ctx.db, ctx.deps.storage);
  // A second start changes nothing.
  await seedBackOfficeSamples(ctx.db, ctx.deps.storage);
});
afterAll(async () => ctx?.close());

const count = async (table: string) =>
  Number(
    (await ctx.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]?.n,
  );

describe('back-office samples of the demo data', () => {
  it('shows a mailing, a campaign, subscribers, the blacklist and a batch close to the manager', async () => {
    expect(await count('mailings')).toBeGreaterThanOrEqual(1);
    expect(await count('campaigns')).toBe(1);
    expect(await count('subscribers')).toBeGreaterThan(0);
    expect(await count('blocked_contacts')).toBe(1);
    expect(await count('block_suggestions')).toBe(1);
    expect(await count('batch_close_queues')).toBe(1);
    const http = api(ctx);
    const manager = await http.login(MANAGER);
    const mailings = await http.get('/api/mailings', { cookie: manager });
    expect(mailings.status).toBe(200);
    expect(JSON.stringify(mailings.body)).toContain('Clientes ativos');
  });
});
