import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, newVisitor, setTriage } from '../../../test/helpers/attendance-fixtures';
import {
  ADMIN,
  api,
  createTestContext,
  OPERATOR,
  OPERATOR2,
  type TestContext,
} from '../../../test/helpers/test-app';
import { attendances } from '../../db/schema/attendance';
import { companies } from '../../db/schema/companies';
import { autoDistConfigs, userPauses } from '../../db/schema/distribution';
import { users } from '../../db/schema/users';
import { runDistributionCycle } from './run-cycle';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;

const assignedTo = async (userId: number) =>
  ctx.db
    .select({ id: attendances.id, name: attendances.name })
    .from(attendances)
    .where(and(eq(attendances.operatorAssignedId, userId), isNull(attendances.closedAt)));
const waiting = async () =>
  ctx.db
    .select({ id: attendances.id, name: attendances.name })
    .from(attendances)
    .where(and(isNull(attendances.operatorAssignedId), isNull(attendances.closedAt)));
const setOnline = (emails: string[], status: 'online' | 'offline') =>
  ctx.db.update(users).set({ operatorStatus: status }).where(inArray(users.email, emails));

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  await setTriage(ctx, ids.companyId, 'OPERATOR', true);
  await ctx.db.insert(autoDistConfigs).values({ companyId: ids.companyId, enabled: true, chatPerUser: 2 });
  for (const name of ['C1', 'C2', 'C3', 'C4', 'C5', 'C6']) {
    const v = await newVisitor(ctx, name);
    await v.send(`Olá, sou ${name}`);
  }
});
afterAll(() => ctx.close());

describe('distribution cycle', () => {
  it('assigns nothing while no operator is online', async () => {
    expect(await runDistributionCycle(ctx.deps, { companyId: ids.companyId })).toEqual({ assigned: 0 });
  });

  it('gives the oldest waiting cards to online operators of the sector, up to chat_per_user', async () => {
    await setOnline([OPERATOR, OPERATOR2], 'online');
    const r = await runDistributionCycle(ctx.deps, { companyId: ids.companyId });
    // Only Ana works in Comercial (the web chat's sector).
    expect(r.assigned).toBe(2);
    expect((await assignedTo(ids.user(OPERATOR))).map((a) => a.name).sort()).toEqual(['C1', 'C2']);
    expect(await assignedTo(ids.user(OPERATOR2))).toHaveLength(0);
    expect(await waiting()).toHaveLength(4);
    // Full: the next cycle assigns nothing.
    expect((await runDistributionCycle(ctx.deps, { companyId: ids.companyId })).assigned).toBe(0);
  });

  it('serves the priority queue first', async () => {
    const admin = await http.login(ADMIN);
    const rows = await waiting();
    const c6 = rows.find((r) => r.name === 'C6');
    const c3 = rows.find((r) => r.name === 'C3');
    await http.post(`/api/attendances/${c6?.id}/switch-sector`, {
      cookie: admin,
      body: { sector_id: ids.sector('Suporte') },
    });
    await http.post(`/api/attendances/${c3?.id}/switch-sector`, {
      cookie: admin,
      body: { sector_id: ids.sector('Suporte') },
    });
    await ctx.db
      .update(attendances)
      .set({ priority: 1 })
      .where(eq(attendances.id, c6?.id ?? 0));
    await setOnline([OPERATOR], 'offline');
    const r = await runDistributionCycle(ctx.deps, { companyId: ids.companyId });
    expect(r.assigned).toBe(2);
    expect((await assignedTo(ids.user(OPERATOR2))).map((a) => a.name).sort()).toEqual(['C3', 'C6']);
  });

  it('a paused operator receives nothing; finishing one frees a place for the next cycle', async () => {
    await setOnline([OPERATOR], 'online');
    const [one] = await assignedTo(ids.user(OPERATOR));
    await ctx.db
      .update(attendances)
      .set({ closedAt: new Date() })
      .where(eq(attendances.id, one?.id ?? 0));
    await ctx.db.insert(userPauses).values({ companyId: ids.companyId, userId: ids.user(OPERATOR) });
    expect((await runDistributionCycle(ctx.deps, { companyId: ids.companyId })).assigned).toBe(0);
    await ctx.db
      .update(userPauses)
      .set({ endedAt: new Date() })
      .where(eq(userPauses.userId, ids.user(OPERATOR)));
    expect((await runDistributionCycle(ctx.deps, { companyId: ids.companyId })).assigned).toBe(1);
    expect(await assignedTo(ids.user(OPERATOR))).toHaveLength(2);
  });

  it('while another node runs the cycle of the company, this one steps aside', async () => {
    const other = await ctx.pool.connect();
    try {
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock(727100, $1)', [ids.companyId]);
      expect(await runDistributionCycle(ctx.deps, { companyId: ids.companyId })).toEqual({
        assigned: 0,
        skipped: 'busy',
      });
      await other.query('rollback');
    } finally {
      other.release();
    }
  });

  it('does nothing when distribution is off', async () => {
    await ctx.db
      .update(autoDistConfigs)
      .set({ enabled: false })
      .where(eq(autoDistConfigs.companyId, ids.companyId));
    expect(await runDistributionCycle(ctx.deps, { companyId: ids.companyId })).toEqual({
      assigned: 0,
      skipped: 'disabled',
    });
  });
});

describe('operator status and limits of manual transfers', () => {
  it('an inactive user cannot go online', async () => {
    const admin = await http.login(ADMIN);
    await ctx.db
      .update(users)
      .set({ inactiveSince: new Date(Date.now() - 1000) })
      .where(eq(users.email, OPERATOR2));
    const r = await http.post('/api/users/set-status', {
      cookie: admin,
      body: { user_id: ids.user(OPERATOR2), status: 'online' },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Usuário inativo, não é possível alterar status para on-line.');
    await ctx.db.update(users).set({ inactiveSince: null }).where(eq(users.email, OPERATOR2));
    const op = await http.login(OPERATOR);
    expect(
      (
        await http.post('/api/users/set-status', {
          cookie: op,
          body: { user_id: ids.user(OPERATOR2), status: 'online' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await http.post('/api/users/set-status', {
          cookie: op,
          body: { user_id: ids.user(OPERATOR), status: 'online' },
        })
      ).body.status,
    ).toBe('online');
  });

  it('with distribution on, a manager cannot hand a full operator one more attendance', async () => {
    await ctx.db
      .update(autoDistConfigs)
      .set({ enabled: true })
      .where(eq(autoDistConfigs.companyId, ids.companyId));
    const admin = await http.login(ADMIN);
    expect(await assignedTo(ids.user(OPERATOR))).toHaveLength(2);
    const [free] = await waiting();
    const refused = await http.post(`/api/attendances/${free?.id}/switch-operator`, {
      cookie: admin,
      body: { operator_id: ids.user(OPERATOR) },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('O operador atingiu o limite de atendimentos simultâneos.');
  });

  it('going offline returns the chats to the queue when remove_chats_logout is on', async () => {
    const [row] = await ctx.db.select().from(companies).where(eq(companies.id, ids.companyId));
    await ctx.db
      .update(companies)
      .set({ metadata: { ...(row?.metadata ?? {}), attendances: { remove_chats_logout: true } } })
      .where(eq(companies.id, ids.companyId));
    const op = await http.login(OPERATOR);
    const r = await http.post('/api/users/set-status', {
      cookie: op,
      body: { user_id: ids.user(OPERATOR), status: 'offline' },
    });
    expect(r.body.returned_to_queue).toBe(2);
    expect(await assignedTo(ids.user(OPERATOR))).toHaveLength(0);
  });

  it('logging out also returns the chats to the queue when remove_chats_logout is on', async () => {
    const admin = await http.login(ADMIN);
    const [free] = await waiting();
    await ctx.db
      .update(autoDistConfigs)
      .set({ enabled: false })
      .where(eq(autoDistConfigs.companyId, ids.companyId));
    await http.post(`/api/attendances/${free?.id}/switch-operator`, {
      cookie: admin,
      body: { operator_id: ids.user(OPERATOR) },
    });
    expect(await assignedTo(ids.user(OPERATOR))).toHaveLength(1);
    const op = await http.login(OPERATOR);
    await http.post('/api/auth/logout', { cookie: op });
    expect(await assignedTo(ids.user(OPERATOR))).toHaveLength(0);
  });
});
