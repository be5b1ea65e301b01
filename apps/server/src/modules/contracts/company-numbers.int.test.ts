import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWaentRows } from '../../../test/helpers/channel-fixtures';
import { ADMIN, api, createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { companies } from '../../db/schema/companies';

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
});
