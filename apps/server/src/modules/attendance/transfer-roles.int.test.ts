import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, newVisitor, setAllow, setTriage } from '../../../test/helpers/attendance-fixtures';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  type TestContext,
} from '../../../test/helpers/test-app';
import { attendances } from '../../db/schema/attendance';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;

type Operator = { id: number; name: string; role: number };

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  await setTriage(ctx, ids.companyId, 'BASIC');
  await setAllow(ctx, ids.companyId, { opTransfer: false });
});
afterAll(() => ctx.close());

async function openCard(name: string) {
  const v = await newVisitor(ctx, name);
  await v.send('Olá');
  const [row] = await ctx.db.select().from(attendances).where(eq(attendances.name, name));
  if (!row) throw new Error('sem atendimento');
  return row;
}

async function operatorsFor(cookie: string, id: number) {
  const r = await http.get(`/api/attendances/${id}/operators`, { cookie });
  expect(r.status).toBe(200);
  return r.body as unknown as Operator[];
}

describe('operator picker and transfer: roles at or below the caller (spec 1 §6)', () => {
  it('lists to each caller only users of roles at or below theirs', async () => {
    const card = await openCard('Picker Papéis');
    const byOperator = await operatorsFor(await http.login(OPERATOR), card.id);
    expect(byOperator.length).toBeGreaterThan(0);
    expect(byOperator.every((o) => o.role === 0)).toBe(true);
    expect(byOperator.map((o) => o.id)).not.toContain(ids.user(ADMIN));
    expect(byOperator.map((o) => o.id)).not.toContain(ids.user(MANAGER));

    const byManager = await operatorsFor(await http.login(MANAGER), card.id);
    expect(byManager.map((o) => o.id)).toContain(ids.user(MANAGER));
    expect(byManager.map((o) => o.id)).not.toContain(ids.user(ADMIN));
    expect(byManager.every((o) => o.role <= 1)).toBe(true);

    const byAdmin = await operatorsFor(await http.login(ADMIN), card.id);
    expect(byAdmin.map((o) => o.id)).toEqual(expect.arrayContaining([ids.user(ADMIN), ids.user(MANAGER)]));
  });

  it('refuses to hand a chat to a user above the caller, and changes nothing', async () => {
    const card = await openCard('Transferência Papéis');
    const ana = await http.login(OPERATOR);
    for (const target of [ids.user(ADMIN), ids.user(MANAGER)]) {
      const r = await http.post(`/api/attendances/${card.id}/switch-operator`, {
        cookie: ana,
        body: { operator_id: target },
      });
      expect(r.status).toBe(403);
      expect(r.body.message).toBe('Não é possível transferir para um usuário com função acima da sua.');
    }
    const [after] = await ctx.db
      .select()
      .from(attendances)
      .where(and(eq(attendances.companyId, ids.companyId), eq(attendances.id, card.id)));
    expect(after?.operatorAssignedId).toBe(card.operatorAssignedId);

    // Same role or below is still allowed: an operator to an operator, a manager to themself.
    const toOperator = await http.post(`/api/attendances/${card.id}/switch-operator`, {
      cookie: ana,
      body: { operator_id: ids.user(OPERATOR) },
    });
    expect(toOperator.status).toBe(200);
    const gestor = await http.login(MANAGER);
    const toManager = await http.post(`/api/attendances/${card.id}/switch-operator`, {
      cookie: gestor,
      body: { operator_id: ids.user(MANAGER) },
    });
    expect(toManager.status).toBe(200);
    const toAdmin = await http.post(`/api/attendances/${card.id}/switch-operator`, {
      cookie: gestor,
      body: { operator_id: ids.user(ADMIN) },
    });
    expect(toAdmin.status).toBe(403);
    const byAdmin = await http.post(`/api/attendances/${card.id}/switch-operator`, {
      cookie: await http.login(ADMIN),
      body: { operator_id: ids.user(ADMIN) },
    });
    expect(byAdmin.status).toBe(200);
  });
});
