import { POKE_TEXT } from '@prosa/shared/attendance-rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, newVisitor } from '../../../test/helpers/attendance-fixtures';
import { ADMIN, api, createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { attendances } from '../../db/schema/attendance';
import { companies } from '../../db/schema/companies';
import { runAttendanceTimers } from './run-timers';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let admin: string;

const minutesLater = (m: number) => new Date(Date.now() + m * 60_000);
const row = async (name: string) =>
  (await ctx.db.select().from(attendances).where(eq(attendances.name, name)))[0];

async function setMetadata(patch: Record<string, unknown>) {
  const [c] = await ctx.db.select().from(companies).where(eq(companies.id, ids.companyId));
  await ctx.db
    .update(companies)
    .set({ metadata: { ...(c?.metadata ?? {}), ...patch } })
    .where(eq(companies.id, ids.companyId));
}

async function answeredConversation(name: string) {
  const v = await newVisitor(ctx, name);
  await v.send('Oi');
  const r = await row(name);
  await http.post(`/api/attendances/${r?.id}/messages`, {
    cookie: admin,
    body: { message: 'Olá! Posso ajudar?' },
  });
  return { visitor: v, id: r?.id ?? 0 };
}

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  admin = await http.login(ADMIN);
  await setMetadata({
    attendances: {
      time_waiting_client_to_busy_client: 10 * 60,
      change_status_when_busy_client: '1',
      status_busy_client: ids.status('Aguardando retorno do cliente'),
      time_waiting_client_to_finalize: 30 * 60,
      status_waiting_client_to_finalize: ids.status('Sem retorno do cliente'),
      time_waiting_client_to_poke_client: 5 * 60,
    },
    auto_dist: {
      client_waiting_response: {
        minutes: 5,
        minutes_others: 3,
        message: 'Já vamos atender você!',
        action: 'redistribute',
      },
    },
  });
});
afterAll(() => ctx.close());

describe('attendance timers (controllable clock)', () => {
  it('pokes a silent client once per silence', async () => {
    const { visitor, id } = await answeredConversation('Fábio');
    expect(
      (await runAttendanceTimers(ctx.deps, { companyId: ids.companyId, now: minutesLater(4) })).poked,
    ).toBe(0);
    expect(
      (await runAttendanceTimers(ctx.deps, { companyId: ids.companyId, now: minutesLater(6) })).poked,
    ).toBeGreaterThanOrEqual(1);
    const texts = () =>
      visitor.state().then((s) => (s.body.messages as { text: string }[]).map((m) => m.text));
    expect((await texts()).filter((t) => t === POKE_TEXT)).toHaveLength(1);
    await runAttendanceTimers(ctx.deps, { companyId: ids.companyId, now: minutesLater(7) });
    expect((await texts()).filter((t) => t === POKE_TEXT)).toHaveLength(1);
    // A new answer after the client speaks again starts a new silence.
    await visitor.send('Estou aqui');
    await http.post(`/api/attendances/${id}/messages`, { cookie: admin, body: { message: 'Ótimo!' } });
    await runAttendanceTimers(ctx.deps, { companyId: ids.companyId, now: minutesLater(6) });
    expect((await texts()).filter((t) => t === POKE_TEXT)).toHaveLength(2);
  });

  it('busy client after the configured minutes, with the classification status; a client reply clears it', async () => {
    const { visitor, id } = await answeredConversation('Bia');
    expect(
      (await runAttendanceTimers(ctx.deps, { companyId: ids.companyId, now: minutesLater(9) })).busy,
    ).toBe(0);
    const r = await runAttendanceTimers(ctx.deps, { companyId: ids.companyId, now: minutesLater(11) });
    expect(r.busy).toBeGreaterThanOrEqual(1);
    expect(await row('Bia')).toMatchObject({
      busyClient: true,
      statusId: ids.status('Aguardando retorno do cliente'),
    });
    await visitor.send('Voltei');
    expect((await row('Bia'))?.busyClient).toBe(false);
    expect(id).toBeGreaterThan(0);
  });

  it('finalizes automatically after the end time with its status, and tells the visitor', async () => {
    const { visitor } = await answeredConversation('Caio');
    await runAttendanceTimers(ctx.deps, { companyId: ids.companyId, now: minutesLater(29) });
    expect((await row('Caio'))?.closedAt).toBeNull();
    const r = await runAttendanceTimers(ctx.deps, { companyId: ids.companyId, now: minutesLater(31) });
    expect(r.finalized).toBeGreaterThanOrEqual(1);
    expect(await row('Caio')).toMatchObject({
      statusId: ids.status('Sem retorno do cliente'),
      closedByUserName: 'Automático',
    });
    expect((await visitor.state()).body.state).toBe('closed');
  });

  it('out of SLA: waiting past the first-answer time goes back to the front of the queue with the SLA message', async () => {
    const v = await newVisitor(ctx, 'Davi');
    await v.send('Alguém?');
    const before = await row('Davi');
    await http.post(`/api/attendances/${before?.id}/switch-operator`, {
      cookie: admin,
      body: { operator_id: ids.user(ADMIN) },
    });
    expect(
      (await runAttendanceTimers(ctx.deps, { companyId: ids.companyId, now: minutesLater(4) })).outOfSla,
    ).toBe(0);
    const r = await runAttendanceTimers(ctx.deps, { companyId: ids.companyId, now: minutesLater(6) });
    expect(r.outOfSla).toBeGreaterThanOrEqual(1);
    expect(await row('Davi')).toMatchObject({
      outOfSla: true,
      slaCount: 1,
      operatorAssignedId: null,
      priority: 1,
    });
    const seen = (await v.state()).body.messages as { text: string; from: string }[];
    expect(seen.at(-1)).toMatchObject({ text: 'Já vamos atender você!', from: 'operator' });
    // Once flagged it is not flagged again; an operator answer clears it.
    expect(
      (await runAttendanceTimers(ctx.deps, { companyId: ids.companyId, now: minutesLater(7) })).outOfSla,
    ).toBe(0);
    await http.post(`/api/attendances/${before?.id}/messages`, {
      cookie: admin,
      body: { message: 'Desculpe a demora!' },
    });
    expect((await row('Davi'))?.outOfSla).toBe(false);
  });

  it('the other-answers time applies once the conversation was answered', async () => {
    const { visitor } = await answeredConversation('Eva');
    await visitor.send('Mais uma pergunta');
    expect(
      (await runAttendanceTimers(ctx.deps, { companyId: ids.companyId, now: minutesLater(2) })).outOfSla,
    ).toBe(0);
    await runAttendanceTimers(ctx.deps, { companyId: ids.companyId, now: minutesLater(4) });
    expect((await row('Eva'))?.outOfSla).toBe(true);
  });
});
