import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, newVisitor } from '../../../test/helpers/attendance-fixtures';
import { collectFacts } from '../../../test/helpers/collect-facts';
import { saveSettings } from '../../../test/helpers/save-settings';
import { api, createTestContext, MANAGER, OPERATOR, type TestContext } from '../../../test/helpers/test-app';
import { attendances } from '../../db/schema/attendance';
import { headCursor } from '../../facts/read-facts';
import { runAutoChange } from './run-auto-change';

// Attendance settings tab "auto change": idle attendances get the status the manager chose.
let ctx: TestContext;
let http: ReturnType<typeof api>;
let demo: Awaited<ReturnType<typeof demoIds>>;
let manager: string;
let anaId: number;

const MIN = 60_000;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  demo = await demoIds(ctx);
  manager = await http.login(MANAGER);
  anaId = demo.user(OPERATOR);
});
afterAll(() => ctx.close());

let n = 0;
/** An open web chat attendance held by Ana, whose last message (hers or the customer's) is `ago` old. */
async function attendance(o: { ago: number; lastBy?: 'operator' | 'customer'; assigned?: boolean }) {
  const name = `Cliente parado ${++n}`;
  const visitor = await newVisitor(ctx, name);
  await visitor.send('Olá');
  const at = new Date(Date.now() - o.ago);
  const [row] = await ctx.db
    .update(attendances)
    .set({
      operatorAssignedId: o.assigned === false ? null : anaId,
      operatorAssignedName: o.assigned === false ? null : 'Ana',
      answered: true,
      lastMessageSender: o.lastBy === 'customer' ? 0 : 1,
      latestOperatorAnswerAt: at,
      lastMessageAt: at,
    })
    .where(and(eq(attendances.companyId, demo.companyId), eq(attendances.name, name)))
    .returning();
  if (!row) throw new Error('atendimento não criado');
  return row.id;
}

async function load(id: number) {
  const [row] = await ctx.db
    .select()
    .from(attendances)
    .where(and(eq(attendances.companyId, demo.companyId), eq(attendances.id, id)));
  return row;
}

const run = () => runAutoChange(ctx.deps, { companyId: demo.companyId, now: new Date() });

describe('auto change', () => {
  it('off (0 minutes) changes nothing', async () => {
    const saved = await saveSettings(ctx, manager, {
      change_auto: { minutes: 0, status_id: demo.status('Em negociação') },
    });
    expect(saved.status).toBe(200);
    const idle = await attendance({ ago: 300 * MIN });
    expect(await run()).toEqual({ changed: 0 });
    expect((await load(idle))?.statusId).toBeNull();
  });

  it('an idle attendance gets the classification; recent, customer-last and unassigned ones do not', async () => {
    const classification = demo.status('Em negociação');
    const saved = await saveSettings(ctx, manager, {
      change_auto: { minutes: 60, status_id: classification },
    });
    expect(saved.status).toBe(200);
    const idle = await attendance({ ago: 90 * MIN });
    const recent = await attendance({ ago: 10 * MIN });
    const customerLast = await attendance({ ago: 90 * MIN, lastBy: 'customer' });
    const unassigned = await attendance({ ago: 90 * MIN, assigned: false });
    const from = await headCursor(ctx.db);
    const { changed } = await run();
    expect(changed).toBeGreaterThanOrEqual(1);
    expect((await load(idle))?.statusId).toBe(classification);
    expect((await load(idle))?.closedAt).toBeNull();
    for (const id of [recent, customerLast, unassigned]) expect((await load(id))?.statusId).toBeNull();
    const { facts } = await collectFacts(ctx.db, from, (f) =>
      f.some((x) => x.name === 'attendance.status_set' && x.attendanceId === idle),
    );
    const set = facts.find((x) => x.name === 'attendance.status_set' && x.attendanceId === idle);
    expect(set?.data).toEqual({ status_id: classification, by: null });
    // Already with the status: a second run leaves it.
    expect(await run()).toEqual({ changed: 0 });
  });

  it('a finalization status finalizes the idle attendance automatically', async () => {
    const closing = demo.status('Sem retorno do cliente');
    expect(
      (await saveSettings(ctx, manager, { change_auto: { minutes: 30, status_id: closing } })).status,
    ).toBe(200);
    const idle = await attendance({ ago: 45 * MIN });
    const from = await headCursor(ctx.db);
    await run();
    const row = await load(idle);
    expect(row?.closedAt).not.toBeNull();
    expect(row?.statusId).toBe(closing);
    expect(row?.closedByUserName).toBe('Automático');
    const { facts } = await collectFacts(ctx.db, from, (f) =>
      f.some((x) => x.name === 'attendance.closed' && x.attendanceId === idle),
    );
    const closed = facts.find((x) => x.name === 'attendance.closed' && x.attendanceId === idle);
    expect(closed?.data).toEqual({ status_id: closing, by: null, reason: 'auto' });
  });

  it('minutes out of 0 to 44640 are refused with the spec text', async () => {
    const r = await saveSettings(ctx, manager, { change_auto: { minutes: 50000 } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('O valor informado em minutos deve ser um número inteiro entre 0 e 44640.');
  });
});
