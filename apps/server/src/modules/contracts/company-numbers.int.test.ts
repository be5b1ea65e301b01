import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWaentRows } from '../../../test/helpers/channel-fixtures';
import { ADMIN, api, createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { channels } from '../../db/schema/channels';
import { companies } from '../../db/schema/companies';
import { insertNumber } from '../waweb/repository';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let admin: string;
let demoId: number;
let otherId: number;

/** A WhatsApp Enterprise number of a company, added at `createdAt` (secrets are not used here). */
async function addNumber(
  companyId: number,
  name: string,
  createdAt: string,
  extra: { deleted?: boolean } = {},
) {
  const [row] = await insertWaentRows(ctx.db, {
    companyId,
    name,
    defaultSectorId: 1,
    phoneNumber: `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    phoneNumberId: `pn-${name}-${Date.now()}`,
    wabaId: 'waba-1',
    accessTokenSealed: 'x',
    appSecretSealed: 'x',
    verifyToken: 'x',
    createdAt: new Date(createdAt),
    deletedAt: extra.deleted ? new Date('2026-06-05T12:00:00Z') : null,
  });
  return row;
}

/** A WhatsApp number by QR code of a company (its phone given or not), added at `createdAt`. */
async function addWebNumber(
  companyId: number,
  name: string,
  createdAt: string,
  extra: { phone?: string; deleted?: boolean } = {},
) {
  const id = await insertNumber(ctx.db, {
    companyId,
    name,
    sectorId: 1,
    config: {
      phone_number: extra.phone ?? '',
      allow_groups: false,
      pacing: { min_interval_ms: 1500, jitter_ms: 1500, presence: true },
    },
    routeKey: `waweb-${name}-${Date.now()}`,
  });
  await ctx.db
    .update(channels)
    .set({
      createdAt: new Date(createdAt),
      ...(extra.deleted ? { deletedAt: new Date('2026-07-20T12:00:00Z'), active: false } : {}),
    })
    .where(eq(channels.id, id));
  return id;
}

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  admin = await http.login(ADMIN);
  const rows = await ctx.db.select().from(companies);
  demoId = rows.find((c) => c.name === 'Empresa Demo')?.id ?? 0;
  otherId = rows.find((c) => c.name === 'Outra Empresa')?.id ?? 0;
  const saved = await http.patch(`/api/companies/${demoId}/contract`, {
    cookie: admin,
    body: {
      start_date: '01/01/2026',
      due_date: null,
      rules: [{ start_limit: 1, end_limit: 10, value: 40 }],
      number_value: 25,
      observation: '',
    },
  });
  expect(saved.status).toBe(200);
});
afterAll(() => ctx.close());

describe('custo do contrato: números da empresa', () => {
  it('bills each live WhatsApp Enterprise number of the company, from the day it was added', async () => {
    // Hand-computed for June 2026 (30 days), R$ 25,00 per number:
    //  Loja     added 10/01                                         → 30/30 × 25,00 = 25,00
    //  Suporte  added 21/06 01:30 UTC = 20/06 22:30 in São Paulo    → 11/30 × 25,00 = 9,1666… = 9,17
    //  Antigo   removed (deleted) → not billed; another company's number → not billed.
    //  numbers total 34,17.
    const loja = await addNumber(demoId, 'Loja', '2026-01-10T15:00:00Z');
    const suporte = await addNumber(demoId, 'Suporte', '2026-06-21T01:30:00Z');
    await addNumber(demoId, 'Antigo', '2026-01-02T15:00:00Z', { deleted: true });
    await addNumber(otherId, 'Outra', '2026-01-02T15:00:00Z');

    const r = await http.get(`/api/companies/${demoId}/contract?month=2026-06`, { cookie: admin });
    expect(r.status).toBe(200);
    const cost = r.body.cost as {
      numbers: Record<string, unknown>[];
      numbers_total: number;
      users_total: number;
      total: number;
    };
    expect(cost.numbers.map((n) => [n.number_id, n.value, n.from, n.to, n.days_used, n.amount])).toEqual([
      [loja?.id, 25, '2026-06-01', '2026-06-30', 30, 25],
      [suporte?.id, 25, '2026-06-20', '2026-06-30', 11, 9.17],
    ]);
    expect(cost.numbers[0]?.label).toContain('Loja');
    expect(cost.numbers_total).toBe(34.17);
    expect(cost.total).toBeCloseTo(cost.users_total + 34.17, 2);

    // Before Suporte was added only Loja counts: May 2026 is 31/31 × 25,00.
    const may = await http.get(`/api/companies/${demoId}/contract?month=2026-05`, { cookie: admin });
    const mayCost = may.body.cost as {
      numbers: { amount: number; days_used: number }[];
      numbers_total: number;
    };
    expect(mayCost.numbers_total).toBe(25);
    expect(mayCost.numbers.map((n) => n.days_used)).toEqual([31, 0]);
  });

  it('bills each connected WhatsApp number by QR code too, named with its phone when given', async () => {
    // July 2026 (31 days), R$ 25,00 per number: Loja and Suporte whole → 25,00 each;
    //  Loja QR  added 16/07 12:00 in São Paulo                       → 16/31 × 25,00 = 12,903… = 12,90
    //  Balcão QR (no phone) added 01/07                               → 31/31 × 25,00 = 25,00
    //  Antigo QR removed → not billed; another company's web number → not billed.
    //  numbers total 87,90.
    const web = await addWebNumber(demoId, 'Loja QR', '2026-07-16T15:00:00Z', { phone: '5511955554444' });
    const counter = await addWebNumber(demoId, 'Balcão QR', '2026-07-01T12:00:00Z');
    await addWebNumber(demoId, 'Antigo QR', '2026-01-01T12:00:00Z', { deleted: true });
    await addWebNumber(otherId, 'Outra QR', '2026-01-01T12:00:00Z', { phone: '5511900000000' });

    const r = await http.get(`/api/companies/${demoId}/contract?month=2026-07`, { cookie: admin });
    expect(r.status).toBe(200);
    const cost = r.body.cost as {
      numbers: { number_id: number; label: string; days_used: number; amount: number }[];
      numbers_total: number;
    };
    const byId = new Map(cost.numbers.map((n) => [n.number_id, n]));
    expect(cost.numbers).toHaveLength(4);
    expect(byId.get(web)).toMatchObject({ days_used: 16, amount: 12.9 });
    expect(byId.get(web)?.label).toContain('Loja QR');
    expect(byId.get(web)?.label).toContain('5511955554444');
    expect(byId.get(counter)).toMatchObject({ days_used: 31, amount: 25 });
    expect(byId.get(counter)?.label).toContain('Balcão QR');
    expect(cost.numbers_total).toBe(87.9);
  });
});
