import type { TCard } from '@prosa/shared/attendance';
import type { TFactName } from '@prosa/shared/facts';
import { SCHEDULE_MSG } from '@prosa/shared/scheduling';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoIds, newVisitor, setAllow } from '../../../test/helpers/attendance-fixtures';
import { collectFacts } from '../../../test/helpers/collect-facts';
import {
  ADMIN,
  api,
  createTestContext,
  OPERATOR,
  OPERATOR2,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { attendances } from '../../db/schema/attendance';
import { companies } from '../../db/schema/companies';
import { schedules } from '../../db/schema/scheduling';
import { headCursor, type TFactCursor } from '../../facts/read-facts';
import { runAttendanceTimers } from '../distribution/run-timers';
import { returnSchedulesJob } from './jobs/return-schedules';
import { returnDueSchedules } from './return-due-schedules';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let admin: string;
let ana: string;
let bruno: string;
// Facts written since the last reset: what the screens (and the other consumers) are told.
let since: TFactCursor;
const resetFacts = async () => {
  since = await headCursor(ctx.db);
};
const factsOf = async (name: TFactName, ...attendanceIds: number[]) =>
  (await collectFacts(ctx.db, since, () => true)).facts.filter(
    (f) => f.name === name && attendanceIds.includes(f.attendanceId ?? -1),
  );

const minutesLater = (m: number) => new Date(Date.now() + m * 60_000);
const iso = (d: Date) => d.toISOString();

async function attendanceRow(id: number) {
  const [row] = await ctx.db.select().from(attendances).where(eq(attendances.id, id));
  if (!row) throw new Error(`atendimento ${id} não encontrado`);
  return row;
}

async function setMetadata(companyId: number, patch: Record<string, unknown>) {
  const [c] = await ctx.db.select().from(companies).where(eq(companies.id, companyId));
  await ctx.db
    .update(companies)
    .set({ metadata: { ...(c?.metadata ?? {}), ...patch } })
    .where(eq(companies.id, companyId));
}

/**
 * An open attendance of a schedulable channel, handled by Ana. Only the web chat channel exists today
 * (WhatsApp comes later), so the conversation starts on the web chat and its channel_kind is then set to
 * WhatsApp ('waweb') in the database, which is what the scheduling rules look at.
 */
async function whatsappAttendance(name: string, operatorId = ids.user(OPERATOR)) {
  const visitor = await newVisitor(ctx, name);
  await visitor.send('Olá, preciso de ajuda');
  const [row] = await ctx.db.select().from(attendances).where(eq(attendances.name, name));
  if (!row) throw new Error('atendimento não criado');
  await ctx.db.update(attendances).set({ channelKind: 'waweb' }).where(eq(attendances.id, row.id));
  const r = await http.post(`/api/attendances/${row.id}/switch-operator`, {
    cookie: admin,
    body: { operator_id: operatorId },
  });
  expect(r.status).toBe(200);
  return row.id;
}

const schedule = (id: number, body: Record<string, unknown>, cookie = ana) =>
  http.post(`/api/attendances/${id}/schedules`, { cookie, body });

beforeAll(async () => {
  // No pg-boss worker: the returns run when a test calls them, with a controllable clock.
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  admin = await http.login(ADMIN);
  ana = await http.login(OPERATOR);
  bruno = await http.login(OPERATOR2);
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await resetFacts();
  await setAllow(ctx, ids.companyId, { scheduling: true });
  await setMetadata(ids.companyId, { auto_dist: { on: false } });
});

describe('scheduling a return', () => {
  it('is refused while the company has scheduling off', async () => {
    const id = await whatsappAttendance('Flag Desligada');
    await setAllow(ctx, ids.companyId, { scheduling: false });
    const r = await schedule(id, { return_at: iso(minutesLater(60)), sector_id: ids.sector('Suporte') });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(SCHEDULE_MSG.notEnabled);
    expect((await http.get(`/api/attendances/${id}/schedules`, { cookie: ana })).status).toBe(403);
    expect((await attendanceRow(id)).scheduled).toBe(0);
  });

  it('is refused for a web chat attendance', async () => {
    const visitor = await newVisitor(ctx, 'Visitante Web');
    await visitor.send('Oi');
    const [row] = await ctx.db.select().from(attendances).where(eq(attendances.name, 'Visitante Web'));
    const r = await schedule(
      row?.id ?? 0,
      { return_at: iso(minutesLater(60)), sector_id: ids.sector('Suporte') },
      admin,
    );
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(SCHEDULE_MSG.channelNotAllowed);
  });

  it('checks the date and the sector', async () => {
    const id = await whatsappAttendance('Datas Erradas');
    const sector_id = ids.sector('Suporte');
    const past = await schedule(id, { return_at: iso(minutesLater(-5)), sector_id });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe(SCHEDULE_MSG.returnAtPast);
    const far = await schedule(id, { return_at: iso(minutesLater(367 * 24 * 60)), sector_id });
    expect(far.status).toBe(400);
    expect(far.body.message).toBe(SCHEDULE_MSG.returnAtTooFar);
    const noDate = await schedule(id, { sector_id });
    expect(noDate.status).toBe(400);
    expect(noDate.body.message).toBe(SCHEDULE_MSG.returnAtRequired);
    const noSector = await schedule(id, { return_at: iso(minutesLater(60)), sector_id: 999_999 });
    expect(noSector.status).toBe(400);
    expect(noSector.body.message).toBe(SCHEDULE_MSG.sectorNotFound);
    expect(await ctx.db.select().from(schedules).where(eq(schedules.attendanceId, id))).toHaveLength(0);
  });

  it('schedules once, takes the attendance out of the active lists, and lists it for the contact', async () => {
    const id = await whatsappAttendance('Cliente Agendado');
    const returnAt = minutesLater(120);
    const r = await schedule(id, { return_at: iso(returnAt), sector_id: ids.sector('Suporte') });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(SCHEDULE_MSG.scheduled);
    expect((r.body.card as TCard).scheduled).toBe(1);
    expect(r.body.schedule).toMatchObject({
      attendance_id: id,
      sector_name: 'Suporte',
      status: 1,
      created_by_name: 'Ana',
      return_at: iso(returnAt),
    });
    // The operators' screens are told (realtime, from the facts) that the card was scheduled.
    expect(await factsOf('schedule.created', id)).toHaveLength(1);

    const again = await schedule(id, {
      return_at: iso(minutesLater(90)),
      sector_id: ids.sector('Comercial'),
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(SCHEDULE_MSG.alreadyScheduled);

    const all = await http.get('/api/attendances?filter=all', { cookie: ana });
    expect((all.body.items as TCard[]).some((c) => c.id === id)).toBe(false);
    const scheduled = await http.get('/api/attendances?filter=scheduled', { cookie: ana });
    expect((scheduled.body.items as TCard[]).find((c) => c.id === id)?.scheduled).toBe(1);
    expect((scheduled.body.counters as Record<string, number>).scheduled).toBeGreaterThanOrEqual(1);

    const list = await http.get(`/api/attendances/${id}/schedules`, { cookie: ana });
    expect(list.status).toBe(200);
    expect((list.body.items as { id: number; status: number }[]).map((s) => s.status)).toEqual([1]);
  });

  it('updates an open schedule and cancels it, which brings the attendance back to the lists', async () => {
    const id = await whatsappAttendance('Cliente Remarcado');
    const created = await schedule(id, {
      return_at: iso(minutesLater(60)),
      sector_id: ids.sector('Suporte'),
    });
    const scheduleId = (created.body.schedule as { id: number }).id;

    const moved = minutesLater(180);
    const upd = await http.patch(`/api/schedules/${scheduleId}`, {
      cookie: ana,
      body: { return_at: iso(moved), sector_id: ids.sector('Comercial') },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.message).toBe(SCHEDULE_MSG.updated);
    expect(upd.body.schedule).toMatchObject({ return_at: iso(moved), sector_name: 'Comercial', status: 1 });
    const badDate = await http.patch(`/api/schedules/${scheduleId}`, {
      cookie: ana,
      body: { return_at: iso(minutesLater(-1)) },
    });
    expect(badDate.status).toBe(400);
    expect(badDate.body.message).toBe(SCHEDULE_MSG.returnAtPast);

    const del = await http.delete(`/api/schedules/${scheduleId}`, { cookie: ana });
    expect(del.status).toBe(200);
    expect(del.body.message).toBe(SCHEDULE_MSG.canceled);
    expect((del.body.card as TCard).scheduled).toBe(0);
    const [row] = await ctx.db.select().from(schedules).where(eq(schedules.id, scheduleId));
    expect(row?.status).toBe(3);
    const all = await http.get('/api/attendances?filter=all', { cookie: ana });
    expect((all.body.items as TCard[]).some((c) => c.id === id)).toBe(true);

    const late = await http.patch(`/api/schedules/${scheduleId}`, {
      cookie: ana,
      body: { return_at: iso(minutesLater(30)) },
    });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(SCHEDULE_MSG.notOpen);
    // Canceled: a new schedule is accepted.
    expect(
      (await schedule(id, { return_at: iso(minutesLater(60)), sector_id: ids.sector('Suporte') })).status,
    ).toBe(200);
  });

  it('answers 404 to another company', async () => {
    const id = await whatsappAttendance('Cliente Outra Empresa');
    const created = await schedule(id, {
      return_at: iso(minutesLater(60)),
      sector_id: ids.sector('Suporte'),
    });
    const scheduleId = (created.body.schedule as { id: number }).id;
    const other = await http.login(OTHER_ADMIN);
    const [otherCompany] = await ctx.db.select().from(companies).where(eq(companies.name, 'Outra Empresa'));
    await setAllow(ctx, otherCompany?.id ?? 0, { scheduling: true });
    expect((await http.get(`/api/attendances/${id}/schedules`, { cookie: other })).status).toBe(404);
    expect(
      (await schedule(id, { return_at: iso(minutesLater(60)), sector_id: ids.sector('Suporte') }, other))
        .status,
    ).toBe(404);
    expect(
      (
        await http.patch(`/api/schedules/${scheduleId}`, {
          cookie: other,
          body: { return_at: iso(minutesLater(9)) },
        })
      ).status,
    ).toBe(404);
    expect((await http.delete(`/api/schedules/${scheduleId}`, { cookie: other })).status).toBe(404);
  });
});

describe('API description', () => {
  it('documents the scheduling and contact field routes in the OpenAPI description', async () => {
    const r = await http.get('/api/docs/json');
    expect(r.status).toBe(200);
    expect(Object.keys((r.body as { paths: Record<string, unknown> }).paths)).toEqual(
      expect.arrayContaining([
        '/api/attendances/{id}/schedules',
        '/api/schedules/{id}',
        '/api/contact-fields',
        '/api/contact-fields/{id}',
        '/api/attendances/{id}/contact-fields',
      ]),
    );
  });
});

describe('the return at its time', () => {
  it('goes back to the queue when send_queue is on, marked scheduled = 2, once', async () => {
    await setMetadata(ids.companyId, { auto_dist: { on: false, scheduling: { send_queue: true } } });
    const id = await whatsappAttendance('Retorno Fila');
    const returnAt = minutesLater(30);
    await schedule(id, { return_at: iso(returnAt), sector_id: ids.sector('Suporte') });

    // Not due yet: nothing happens.
    expect((await returnDueSchedules(ctx.deps, { now: minutesLater(29) })).returned).toBe(0);
    await resetFacts();
    const first = await returnDueSchedules(ctx.deps, { now: minutesLater(31) });
    expect(first.returned).toBeGreaterThanOrEqual(1);
    const row = await attendanceRow(id);
    expect(row).toMatchObject({
      scheduled: 2,
      sectorId: ids.sector('Suporte'),
      operatorAssignedId: null,
      priority: 1,
    });
    const [done] = await ctx.db.select().from(schedules).where(eq(schedules.attendanceId, id));
    expect(done?.status).toBe(2);
    expect(done?.doneAt).not.toBeNull();
    expect(await factsOf('schedule.returned', id)).toHaveLength(1);

    // A second run (another node, a retried job) returns nothing again.
    await resetFacts();
    await returnDueSchedules(ctx.deps, { now: minutesLater(32) });
    await returnSchedulesJob.handler({ companyId: ids.companyId, scheduleId: done?.id }, ctx.deps);
    expect(await factsOf('schedule.returned', id)).toHaveLength(0);
    // Back in the active lists, marked as a return, in the queue of its new sector.
    const all = await http.get('/api/attendances?filter=all', { cookie: bruno });
    expect((all.body.items as TCard[]).find((c) => c.id === id)?.scheduled).toBe(2);
  });

  it('goes back to the operator who scheduled it when send_queue is off', async () => {
    await setMetadata(ids.companyId, { auto_dist: { on: false, scheduling: { send_queue: false } } });
    const id = await whatsappAttendance('Retorno Operador');
    await schedule(id, { return_at: iso(minutesLater(10)), sector_id: ids.sector('Suporte') });
    // Meanwhile someone else took it.
    await ctx.db
      .update(attendances)
      .set({ operatorAssignedId: ids.user(OPERATOR2), operatorAssignedName: 'Bruno' })
      .where(eq(attendances.id, id));
    await resetFacts();
    await returnDueSchedules(ctx.deps, { now: minutesLater(11) });
    const row = await attendanceRow(id);
    expect(row).toMatchObject({
      scheduled: 2,
      sectorId: ids.sector('Suporte'),
      operatorAssignedId: ids.user(OPERATOR),
      operatorAssignedName: 'Ana',
    });
    expect(await factsOf('schedule.returned', id)).toHaveLength(1);
  });

  it('returns each schedule once when several workers run at the same time', async () => {
    await setMetadata(ids.companyId, { auto_dist: { on: false, scheduling: { send_queue: true } } });
    const a = await whatsappAttendance('Concorrente A');
    const b = await whatsappAttendance('Concorrente B');
    await schedule(a, { return_at: iso(minutesLater(5)), sector_id: ids.sector('Suporte') });
    await schedule(b, { return_at: iso(minutesLater(5)), sector_id: ids.sector('Suporte') });
    await resetFacts();
    const now = minutesLater(6);
    const runs = await Promise.all([1, 2, 3, 4].map(() => returnDueSchedules(ctx.deps, { now })));
    expect(runs.reduce((sum, r) => sum + r.returned, 0)).toBe(2);
    expect(await factsOf('schedule.returned', a, b)).toHaveLength(2);
  });

  it('cancels the schedule of an attendance finalized before its return', async () => {
    const id = await whatsappAttendance('Finalizado Antes');
    const created = await schedule(id, { return_at: iso(minutesLater(5)), sector_id: ids.sector('Suporte') });
    await ctx.db.update(attendances).set({ closedAt: new Date() }).where(eq(attendances.id, id));
    await resetFacts();
    await returnDueSchedules(ctx.deps, { now: minutesLater(6) });
    const [row] = await ctx.db
      .select()
      .from(schedules)
      .where(and(eq(schedules.id, (created.body.schedule as { id: number }).id)));
    expect(row?.status).toBe(3);
    expect(await factsOf('schedule.returned', id)).toHaveLength(0);
  });

  it('keeps the attendance timers off while it waits and counts them from the return', async () => {
    await setMetadata(ids.companyId, {
      auto_dist: { on: false, scheduling: { send_queue: false } },
      attendances: {
        time_waiting_client_to_finalize: 30 * 60,
        status_waiting_client_to_finalize: ids.status('Sem retorno do cliente'),
      },
    });
    const id = await whatsappAttendance('Timers Agendados');
    await http.post(`/api/attendances/${id}/messages`, { cookie: ana, body: { message: 'Retorno amanhã!' } });
    await schedule(id, { return_at: iso(minutesLater(60)), sector_id: ids.sector('Suporte') });
    // Silent for 50 minutes, but waiting for its return: not finalized.
    await runAttendanceTimers(ctx.deps, { companyId: ids.companyId, now: minutesLater(50) });
    expect((await attendanceRow(id)).closedAt).toBeNull();
    await returnDueSchedules(ctx.deps, { now: minutesLater(61) });
    // Just back: the 30 minutes count from the return.
    await runAttendanceTimers(ctx.deps, { companyId: ids.companyId, now: minutesLater(75) });
    expect((await attendanceRow(id)).closedAt).toBeNull();
    await runAttendanceTimers(ctx.deps, { companyId: ids.companyId, now: minutesLater(95) });
    expect((await attendanceRow(id)).closedAt).not.toBeNull();
    await setMetadata(ids.companyId, { attendances: {} });
  });
});
