import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, createTestContext, type TestContext } from '../../test/helpers/test-app';
import { invoices } from '../db/schema/back-office';
import { companies } from '../db/schema/companies';
import { shiftMonth } from '../modules/billing/issue-invoices';
import { currentMonth } from '../modules/contracts/calendar';
import { seedBillingSamples } from './billing-samples';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
});
afterAll(() => ctx?.close());

describe('billing samples', () => {
  it("issues the demo company's two previous months, once", async () => {
    await seedBillingSamples(ctx.deps);
    await seedBillingSamples(ctx.deps);
    const [demo] = await ctx.db.select().from(companies).where(eq(companies.name, 'Empresa Demo'));
    const month = currentMonth(demo?.timezone ?? 'America/Sao_Paulo');
    const rows = await ctx.db.select().from(invoices).orderBy(invoices.month);
    expect(rows.map((r) => [r.companyId, r.month])).toEqual([
      [demo?.id, shiftMonth(month, -2)],
      [demo?.id, shiftMonth(month, -1)],
    ]);
    expect(rows.every((r) => r.amountCents > 0 && r.pdfKey)).toBe(true);
    const http = api(ctx);
    const list = await http.get('/api/billing/invoices', { cookie: await http.login(ADMIN) });
    expect(list.body.total).toBe(2);
  });
});
