import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, newVisitor, setTriage } from '../../../test/helpers/attendance-fixtures';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OPERATOR2,
  type TestContext,
} from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { attendances } from '../../db/schema/attendance';
import { attendanceFlows, operatorSessions } from '../../db/schema/reports';
import type { DurableConsumer } from '../../facts/durable-consumer';
import { sendJob } from '../../jobs/catalogue';
import { openActiveAttendance, phoneRecipient } from '../active-whatsapp/open-attendance';
import { MEASURES } from './booking';
import { reportRollupsConsumer } from './consumer';
import { recomputeRollups } from './recompute';
import { seedReportRollups } from './seed';

// The rollups kept by the consumer from the facts of real operations equal the recompute from the raw tables,
// and hold the figures of a hand-built day.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let admin: string;
let ana: string;
let consumer: DurableConsumer;

type Row = Record<string, string | number>;

/** report_hourly of the demo company, every row, in key order (numbers as numbers). */
async function rollups(): Promise<Row[]> {
  const r = await ctx.pool.query(
    `select to_char(hour at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as hour, sector_id, operator_id, channel_id,
       status_id, ${MEASURES.join(', ')}
     from report_hourly where company_id = $1
     order by hour, sector_id, operator_id, channel_id, status_id`,
    [ids.companyId],
  );
  return r.rows.map((row: Row) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, k === 'hour' ? v : Number(v)])),
  );
}

/**
 * report_daily of the demo company and report_hourly summed per local day of the company, every row in key order:
 * they must be equal after every scenario (the daily rollup is kept in step by the consumer and the recompute).
 */
async function expectDailyInStep() {
  const measures = MEASURES.map((m) => `sum(${m})::float8 as ${m}`).join(', ');
  const daily = await ctx.pool.query(
    `select to_char(day, 'YYYY-MM-DD') as day, sector_id, operator_id, channel_id, status_id,
       ${MEASURES.map((m) => `${m}::float8 as ${m}`).join(', ')}
     from report_daily where company_id = $1 order by 1, 2, 3, 4, 5`,
    [ids.companyId],
  );
  const hourly = await ctx.pool.query(
    `select to_char((h.hour at time zone c.timezone)::date, 'YYYY-MM-DD') as day, h.sector_id, h.operator_id,
       h.channel_id, h.status_id, ${measures}
     from report_hourly h join companies c on c.id = h.company_id where h.company_id = $1
     group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
    [ids.companyId],
  );
  expect(hourly.rows.length).toBeGreaterThan(0);
  expect(daily.rows).toEqual(hourly.rows);
}

/** The measures summed over the hours, by the dimensions kept (others summed too). */
function totals(rows: Row[], keep: (r: Row) => boolean = () => true): Record<string, number> {
  const out: Record<string, number> = Object.fromEntries(MEASURES.map((m) => [m, 0]));
  for (const r of rows.filter(keep)) for (const m of MEASURES) out[m] = (out[m] ?? 0) + Number(r[m]);
  return out;
}

/** after - before, per measure (the hand-built day on top of the demo data). */
const minus = (a: Record<string, number>, b: Record<string, number>) =>
  Object.fromEntries(MEASURES.map((m) => [m, (a[m] ?? 0) - (b[m] ?? 0)]));

const dayBounds = () => {
  const now = Date.now();
  return { from: new Date(now - 2 * 86_400_000), to: new Date(now + 86_400_000) };
};

async function conversation(name: string, texts: string[]) {
  const visitor = await newVisitor(ctx, name);
  for (const t of texts) expect((await visitor.send(t)).status).toBe(200);
  const [row] = await ctx.db.select().from(attendances).where(eq(attendances.name, name));
  if (!row) throw new Error('atendimento não criado');
  return row;
}

const reply = async (cookie: string, id: number, message: string) =>
  expect((await http.post(`/api/attendances/${id}/messages`, { cookie, body: { message } })).status).toBe(
    200,
  );

async function closeWith(id: number, status: string) {
  const [row] = await ctx.db.select().from(attendances).where(eq(attendances.id, id));
  const r = await http.post(`/api/set-status/${ids.companyId}/${row?.sectorId}/${ids.user(ADMIN)}`, {
    cookie: admin,
    body: { status: ids.status(status), contact: id },
  });
  expect(r.status).toBe(200);
}

const flowOf = async (id: number) =>
  (await ctx.db.select().from(attendanceFlows).where(eq(attendanceFlows.attendanceId, id)))[0];

beforeAll(async () => {
  ctx = await createTestContext();
  http = api(ctx);
  ids = await demoIds(ctx);
  admin = await http.login(ADMIN);
  ana = await http.login(OPERATOR);
  await setTriage(ctx, ids.companyId, 'BASIC');
  // The demo data has no facts: its rollups come from the seed's recompute, the consumer starts at the present.
  // Data written behind the facts' back: a conversation of ten days ago, closed then.
  const old = await conversation('Rollup Antigo', ['Olá', 'Ainda aí?']);
  await ctx.pool.query(
    `update messages set sent_at = sent_at - interval '10 days' where company_id = $1 and attendance_id = $2`,
    [ids.companyId, old.id],
  );
  await ctx.pool.query(
    `update attendances set created_at = created_at - interval '10 days',
       first_start_chat_at = first_start_chat_at - interval '10 days',
       closed_at = now() - interval '9 days', status_id = $3
     where company_id = $1 and id = $2`,
    [ids.companyId, old.id, ids.status('Resolvido')],
  );
  await seedReportRollups(ctx.db);
  consumer = reportRollupsConsumer(ctx.db);
  await consumer.ensure();
});
afterAll(() => ctx.close());
afterEach(() => expectDailyInStep());

describe('report rollups', () => {
  let one: number;
  let two: number;
  let before: Row[];

  it('the seed books the demo data as the raw tables have it', async () => {
    const raw = await ctx.pool.query(
      `select
         (select count(*) from attendances where company_id = $1 )::int
           as opened,
         (select count(*) from attendances where company_id = $1 and closed_at is not null)::int
           as closed,
         (select count(*) from messages where company_id = $1 and sender_type = 0
)::int as messages_in,
         (select count(*) from messages where company_id = $1 and sender_type <> 0
)::int as messages_out`,
      [ids.companyId],
    );
    const t = totals(await rollups());
    expect(raw.rows[0]).toMatchObject({ opened: 1, closed: 1, messages_in: 2 });
    expect({
      opened: t.opened,
      closed: t.closed,
      messages_in: t.messages_in,
      messages_out: t.messages_out,
    }).toEqual(raw.rows[0]);
  });

  it('books a hand-built day from the facts of real operations', async () => {
    before = await rollups();
    // 1: two messages, Ana answers (takes it), moved to Suporte, closed as Resolvido.
    const a1 = await conversation('Rollup Um', ['Olá', 'Preciso de ajuda']);
    one = a1.id;
    await reply(ana, one, 'Bom dia!');
    expect(
      (
        await http.post(`/api/attendances/${one}/switch-sector`, {
          cookie: admin,
          body: { sector_id: ids.sector('Suporte') },
        })
      ).status,
    ).toBe(200);
    // 2: handed to Ana by the admin, who answers twice; closed as Resolvido.
    const a2 = await conversation('Rollup Dois', ['Oi']);
    two = a2.id;
    expect(
      (
        await http.post(`/api/attendances/${two}/switch-operator`, {
          cookie: admin,
          body: { operator_id: ids.user(OPERATOR) },
        })
      ).status,
    ).toBe(200);
    await reply(ana, two, 'Olá, tudo bem?');
    await reply(ana, two, 'Posso ajudar?');
    // 3: stays open, unanswered.
    await conversation('Rollup Três', ['Alguém aí?']);
    // First responses of exactly 90 s and 30 s: the first message moved back from the answer, on whole seconds.
    await ctx.pool.query(
      `update attendances set first_start_chat_at = date_trunc('second', first_operator_answer_at) - make_interval(secs => $2)
       where company_id = $1 and id = $3`,
      [ids.companyId, 90, one],
    );
    await ctx.pool.query(
      `update attendances set first_start_chat_at = date_trunc('second', first_operator_answer_at) - make_interval(secs => $2)
       where company_id = $1 and id = $3`,
      [ids.companyId, 30, two],
    );
    await closeWith(one, 'Resolvido');
    await closeWith(two, 'Resolvido');
    // A pause of Ana's and a session of Bruno's.
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
    expect((await http.post('/api/pause', { cookie: ana, body: {} })).status).toBe(200);
    expect((await http.post('/api/pause/leave', { cookie: ana, body: {} })).status).toBe(200);
    for (const status of ['online', 'offline'])
      expect(
        (
          await http.post('/api/users/set-status', {
            cookie: admin,
            body: { user_id: ids.user(OPERATOR2), status },
          })
        ).status,
      ).toBe(200);

    expect((await consumer.drain()).facts).toBeGreaterThan(0);
    const after = await rollups();
    const d = minus(totals(after), totals(before));
    expect({
      opened: d.opened,
      closed: d.closed,
      first_response_sum: d.first_response_sum,
      first_response_count: d.first_response_count,
      handling_count: d.handling_count,
      waiting_count: d.waiting_count,
      messages_in: d.messages_in,
      transfers: d.transfers,
      pauses: d.pauses,
      sessions: d.sessions,
      sla_breaches: d.sla_breaches,
    }).toEqual({
      opened: 3,
      closed: 2,
      first_response_sum: 120,
      first_response_count: 2,
      handling_count: 2,
      waiting_count: 2,
      messages_in: 4,
      transfers: 2,
      pauses: 1,
      sessions: 1,
      sla_breaches: 0,
    });
    // Out: Ana's three answers, plus the closing texts the product may send (operator 0).
    const anaOut = minus(
      totals(after, (r) => r.operator_id === ids.user(OPERATOR)),
      totals(before, (r) => r.operator_id === ids.user(OPERATOR)),
    );
    expect(anaOut.messages_out).toBe(3);
    expect(anaOut.pauses).toBe(1);
    // Opened in Comercial (where both started), closed in Suporte and Comercial with the status Resolvido.
    const opened = (sector: string) =>
      minus(
        totals(after, (r) => r.sector_id === ids.sector(sector)),
        totals(before, (r) => r.sector_id === ids.sector(sector)),
      );
    expect([opened('Comercial').opened, opened('Suporte').opened]).toEqual([3, 0]);
    expect([opened('Comercial').closed, opened('Suporte').closed]).toEqual([1, 1]);
    const resolved = minus(
      totals(after, (r) => r.status_id === ids.status('Resolvido')),
      totals(before, (r) => r.status_id === ids.status('Resolvido')),
    );
    expect(resolved.closed).toBe(2);
    // The handling time of each is its closing minus its first message, in whole seconds.
    const rows = await ctx.db
      .select()
      .from(attendances)
      .where(inArray(attendances.id, [one, two]));
    const handling = rows.reduce(
      (s, r) => s + Math.floor(((r.closedAt?.getTime() ?? 0) - r.firstStartChatAt.getTime()) / 1000),
      0,
    );
    expect(Math.abs((d.handling_sum ?? 0) - handling)).toBeLessThanOrEqual(1);
    // Bruno's session ended.
    const sessions = await ctx.db
      .select()
      .from(operatorSessions)
      .where(
        and(eq(operatorSessions.companyId, ids.companyId), eq(operatorSessions.userId, ids.user(OPERATOR2))),
      );
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.endedAt).not.toBeNull();
  });

  it('keeps the attendance-flow record', async () => {
    const f1 = await flowOf(one);
    expect(f1).toMatchObject({
      companyId: ids.companyId,
      openedBy: null,
      closedBy: ids.user(ADMIN),
      responsibleIds: [ids.user(OPERATOR)],
      transfers: 1,
    });
    expect(f1?.closedAt).not.toBeNull();
    expect(f1?.closedBooked).toMatchObject({
      closed: 1,
      first_response_sum: 90,
      sector_id: ids.sector('Suporte'),
    });
    const f2 = await flowOf(two);
    expect(f2).toMatchObject({
      responsibleIds: [ids.user(OPERATOR)],
      transfers: 1,
      closedBy: ids.user(ADMIN),
    });
  });

  it('equals the recompute of the period from the raw tables', async () => {
    const kept = await rollups();
    const flows = [await flowOf(one), await flowOf(two)];
    await recomputeRollups(ctx.db, { companyId: ids.companyId, ...dayBounds() });
    expect(await rollups()).toEqual(kept);
    expect([await flowOf(one), await flowOf(two)]).toEqual(flows);
  });

  it('a reopening takes its closing back, a new closing books it again', async () => {
    const base = totals(await rollups());
    const [row] = await ctx.db.select().from(attendances).where(eq(attendances.id, two));
    expect(
      (await http.post('/api/history/restore', { cookie: admin, body: { contact_id: row?.contactId } }))
        .status,
    ).toBe(200);
    await consumer.drain();
    const reopened = minus(totals(await rollups()), base);
    expect([reopened.closed, reopened.first_response_sum, reopened.first_response_count]).toEqual([
      -1, -30, -1,
    ]);
    expect(await flowOf(two)).toMatchObject({ closedAt: null, closedBy: null, closedBooked: null });
    // The taking-back removed the closing's now-empty rows from report_daily too.
    await expectDailyInStep();
    const kept = await rollups();
    await recomputeRollups(ctx.db, { companyId: ids.companyId, ...dayBounds() });
    expect(await rollups()).toEqual(kept);

    await closeWith(two, 'Resolvido');
    await consumer.drain();
    const closedAgain = minus(totals(await rollups()), base);
    expect([closedAgain.closed, closedAgain.first_response_count, closedAgain.opened]).toEqual([0, 0, 0]);
    const again = await rollups();
    await recomputeRollups(ctx.db, { companyId: ids.companyId, ...dayBounds() });
    expect(await rollups()).toEqual(again);
  });

  it("an operator's active opening names who opened it", async () => {
    const [a1] = await ctx.db.select().from(attendances).where(eq(attendances.id, one));
    const channel = await ctx.deps.channelRepository.find(ids.companyId, a1?.channelId ?? 0);
    if (!channel) throw new Error('canal ausente');
    const base = totals(await rollups());
    const caller = {
      sessionId: '',
      userId: ids.user(OPERATOR),
      companyId: ids.companyId,
      role: 0,
      displayName: 'Ana',
    };
    const { attendance } = await openActiveAttendance(ctx.db, {
      caller,
      channel,
      to: phoneRecipient(channel.id, '5511988887777', true),
      sectorId: ids.sector('Suporte'),
      responsible: { id: ids.user(OPERATOR), name: 'Ana' },
    });
    await consumer.drain();
    expect(await flowOf(attendance.id)).toMatchObject({
      openedBy: ids.user(OPERATOR),
      responsibleIds: [ids.user(OPERATOR)],
      transfers: 0,
      closedAt: null,
      closedBooked: null,
    });
    const d = minus(totals(await rollups()), base);
    expect([d.opened, d.transfers, d.closed]).toEqual([1, 0, 0]);
    const kept = await rollups();
    const flow = await flowOf(attendance.id);
    await recomputeRollups(ctx.db, { companyId: ids.companyId, ...dayBounds() });
    expect(await rollups()).toEqual(kept);
    expect(await flowOf(attendance.id)).toEqual(flow);
  });

  it('the recompute processes the facts the consumer has not read yet, and they are not booked twice', async () => {
    await conversation('Rollup Quatro', ['Bom dia', 'Tem alguém?']);
    const pending = totals(await rollups());
    await recomputeRollups(ctx.db, { companyId: ids.companyId, ...dayBounds() });
    const recomputed = await rollups();
    expect(minus(totals(recomputed), pending)).toMatchObject({ opened: 1, messages_in: 2 });
    expect((await consumer.drain()).facts).toBe(0);
    expect(await rollups()).toEqual(recomputed);
  });

  it('the reports.recompute job rebuilds a period', async () => {
    const kept = await rollups();
    const others = () =>
      ctx.db.execute(sql`select count(*)::int as n, coalesce(sum(opened), 0)::int as o from report_hourly
        where company_id <> ${ids.companyId}`);
    const othersBefore = (await others()).rows[0];
    const { from, to } = dayBounds();
    await ctx.pool.query(`delete from report_hourly where company_id = $1 and hour >= $2`, [
      ids.companyId,
      from,
    ]);
    expect(await rollups()).not.toEqual(kept);
    if (!ctx.deps.queue) throw new Error('sem fila');
    await sendJob(ctx.deps.queue, 'reports.recompute', {
      companyId: ids.companyId,
      from: from.toISOString(),
      to: to.toISOString(),
    });
    await waitFor(async () => JSON.stringify(await rollups()) === JSON.stringify(kept));
    const r = await ctx.pool.query(`select count(*)::int as n from report_hourly where company_id = $1`, [
      ids.companyId,
    ]);
    expect(r.rows[0].n).toBe(kept.length);
    // Another company's rollups are not touched by this company's recompute.
    expect((await others()).rows[0]).toEqual(othersBefore);
  });
});
