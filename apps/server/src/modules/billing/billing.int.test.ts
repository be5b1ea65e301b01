import { DEFAULT_TIMEZONE } from '@prosa/shared/dates';
import { ROLE } from '@prosa/shared/roles';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/helpers/multipart';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OPERATOR2,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { contracts } from '../../db/schema/admin';
import { invoices } from '../../db/schema/back-office';
import { channels } from '../../db/schema/channels';
import { companies } from '../../db/schema/companies';
import { users } from '../../db/schema/users';
import { sendJob } from '../../jobs/catalogue';
import { currentMonth } from '../contracts/calendar';
import { issueInvoices, issuePreviousMonth, shiftMonth } from './issue-invoices';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let admin: string;
let lord: string;
let demoId: number;
let otherId: number;
// Two closed months of the demo company's clock.
const lastMonth = shiftMonth(currentMonth(DEFAULT_TIMEZONE), -1);
const monthBefore = shiftMonth(lastMonth, -1);
const brMonth = (m: string) => `${m.slice(5, 7)}/${m.slice(0, 4)}`;
const LONG_AGO = new Date('2025-06-01T12:00:00Z');

type Page = {
  success: boolean;
  total: number;
  result: { id: number; month: string; amount_cents: number }[];
};

async function companyId(name: string) {
  const [row] = await ctx.db.select({ id: companies.id }).from(companies).where(eq(companies.name, name));
  return row?.id ?? 0;
}

/** The company's users and channels exist since long ago, so a closed month bills them in full. */
async function backdate(id: number) {
  await ctx.db.update(users).set({ createdAt: LONG_AGO }).where(eq(users.companyId, id));
  await ctx.db.update(channels).set({ createdAt: LONG_AGO }).where(eq(channels.companyId, id));
}

async function invoiceOf(id: number, month: string) {
  const [row] = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, id), eq(invoices.month, month)));
  return row;
}

beforeAll(async () => {
  ctx = await createTestContext();
  http = api(ctx);
  demoId = await companyId('Empresa Demo');
  otherId = await companyId('Outra Empresa');
  // The installation's owner: a lord is not billed by the contract.
  await ctx.db.update(users).set({ role: ROLE.lord }).where(eq(users.email, OPERATOR2));
  await backdate(demoId);
  admin = await http.login(ADMIN);
  lord = await http.login(OPERATOR2);
  const saved = await http.patch(`/api/companies/${demoId}/contract`, {
    cookie: lord,
    body: {
      start_date: '01/01/2025',
      due_date: null,
      rules: [
        { start_limit: 1, end_limit: 2, value: 49.9 },
        { start_limit: 3, end_limit: 10, value: 40 },
      ],
      number_value: 25,
      observation: '',
    },
  });
  expect(saved.status).toBe(200);
  // The operator left on the 10th of last month: prorated.
  await ctx.db
    .update(users)
    .set({ inactiveSince: new Date(`${lastMonth}-10T15:00:00Z`) })
    .where(eq(users.email, OPERATOR));
});
afterAll(() => ctx.close());

describe('billing', () => {
  it("issues a closed month's invoice at the contract's cost, once", async () => {
    const cost = await http.get(`/api/companies/${demoId}/contract?month=${lastMonth}`, { cookie: lord });
    const expected = cost.body.cost as { total: number; billed_users: number; users_total: number };
    // Demo users (admin, manager, operator): positions 1-2 at 49,90, 3 at 40 for 10 days of the month.
    const dim = new Date(
      Date.UTC(Number(lastMonth.slice(0, 4)), Number(lastMonth.slice(5, 7)), 0),
    ).getUTCDate();
    expect(expected.billed_users).toBe(3);
    expect(expected.users_total).toBeCloseTo(49.9 + 49.9 + Math.round((4000 * 10) / dim) / 100, 2);

    expect(await issueInvoices(ctx.deps, { companyId: null, month: lastMonth })).toEqual({
      issued: 1,
      existing: 0,
    });
    const row = await invoiceOf(demoId, lastMonth);
    expect(row?.amountCents).toBe(Math.round(expected.total * 100));
    expect(row?.amountCents).toBeGreaterThan(0);
    expect(row?.dueDate).toBe(`${shiftMonth(lastMonth, 1)}-10`);
    expect(row?.status).toBe('open');
    expect((row?.details as { billed_users?: number } | undefined)?.billed_users).toBe(3);
    expect(row?.pdfKey).toBeTruthy();

    // A re-run, even after the contract changed, leaves the issued invoice as it was.
    await ctx.db.update(contracts).set({ numberValue: 999_900 }).where(eq(contracts.companyId, demoId));
    expect(await issueInvoices(ctx.deps, { companyId: demoId, month: lastMonth })).toEqual({
      issued: 0,
      existing: 1,
    });
    const again = await invoiceOf(demoId, lastMonth);
    expect(again?.amountCents).toBe(row?.amountCents);
    expect(again?.updatedAt.getTime()).toBe(row?.updatedAt.getTime());
    await ctx.db.update(contracts).set({ numberValue: 2500 }).where(eq(contracts.companyId, demoId));

    // The current month is not closed: no invoice.
    const open = currentMonth(DEFAULT_TIMEZONE);
    expect(await issueInvoices(ctx.deps, { companyId: demoId, month: open })).toEqual({
      issued: 0,
      existing: 0,
    });
  });

  it('lets only the owner issue invoices from the screen, for closed months', async () => {
    const refused = await http.post('/api/billing/issue', { cookie: admin, body: { month: monthBefore } });
    expect(refused.status).toBe(403);
    const current = await http.post('/api/billing/issue', {
      cookie: lord,
      body: { month: currentMonth(DEFAULT_TIMEZONE) },
    });
    expect(current.status).toBe(400);
    expect(current.body.message).toBe('Só é possível gerar faturas de um mês encerrado.');
    const bad = await http.post('/api/billing/issue', { cookie: lord, body: { month: '2026-13' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Informe o mês no formato AAAA-MM.');
    const r = await http.post('/api/billing/issue', { cookie: lord, body: { month: monthBefore } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: 'Faturas geradas com sucesso!', issued: 1, existing: 0 });
    expect(await invoiceOf(demoId, monthBefore)).toBeTruthy();
  });

  it('lists the invoices 10 a page with the month filters', async () => {
    const all = await http.get('/api/billing/invoices', { cookie: admin });
    expect(all.status).toBe(200);
    const page = all.body as unknown as Page;
    expect(page.success).toBe(true);
    expect(page.total).toBe(2);
    expect(page.result.map((i) => i.month)).toEqual([lastMonth, monthBefore]);
    expect(all.body.owner).toBe(false);

    const from = await http.get(`/api/billing/invoices?startDate=${brMonth(lastMonth)}`, { cookie: admin });
    expect((from.body as unknown as Page).result.map((i) => i.month)).toEqual([lastMonth]);
    const range = await http.get(
      `/api/billing/invoices?startDate=${brMonth(monthBefore)}&endDate=${brMonth(monthBefore)}`,
      { cookie: admin },
    );
    expect((range.body as unknown as Page).result.map((i) => i.month)).toEqual([monthBefore]);

    const noStart = await http.get(`/api/billing/invoices?endDate=${brMonth(lastMonth)}`, { cookie: admin });
    expect(noStart.status).toBe(400);
    expect(noStart.body.message).toBe('É necessário preencher a Data Início.');
    const badMonth = await http.get('/api/billing/invoices?startDate=2026-10', { cookie: admin });
    expect(badMonth.status).toBe(400);
    expect(badMonth.body.message).toBe('Informe o mês no formato MM/AAAA.');

    // Past 10 invoices the list pages.
    for (let k = 3; k <= 12; k++) {
      await ctx.db
        .insert(invoices)
        .values({ companyId: demoId, month: shiftMonth(lastMonth, -k), amountCents: 100 });
    }
    const first = (await http.get('/api/billing/invoices', { cookie: admin })).body as unknown as Page;
    const second = (await http.get('/api/billing/invoices?page=2', { cookie: admin }))
      .body as unknown as Page;
    expect(first.total).toBe(12);
    expect(first.result).toHaveLength(10);
    expect(second.result.map((i) => i.month)).toEqual([
      shiftMonth(lastMonth, -11),
      shiftMonth(lastMonth, -12),
    ]);
  });

  it("downloads the invoice PDF with the company's name, named by its month", async () => {
    const row = await invoiceOf(demoId, lastMonth);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/billing/invoices/${row?.id}/download-invoice`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="fatura-${lastMonth}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = res.rawPayload.toString('latin1');
    expect(text).toContain('Empresa Demo');
    expect(text).toContain(`Fatura ${brMonth(lastMonth)}`);

    // An invoice whose PDF never reached storage is rendered on the download.
    const older = await invoiceOf(demoId, shiftMonth(lastMonth, -3));
    const lazy = await ctx.app.inject({
      method: 'GET',
      url: `/api/billing/invoices/${older?.id}/download-invoice`,
      headers: { cookie: admin },
    });
    expect(lazy.statusCode).toBe(200);
    expect(lazy.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await invoiceOf(demoId, shiftMonth(lastMonth, -3)))?.pdfKey).toBeTruthy();
  });

  it('takes receipts and billets from the owner and serves them to the company', async () => {
    const row = await invoiceOf(demoId, lastMonth);
    const pdf = Buffer.from('%PDF-1.4\nnota fiscal de teste\n%%EOF\n');
    const upload = (cookie: string, kind: string, data: Buffer, filename = 'nota.pdf') => {
      const form = multipart([{ name: 'file', filename, contentType: 'application/pdf', data }]);
      return ctx.app.inject({
        method: 'POST',
        url: `/api/billing/invoices/${row?.id}/${kind}`,
        headers: { cookie, ...form.headers },
        payload: form.payload,
      });
    };
    expect((await upload(admin, 'receipt', pdf)).statusCode).toBe(403);
    const wrong = await upload(lord, 'receipt', Buffer.from('não é um pdf'), 'nota.txt');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Envie um arquivo PDF, JPG ou PNG.');
    const big = await upload(lord, 'receipt', Buffer.concat([pdf, Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('O arquivo deve ter no máximo 2 MB.');

    const noBillet = await http.get(`/api/billing/invoices/${row?.id}/get-receipt?kind=billet`, {
      cookie: admin,
    });
    expect(noBillet.status).toBe(404);
    expect(noBillet.body.message).toBe('Erro ao carregar nota fiscal/boleto');

    const ok = await upload(lord, 'receipt', pdf);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Nota fiscal enviada com sucesso!');
    expect(ok.json().invoice.receipt_url).toBe(`/api/billing/invoices/${row?.id}/get-receipt?kind=receipt`);
    expect(ok.json().invoice.billet_url).toBeNull();

    const got = await ctx.app.inject({
      method: 'GET',
      url: `/api/billing/invoices/${row?.id}/get-receipt?kind=receipt`,
      headers: { cookie: admin },
    });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.rawPayload.equals(pdf)).toBe(true);
    const listed = (await http.get('/api/billing/invoices', { cookie: admin })).body as unknown as {
      result: { id: number; receipt_url: string | null }[];
    };
    expect(listed.result.find((i) => i.id === row?.id)?.receipt_url).toContain('kind=receipt');
  });

  it("keeps each company's invoices to itself; the owner sees every company's", async () => {
    const row = await invoiceOf(demoId, lastMonth);
    const other = await http.login(OTHER_ADMIN);
    const list = await http.get('/api/billing/invoices', { cookie: other });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(0);
    for (const url of [
      `/api/billing/invoices/${row?.id}/download-invoice`,
      `/api/billing/invoices/${row?.id}/get-receipt?kind=receipt`,
    ]) {
      expect((await http.get(url, { cookie: other })).status).toBe(404);
    }
    const owner = await http.get('/api/billing/invoices', { cookie: lord });
    expect(owner.body.owner).toBe(true);
    expect(owner.body.total).toBe(12);
  });

  it('opens the invoices to a manager only with the access an admin grants', async () => {
    const manager = await http.login(MANAGER);
    expect((await http.get('/api/billing/invoices', { cookie: manager })).status).toBe(403);
    expect((await http.get('/api/auth/me', { cookie: manager })).body.billingAccess).toBe(false);

    const [m] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, MANAGER));
    const base = `/api/companies/${demoId}/users/${m?.id}`;
    const detail = (await http.get(base, { cookie: admin })).body as {
      name: string;
      email: string;
      display_name: string;
      gender: string | null;
      role: number;
      profile_id: number | null;
      sector_ids: number[];
      transfer_sector_ids: number[];
      allow_billing_access: boolean;
    };
    expect(detail.allow_billing_access).toBe(false);
    const body = {
      name: detail.name,
      email: detail.email,
      display_name: detail.display_name,
      gender: detail.gender,
      role: detail.role,
      profile_id: detail.profile_id,
      sectors: detail.sector_ids,
      transfer_sectors: detail.transfer_sector_ids,
      allow_billing_access: true,
    };
    // A manager cannot grant it to themself.
    const self = await http.patch(base, { cookie: manager, body });
    expect(self.status).toBe(200);
    expect((self.body.user as { allow_billing_access: boolean }).allow_billing_access).toBe(false);

    const granted = await http.patch(base, { cookie: admin, body });
    expect(granted.status).toBe(200);
    expect((granted.body.user as { allow_billing_access: boolean }).allow_billing_access).toBe(true);
    expect((await http.get('/api/auth/me', { cookie: manager })).body.billingAccess).toBe(true);
    const list = await http.get('/api/billing/invoices', { cookie: manager });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(12);

    const revoked = await http.patch(base, { cookie: admin, body: { ...body, allow_billing_access: false } });
    expect(revoked.status).toBe(200);
    expect((await http.get('/api/billing/invoices', { cookie: manager })).status).toBe(403);
  });

  it("the recurring task issues each contracted company's previous month once", async () => {
    await backdate(otherId);
    await ctx.db.insert(contracts).values({
      companyId: otherId,
      startDate: '2025-01-01',
      rules: [{ start_limit: 1, end_limit: 100, value: 1000 }],
      numberValue: 0,
    });
    expect(await issuePreviousMonth(ctx.deps)).toBe(1);
    const row = await invoiceOf(otherId, lastMonth);
    expect(row?.amountCents).toBeGreaterThan(0);
    expect(await issuePreviousMonth(ctx.deps)).toBe(0);
  });

  it("the job 'billing.issue-invoices' issues the month it is given", async () => {
    const queue = ctx.deps.queue;
    if (!queue) throw new Error('sem fila');
    await sendJob(queue, 'billing.issue-invoices', { companyId: otherId, month: monthBefore });
    const row = await waitFor(() => invoiceOf(otherId, monthBefore));
    expect(row.amountCents).toBeGreaterThan(0);
    expect(row.dueDate).toBe(`${lastMonth}-10`);
  });
});
