import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { contracts } from '../../db/schema/admin';
import { companies } from '../../db/schema/companies';
import { users } from '../../db/schema/users';
import { currentMonth } from './calendar';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let admin: string;
let demoId: number;
let sellerId: number;

const VALID = {
  start_date: '01/01/2026',
  due_date: null,
  rules: [
    { start_limit: 3, end_limit: 10, value: 40 },
    { start_limit: 1, end_limit: 2, value: 49.9 },
  ],
  number_value: 25,
  observation: 'Contrato anual',
};

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  admin = await http.login(ADMIN);
  const [demo] = await ctx.db.select().from(companies).where(eq(companies.name, 'Empresa Demo'));
  demoId = demo?.id ?? 0;
});
afterAll(() => ctx.close());

describe('contracts', () => {
  it('lists the sellers', async () => {
    const r = await http.get('/api/sellers', { cookie: admin });
    expect(r.status).toBe(200);
    const list = r.body as unknown as { id: number; name: string }[];
    expect(list.map((s) => s.name)).toEqual(['Carla Mendes', 'Diego Araújo', 'Equipe de parcerias']);
    sellerId = list[0]?.id ?? 0;
  });

  it('answers an empty contract before the first save, for the current month', async () => {
    // The month read before and after the call: the company's month may turn in between.
    const monthBefore = currentMonth('America/Sao_Paulo');
    const r = await http.get(`/api/companies/${demoId}/contract`, { cookie: admin });
    const monthAfter = currentMonth('America/Sao_Paulo');
    expect(r.status).toBe(200);
    expect(r.body.contract).toEqual({
      saved: false,
      start_date: null,
      due_date: null,
      rules: [],
      number_value: 0,
      observation: '',
      seller_id: null,
      seller_name: null,
    });
    const cost = r.body.cost as { month: string; total: number; users: { no_rule: boolean }[] };
    expect([monthBefore, monthAfter]).toContain(cost.month);
    expect(cost.total).toBe(0);
    // Every demo user used the month, none is covered by a rule.
    expect(cost.users.length).toBe(4);
    expect(cost.users.every((u) => u.no_rule)).toBe(true);
  });

  it('refuses invalid contracts with their texts', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...VALID, start_date: '' }, 'Informe uma data de início válida (DD/MM/AAAA).'],
      [{ ...VALID, start_date: '2026-01-01' }, 'Informe uma data de início válida (DD/MM/AAAA).'],
      [{ ...VALID, due_date: '30/02/2026' }, 'Informe uma data de vencimento válida (DD/MM/AAAA).'],
      [{ ...VALID, due_date: '31/12/2025' }, 'A data de vencimento não pode ser anterior à data de início.'],
      [
        { ...VALID, rules: [{ start_limit: 0, end_limit: 5, value: 10 }] },
        'O início da faixa deve ser maior ou igual a 1.',
      ],
      [
        { ...VALID, rules: [{ start_limit: 5, end_limit: 4, value: 10 }] },
        'O fim da faixa deve ser maior ou igual ao início.',
      ],
      [
        {
          ...VALID,
          rules: [
            { start_limit: 1, end_limit: 10, value: 50 },
            { start_limit: 10, end_limit: 20, value: 40 },
          ],
        },
        'As faixas de usuários não podem se sobrepor.',
      ],
      [
        { ...VALID, rules: [{ start_limit: 1, end_limit: 5, value: -1 }] },
        'O valor deve ser maior ou igual a zero.',
      ],
      [{ ...VALID, rules: [{ start_limit: 1, end_limit: 5 }] }, 'Informe o valor.'],
      [{ ...VALID, number_value: -5 }, 'O valor deve ser maior ou igual a zero.'],
      [{ ...VALID, seller_id: 9999 }, 'Vendedor não encontrado.'],
    ];
    for (const [body, message] of cases) {
      const r = await http.patch(`/api/companies/${demoId}/contract`, { cookie: admin, body });
      expect(r.status, message).toBe(400);
      expect(r.body.message).toBe(message);
    }
    expect(await ctx.db.select().from(contracts)).toHaveLength(0);
  });

  it('creates the contract on the first save (cents in the database, reais in the API)', async () => {
    const r = await http.patch(`/api/companies/${demoId}/contract`, {
      cookie: admin,
      body: { ...VALID, seller_id: sellerId },
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Contrato salvo com sucesso!');
    const [row] = await ctx.db.select().from(contracts).where(eq(contracts.companyId, demoId));
    expect(row).toMatchObject({
      startDate: '2026-01-01',
      dueDate: null,
      numberValue: 2500,
      rules: [
        { start_limit: 1, end_limit: 2, value: 4990 },
        { start_limit: 3, end_limit: 10, value: 4000 },
      ],
    });
    const got = await http.get(`/api/companies/${demoId}/contract`, { cookie: admin });
    expect(got.body.contract).toEqual({
      saved: true,
      start_date: '01/01/2026',
      due_date: null,
      rules: [
        { start_limit: 1, end_limit: 2, value: 49.9 },
        { start_limit: 3, end_limit: 10, value: 40 },
      ],
      number_value: 25,
      observation: 'Contrato anual',
      seller_id: sellerId,
      seller_name: 'Carla Mendes',
    });
  });

  it('computes the usage cost of a month: positions, rules, days of use in the company timezone', async () => {
    // Hand-computed example for June 2026 (30 days), rules 1–2 R$ 49,90 and 3–10 R$ 40,00:
    //  1 Alice   created 05/01            → 30 days × 49,90          = 49,90
    //  2 Gustavo created 05/01            → 30 days × 49,90          = 49,90
    //  3 Ana     inactive since 10/06     → 10/30 × 40,00 = 13,333…  = 13,33
    //  4 Bruno   created 16/06 02:00 UTC, which is 15/06 23:00 in São Paulo → 16/30 × 40 = 21,333… = 21,33
    //  total 134,46; no numbers (the company has no WhatsApp Enterprise number here).
    const at = (iso: string) => new Date(iso);
    await ctx.db
      .update(users)
      .set({ createdAt: at('2026-01-05T13:00:00Z') })
      .where(eq(users.email, ADMIN));
    await ctx.db
      .update(users)
      .set({ createdAt: at('2026-01-05T14:00:00Z') })
      .where(eq(users.email, MANAGER));
    await ctx.db
      .update(users)
      .set({ createdAt: at('2026-01-05T15:00:00Z'), inactiveSince: at('2026-06-10T15:00:00Z') })
      .where(eq(users.email, OPERATOR));
    await ctx.db
      .update(users)
      .set({ createdAt: at('2026-06-16T02:00:00Z') })
      .where(eq(users.email, OPERATOR2));

    const r = await http.get(`/api/companies/${demoId}/contract?month=2026-06`, { cookie: admin });
    expect(r.status).toBe(200);
    const cost = r.body.cost as Record<string, unknown> & { users: Record<string, unknown>[] };
    expect(cost.users.map((u) => [u.name, u.position, u.value, u.from, u.to, u.days_used, u.amount])).toEqual(
      [
        ['Alice Administradora', 1, 49.9, '2026-06-01', '2026-06-30', 30, 49.9],
        ['Gustavo Gestor', 2, 49.9, '2026-06-01', '2026-06-30', 30, 49.9],
        ['Ana Operadora', 3, 40, '2026-06-01', '2026-06-10', 10, 13.33],
        ['Bruno Operador', 4, 40, '2026-06-15', '2026-06-30', 16, 21.33],
      ],
    );
    expect(cost).toMatchObject({
      month: '2026-06',
      days_in_month: 30,
      billed_users: 4,
      users_total: 134.46,
      numbers: [],
      numbers_total: 0,
      total: 134.46,
    });

    // In May Bruno did not exist yet and Ana was active the whole month.
    const may = await http.get(`/api/companies/${demoId}/contract?month=2026-05`, { cookie: admin });
    const mayCost = may.body.cost as {
      users: { days_used: number; position: number | null }[];
      total: number;
    };
    expect(mayCost.users.map((u) => [u.position, u.days_used])).toEqual([
      [1, 31],
      [2, 31],
      [3, 31],
      [null, 0],
    ]);
    expect(mayCost.total).toBe(139.8);

    const bad = await http.get(`/api/companies/${demoId}/contract?month=2026-13`, { cookie: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Informe o mês no formato AAAA-MM.');
  });

  it('is for admins of the company only', async () => {
    const manager = await http.login(MANAGER);
    expect((await http.get(`/api/companies/${demoId}/contract`, { cookie: manager })).status).toBe(403);
    expect(
      (await http.patch(`/api/companies/${demoId}/contract`, { cookie: manager, body: VALID })).status,
    ).toBe(403);
    expect((await http.get('/api/sellers', { cookie: manager })).status).toBe(403);
    const other = await http.login(OTHER_ADMIN);
    expect((await http.get(`/api/companies/${demoId}/contract`, { cookie: other })).status).toBe(404);
    const patch = await http.patch(`/api/companies/${demoId}/contract`, {
      cookie: other,
      body: { ...VALID, observation: 'alterado' },
    });
    expect(patch.status).toBe(404);
    const [row] = await ctx.db.select().from(contracts).where(eq(contracts.companyId, demoId));
    expect(row?.observation).toBe('Contrato anual');
  });
});
