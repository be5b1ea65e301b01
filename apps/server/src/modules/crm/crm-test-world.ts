import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { demoIds, newVisitor, setAllow } from '../../../test/helpers/attendance-fixtures';
import { ADMIN, api, type TestContext } from '../../../test/helpers/test-app';
import { attendances } from '../../db/schema/attendance';
import { users } from '../../db/schema/users';

// What the CRM int tests share: the demo company with the CRM on, web chat attendances given to an operator,
// and a user's stored CRM permission.

export async function crmWorld(ctx: TestContext) {
  const http = api(ctx);
  const ids = await demoIds(ctx);
  const admin = await http.login(ADMIN);
  await setAllow(ctx, ids.companyId, { allowCosmosCRM: true });

  /** A web chat conversation of a new visitor, given to the operator (default Ana). */
  async function attendanceOf(name: string, operatorId: number) {
    const visitor = await newVisitor(ctx, name);
    await visitor.send('Olá, quero um orçamento');
    const [row] = await ctx.db.select().from(attendances).where(eq(attendances.name, name));
    if (!row) throw new Error('atendimento não criado');
    const r = await http.post(`/api/attendances/${row.id}/switch-operator`, {
      cookie: admin,
      body: { operator_id: operatorId },
    });
    expect(r.status).toBe(200);
    return row;
  }

  async function setCrm(email: string, crm: unknown) {
    const [u] = await ctx.db.select().from(users).where(eq(users.email, email));
    const settings = { ...(u?.settings ?? {}) };
    if (crm === undefined) delete settings.crm;
    else settings.crm = crm;
    await ctx.db.update(users).set({ settings }).where(eq(users.email, email));
  }

  return { http, ids, admin, attendanceOf, setCrm };
}
