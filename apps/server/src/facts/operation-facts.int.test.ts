import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, newVisitor, setAllow, setTriage } from '../../test/helpers/attendance-fixtures';
import { collectFacts } from '../../test/helpers/collect-facts';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OPERATOR2,
  type TestContext,
} from '../../test/helpers/test-app';
import { attendances, messages } from '../db/schema/attendance';
import { companies } from '../db/schema/companies';
import { autoDistConfigs } from '../db/schema/distribution';
import { attendanceTransfers } from '../db/schema/facts';
import { users } from '../db/schema/users';
import { runDistributionCycle } from '../modules/distribution/run-cycle';
import { runAttendanceTimers } from '../modules/distribution/run-timers';
import { returnDueSchedules } from '../modules/scheduling/return-due-schedules';
import { headCursor, type TStoredFact } from './read-facts';

// Every operation that changes an attendance, a message, an operator's status, a pause or a schedule writes
// its facts in the same transaction as the change (plan 0005 §5).

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let admin: string;
let ana: string;

const minutesLater = (m: number) => new Date(Date.now() + m * 60_000);

/** The facts committed while `run` ran (operations commit before they answer). */
async function factsOf(run: () => Promise<unknown>): Promise<TStoredFact[]> {
  const from = await headCursor(ctx.db);
  await run();
  return (await collectFacts(ctx.db, from, () => true)).facts;
}

const names = (facts: TStoredFact[]) => facts.map((f) => f.name);
const one = <N extends TStoredFact['name']>(facts: TStoredFact[], name: N, attendanceId?: number) => {
  const found = facts.filter(
    (f) => f.name === name && (attendanceId === undefined || f.attendanceId === attendanceId),
  );
  expect(found, `${name} em ${JSON.stringify(names(facts))}`).toHaveLength(1);
  return found[0] as Extract<TStoredFact, { name: N }>;
};

async function setMetadata(patch: Record<string, unknown>) {
  const [c] = await ctx.db.select().from(companies).where(eq(companies.id, ids.companyId));
  await ctx.db
    .update(companies)
    .set({ metadata: { ...(c?.metadata ?? {}), ...patch } })
    .where(eq(companies.id, ids.companyId));
}

/** A web chat conversation of the demo company: its attendance id once the first message is stored. */
async function conversation(name: string) {
  const visitor = await newVisitor(ctx, name);
  const r = await visitor.send('Olá');
  expect(r.status).toBe(200);
  const [row] = await ctx.db.select().from(attendances).where(eq(attendances.name, name));
  if (!row) throw new Error('atendimento não criado');
  return { visitor, id: row.id, row };
}

const transfersOf = (attendanceId: number) =>
  ctx.db
    .select()
    .from(attendanceTransfers)
    .where(eq(attendanceTransfers.attendanceId, attendanceId))
    .orderBy(attendanceTransfers.id);

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  admin = await http.login(ADMIN);
  ana = await http.login(OPERATOR);
  await setTriage(ctx, ids.companyId, 'BASIC');
});
afterAll(() => ctx.close());

describe('facts of messages', () => {
  it('an inbound message opens the attendance once and is received each time', async () => {
    let opened = 0;
    const first = await factsOf(async () => {
      opened = (await conversation('Fato Entrada')).id;
    });
    const [row] = await ctx.db.select().from(attendances).where(eq(attendances.id, opened));
    expect(names(first)).toEqual(['attendance.opened', 'message.received']);
    expect(one(first, 'attendance.opened').data).toEqual({
      channel_id: row?.channelId,
      contact_id: row?.contactId,
      sector_id: ids.sector('Comercial'),
    });
    const [stored] = await ctx.db.select().from(messages).where(eq(messages.attendanceId, opened));
    expect(one(first, 'message.received')).toMatchObject({
      companyId: ids.companyId,
      attendanceId: opened,
      data: { message_id: stored?.id },
    });
  });

  it('a second message of the same contact is only received', async () => {
    const { visitor, id } = await conversation('Fato Segunda');
    const facts = await factsOf(() => visitor.send('Mais uma coisa'));
    expect(names(facts)).toEqual(['message.received']);
    expect(facts[0]?.attendanceId).toBe(id);
  });

  it("an operator's message is sent, and takes the unassigned card over", async () => {
    const { id } = await conversation('Fato Envio');
    const facts = await factsOf(() =>
      http.post(`/api/attendances/${id}/messages`, { cookie: ana, body: { message: 'Bom dia!' } }),
    );
    const assigned = one(facts, 'attendance.assigned', id);
    expect(assigned.data).toEqual({
      sector_id: ids.sector('Comercial'),
      from_operator_id: null,
      to_operator_id: ids.user(OPERATOR),
      by: ids.user(OPERATOR),
      reason: 'take',
    });
    const [sent] = await ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.attendanceId, id), eq(messages.senderType, 1)));
    expect(one(facts, 'message.sent', id).data).toEqual({ message_id: sent?.id, origin: 'operator' });
    // The channel's answer is recorded as the delivery state.
    expect(one(facts, 'delivery.updated', id).data).toEqual({
      message_id: sent?.id,
      delivery: sent?.delivery,
    });
    expect(names(facts).indexOf('attendance.assigned')).toBeLessThan(names(facts).indexOf('message.sent'));
    expect((await transfersOf(id)).map((t) => [t.reason, t.fromOperatorId, t.toOperatorId])).toEqual([
      ['take', null, ids.user(OPERATOR)],
    ]);
    // Already hers: the next message hands nothing over.
    const next = await factsOf(() =>
      http.post(`/api/attendances/${id}/messages`, { cookie: ana, body: { message: 'Como posso ajudar?' } }),
    );
    expect(names(next)).toEqual(['message.sent', 'delivery.updated']);
  });
});

describe('facts of changes of hands', () => {
  it('a transfer to another sector is transferred, with its attendance_transfers row', async () => {
    const { id } = await conversation('Fato Transferência');
    const facts = await factsOf(() =>
      http.post(`/api/attendances/${id}/switch-sector`, {
        cookie: admin,
        body: { sector_id: ids.sector('Suporte') },
      }),
    );
    expect(names(facts)).toEqual(['attendance.transferred']);
    expect(facts[0]).toMatchObject({
      attendanceId: id,
      actorUserId: ids.user(ADMIN),
      data: {
        from_sector_id: ids.sector('Comercial'),
        to_sector_id: ids.sector('Suporte'),
        from_operator_id: null,
        to_operator_id: null,
        by: ids.user(ADMIN),
        reason: 'transfer',
      },
    });
    const [row] = await transfersOf(id);
    expect(row).toMatchObject({
      companyId: ids.companyId,
      fromSectorId: ids.sector('Comercial'),
      toSectorId: ids.sector('Suporte'),
      fromOperatorId: null,
      toOperatorId: null,
      byUserId: ids.user(ADMIN),
      reason: 'transfer',
    });
  });

  it('handing the card to another operator of the sector is assigned', async () => {
    const { id } = await conversation('Fato Operador');
    const facts = await factsOf(() =>
      http.post(`/api/attendances/${id}/switch-operator`, {
        cookie: admin,
        body: { operator_id: ids.user(OPERATOR) },
      }),
    );
    expect(names(facts)).toEqual(['attendance.assigned']);
    expect(facts[0]?.data).toMatchObject({ to_operator_id: ids.user(OPERATOR), reason: 'transfer' });
    expect((await transfersOf(id)).map((t) => t.reason)).toEqual(['transfer']);
  });

  it('a change that rolls back leaves neither its facts nor its transfer row', async () => {
    const { id } = await conversation('Fato Desfeito');
    // Fails the transaction at commit, after the update, the transfer row and the fact were written.
    await ctx.pool.query(`
      create function fail_transfer() returns trigger language plpgsql as
        $$ begin raise exception 'transferência recusada no teste'; end $$;
      create constraint trigger fail_transfer after insert on attendance_transfers
        deferrable initially deferred for each row execute function fail_transfer();`);
    try {
      const facts = await factsOf(async () => {
        const r = await http.post(`/api/attendances/${id}/switch-sector`, {
          cookie: admin,
          body: { sector_id: ids.sector('Suporte') },
        });
        expect(r.status).toBeGreaterThanOrEqual(500);
      });
      expect(facts).toEqual([]);
    } finally {
      await ctx.pool.query(
        'drop trigger fail_transfer on attendance_transfers; drop function fail_transfer();',
      );
    }
    expect(await transfersOf(id)).toEqual([]);
    const [row] = await ctx.db.select().from(attendances).where(eq(attendances.id, id));
    expect(row?.sectorId).toBe(ids.sector('Comercial'));
  });

  it('the distribution cycle assigns with reason distribution', async () => {
    const { id } = await conversation('Fato Distribuição');
    await setTriage(ctx, ids.companyId, 'OPERATOR', true);
    await ctx.db
      .insert(autoDistConfigs)
      .values({ companyId: ids.companyId, enabled: true, chatPerUser: 50 })
      .onConflictDoUpdate({ target: autoDistConfigs.companyId, set: { enabled: true, chatPerUser: 50 } });
    await ctx.db
      .update(users)
      .set({ operatorStatus: 'online' })
      .where(inArray(users.id, [ids.user(OPERATOR)]));
    try {
      const facts = await factsOf(() => runDistributionCycle(ctx.deps, { companyId: ids.companyId }));
      expect(one(facts, 'attendance.assigned', id).data).toEqual({
        sector_id: ids.sector('Comercial'),
        from_operator_id: null,
        to_operator_id: ids.user(OPERATOR),
        by: null,
        reason: 'distribution',
      });
      expect(facts.every((f) => f.name === 'attendance.assigned' && f.data.reason === 'distribution')).toBe(
        true,
      );
      expect((await transfersOf(id)).map((t) => [t.reason, t.toOperatorId])).toEqual([
        ['distribution', ids.user(OPERATOR)],
      ]);
    } finally {
      await ctx.db
        .update(users)
        .set({ operatorStatus: 'offline' })
        .where(eq(users.id, ids.user(OPERATOR)));
      await ctx.db
        .update(autoDistConfigs)
        .set({ enabled: false })
        .where(eq(autoDistConfigs.companyId, ids.companyId));
      await setTriage(ctx, ids.companyId, 'BASIC');
    }
  });
});

describe('facts of statuses and closing', () => {
  const setStatusUrl = (sectorId: number) =>
    `/api/set-status/${ids.companyId}/${sectorId}/${ids.user(ADMIN)}`;

  it('a classification status is status_set; a finalization closes', async () => {
    const { id } = await conversation('Fato Status');
    const comercial = ids.sector('Comercial');
    const classified = await factsOf(() =>
      http.post(setStatusUrl(comercial), {
        cookie: admin,
        body: { status: ids.status('Em negociação'), contact: id },
      }),
    );
    expect(names(classified)).toEqual(['attendance.status_set']);
    expect(classified[0]?.data).toEqual({ status_id: ids.status('Em negociação'), by: ids.user(ADMIN) });

    const closed = await factsOf(() =>
      http.post(setStatusUrl(comercial), {
        cookie: admin,
        body: { status: ids.status('Resolvido'), contact: id },
      }),
    );
    expect(one(closed, 'attendance.closed', id).data).toEqual({
      status_id: ids.status('Resolvido'),
      by: ids.user(ADMIN),
      reason: 'status',
    });
    expect(names(closed)).not.toContain('attendance.status_set');
  });

  it('restoring the closed attendance from history reopens it', async () => {
    const { id, row } = await conversation('Fato Reaberto');
    await http.post(setStatusUrl(ids.sector('Comercial')), {
      cookie: admin,
      body: { status: ids.status('Resolvido'), contact: id },
    });
    const facts = await factsOf(() =>
      http.post('/api/history/restore', { cookie: admin, body: { contact_id: row.contactId } }),
    );
    expect(names(facts)).toEqual(['attendance.reopened']);
    expect(facts[0]).toMatchObject({ attendanceId: id, data: { by: ids.user(ADMIN) } });
  });

  it('the timers close with reason auto and take a late card back with reason sla', async () => {
    await setMetadata({
      attendances: {
        time_waiting_client_to_finalize: 30 * 60,
        status_waiting_client_to_finalize: ids.status('Sem retorno do cliente'),
      },
      auto_dist: {
        client_waiting_response: { minutes: 5, minutes_others: 3, message: '', action: 'redistribute' },
      },
    });
    try {
      const silent = await conversation('Fato Timer Fim');
      await http.post(`/api/attendances/${silent.id}/messages`, { cookie: ana, body: { message: 'Olá!' } });
      const late = await conversation('Fato Timer SLA');
      await http.post(`/api/attendances/${late.id}/switch-operator`, {
        cookie: admin,
        body: { operator_id: ids.user(OPERATOR) },
      });
      const facts = await factsOf(() =>
        runAttendanceTimers(ctx.deps, { companyId: ids.companyId, now: minutesLater(40) }),
      );
      expect(one(facts, 'attendance.closed', silent.id).data).toEqual({
        status_id: ids.status('Sem retorno do cliente'),
        by: null,
        reason: 'auto',
      });
      expect(one(facts, 'attendance.assigned', late.id).data).toEqual({
        sector_id: ids.sector('Comercial'),
        from_operator_id: ids.user(OPERATOR),
        to_operator_id: null,
        by: null,
        reason: 'sla',
      });
      expect(one(facts, 'attendance.updated', late.id).data).toEqual({ fields: ['out_of_sla', 'sla_count'] });
      expect((await transfersOf(late.id)).map((t) => t.reason)).toEqual(['transfer', 'sla']);
    } finally {
      await setMetadata({ attendances: {}, auto_dist: { on: false } });
    }
  });
});

describe('facts of operators, pauses and schedules', () => {
  it('an operator going online is status_changed', async () => {
    const facts = await factsOf(() =>
      http.post('/api/users/set-status', {
        cookie: admin,
        body: { user_id: ids.user(OPERATOR2), status: 'online' },
      }),
    );
    expect(names(facts)).toEqual(['operator.status_changed']);
    expect(facts[0]).toMatchObject({
      companyId: ids.companyId,
      attendanceId: null,
      actorUserId: ids.user(ADMIN),
      data: { user_id: ids.user(OPERATOR2), status: 'online', paused: false },
    });
  });

  it('a pause starts and ends', async () => {
    const mg = await http.login(MANAGER);
    await http.put('/api/control-pause', {
      cookie: mg,
      body: {
        is_active: true,
        use_reason: false,
        use_password: false,
        use_limit_pause: { enabled: false, limit_minutes: null },
      },
    });
    const started = await factsOf(() => http.post('/api/pause', { cookie: ana, body: {} }));
    expect(names(started)).toEqual(['pause.started']);
    const pauseId = (started[0]?.data as { pause_id: number } | undefined)?.pause_id;
    expect(started[0]?.data).toEqual({ user_id: ids.user(OPERATOR), pause_id: pauseId });
    const ended = await factsOf(() => http.post('/api/pause/leave', { cookie: ana, body: {} }));
    expect(names(ended)).toEqual(['pause.ended']);
    expect(ended[0]?.data).toEqual({ user_id: ids.user(OPERATOR), pause_id: pauseId, reason: 'user' });
  });

  it('a schedule is created, and returned with its change of hands', async () => {
    await setAllow(ctx, ids.companyId, { scheduling: true });
    const { id } = await conversation('Fato Agenda');
    // Scheduling is for WhatsApp conversations (the scheduling rules look at channel_kind).
    await ctx.db.update(attendances).set({ channelKind: 'waweb' }).where(eq(attendances.id, id));
    await http.post(`/api/attendances/${id}/switch-operator`, {
      cookie: admin,
      body: { operator_id: ids.user(OPERATOR) },
    });
    const created = await factsOf(async () => {
      const r = await http.post(`/api/attendances/${id}/schedules`, {
        cookie: ana,
        body: { return_at: minutesLater(60).toISOString(), sector_id: ids.sector('Suporte') },
      });
      expect(r.status).toBe(200);
    });
    expect(names(created)).toEqual(['schedule.created']);
    const scheduleId = (created[0]?.data as { schedule_id: number } | undefined)?.schedule_id;
    expect(created[0]).toMatchObject({ attendanceId: id, actorUserId: ids.user(OPERATOR) });

    const returned = await factsOf(() => returnDueSchedules(ctx.deps, { now: minutesLater(61) }));
    expect(one(returned, 'schedule.returned', id).data).toEqual({ schedule_id: scheduleId });
    const moved = one(returned, 'attendance.transferred', id);
    expect(moved.data).toMatchObject({
      from_sector_id: ids.sector('Comercial'),
      to_sector_id: ids.sector('Suporte'),
      reason: 'schedule_return',
    });
    expect((await transfersOf(id)).map((t) => t.reason)).toEqual(['transfer', 'schedule_return']);
  });
});
