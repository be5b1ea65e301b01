import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestContext, MANAGER, type TestContext } from '../../test/helpers/test-app';
import { seedCrmSamples } from './crm-samples';
import { seedSampleConversations } from './sample-conversations';

// `npm start` on a fresh machine: the CRM shows the sample customers' opportunities, one linked to its attendance.

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  expect(await seedSampleConversations(ctx.db, ctx.deps.appSecret)).toBe(true);
  expect(await seedCrmSamples(ctx.db)).toBe(true);
  // A second start changes nothing.
  expect(await seedCrmSamples(ctx.db)).toBe(false);
});
afterAll(async () => ctx?.close());

describe('CRM samples of the demo data', () => {
  it('shows three opportunities across the funnel, the first linked to its attendance', async () => {
    const http = api(ctx);
    const cookie = await http.login(MANAGER);
    const leads = await http.get('/api/crm/leads', { cookie });
    expect(leads.status).toBe(200);
    const body = JSON.stringify(leads.body);
    for (const title of [
      'Plano Empresarial — 20 usuários',
      'Renovação do suporte premium',
      'Upgrade de canais',
    ])
      expect(body).toContain(title);
    const linked = await ctx.db.execute<{ attendance_id: number }>(
      sql`select attendance_id from crm_leads where attendance_id is not null`,
    );
    expect(linked.rows).toHaveLength(1);
    const opportunities = await http.get(`/api/attendances/${linked.rows[0]?.attendance_id}/opportunities`, {
      cookie,
    });
    expect(opportunities.status).toBe(200);
    expect(JSON.stringify(opportunities.body)).toContain('"link_state":1');
  });
});
