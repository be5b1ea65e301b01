import type { AddressInfo } from 'node:net';
import { MESSENGER_MSG, type TChatMessages, type TCommunicationDashboard } from '@prosa/shared/messenger';
import { DASHBOARD_MSG } from '@prosa/shared/reports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../../test/helpers/attendance-fixtures';
import { type ClientSocket, connectSocket, flushSocket } from '../../../test/helpers/socket-client';
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
import { type Realtime, startRealtime } from '../../realtime/hub';

// The internal messenger end to end against the real database and sockets: who writes to whom, unread
// counters, answers, tenancy, the events reaching the recipient only, and the communication dashboard.

let ctx: TestContext;
let realtime: Realtime;
let baseUrl: string;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  realtime = await startRealtime(ctx.app.server, ctx.deps);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  for (const e of [ADMIN, MANAGER, OPERATOR, OPERATOR2, OTHER_ADMIN]) cookies[e] = await http.login(e);
  // The other company has the messenger on too, so its refusals below are about tenancy, not the flag.
  await ctx.deps.db.execute(sql`
    update companies set metadata = metadata
      || jsonb_build_object('allow', coalesce(metadata->'allow', '{}') || '{"internal_messenger": true}')
    where id = (select company_id from users where email = ${OTHER_ADMIN})`);
}, 120_000);
afterAll(async () => {
  await realtime?.close();
  await ctx?.close();
});

const c = (email: string) => cookies[email] as string;

async function socketFor(email: string) {
  const t = await http.get('/api/users/get-socket-token', { cookie: c(email) });
  const socket = await connectSocket(baseUrl, { token: t.body.token, company_id: t.body.companyId });
  const seen: { event: string; chat_id: number }[] = [];
  const dashboards: string[] = [];
  socket.on('update-dashboard', (p) => dashboards.push(p.kind));
  socket.on('internal-message', (p) => seen.push({ event: 'internal-message', chat_id: p.chat_id }));
  socket.on('operator-answer', (p) => seen.push({ event: 'operator-answer', chat_id: p.chat_id }));
  return { socket, seen, dashboards };
}

async function until(check: () => boolean, what: string, ms = 15_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`tempo esgotado: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const unread = async (email: string) =>
  Number((await http.get('/api/messenger/unread', { cookie: c(email) })).body.unread);
const chats = async (email: string, q = '') =>
  (await http.get(`/api/messenger/chats${q}`, { cookie: c(email) })).body as unknown as {
    id: number;
    with_user_id: number;
    with_name: string;
    unread: number;
    pending_answers: number;
    last_text: string | null;
  }[];

describe('internal messenger', () => {
  const sockets: ClientSocket[] = [];
  let gestor: Awaited<ReturnType<typeof socketFor>>;
  let ana: Awaited<ReturnType<typeof socketFor>>;
  let bruno: Awaited<ReturnType<typeof socketFor>>;
  let other: Awaited<ReturnType<typeof socketFor>>;
  let anaChat = 0;

  beforeAll(async () => {
    gestor = await socketFor(MANAGER);
    ana = await socketFor(OPERATOR);
    bruno = await socketFor(OPERATOR2);
    other = await socketFor(OTHER_ADMIN);
    sockets.push(gestor.socket, ana.socket, bruno.socket, other.socket);
  });
  afterAll(() => {
    for (const s of sockets) s.close();
  });

  it('validates with the spec texts and lists only the company operators', async () => {
    const empty = await http.post('/api/messenger/messages', {
      cookie: c(MANAGER),
      body: { send_to: 'all', operator_ids: [], message: '   ', need_answer: false },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(MESSENGER_MSG.required);
    const none = await http.post('/api/messenger/messages', {
      cookie: c(MANAGER),
      body: { send_to: 'specific', operator_ids: [], message: 'Oi', need_answer: false },
    });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(MESSENGER_MSG.required);
    const noTarget = await http.post('/api/messenger/messages', {
      cookie: c(MANAGER),
      body: { message: 'Oi' },
    });
    expect(noTarget.status).toBe(400);
    expect(noTarget.body.message).toBe(MESSENGER_MSG.required);

    const ops = await http.get('/api/messenger/operators', { cookie: c(MANAGER) });
    expect(ops.status).toBe(200);
    expect((ops.body as unknown as { id: number }[]).map((o) => o.id).sort()).toEqual(
      [ids.user(OPERATOR), ids.user(OPERATOR2)].sort(),
    );
  });

  it('roles: operators neither send nor list operators; logged-out callers are refused', async () => {
    const send = await http.post('/api/messenger/messages', {
      cookie: c(OPERATOR),
      body: { send_to: 'all', message: 'Oi', need_answer: false },
    });
    expect(send.status).toBe(403);
    expect((await http.get('/api/messenger/operators', { cookie: c(OPERATOR) })).status).toBe(403);
    expect((await http.get('/api/messenger/chats')).status).toBe(401);
    expect((await http.get('/api/messenger/unread')).status).toBe(401);
  });

  it('tenancy: another company cannot write to our operators nor read our chats', async () => {
    const r = await http.post('/api/messenger/messages', {
      cookie: c(OTHER_ADMIN),
      body: {
        send_to: 'specific',
        operator_ids: [ids.user(OPERATOR)],
        message: 'Invasão',
        need_answer: false,
      },
    });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe(MESSENGER_MSG.operatorNotFound);
  });

  it('a manager writes to one operator: only she hears it, her badge counts it, reading clears it', async () => {
    const before = await unread(OPERATOR);
    const r = await http.post('/api/messenger/messages', {
      cookie: c(MANAGER),
      body: {
        send_to: 'specific',
        operator_ids: [ids.user(OPERATOR)],
        message: 'Reunião às 15h',
        need_answer: true,
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(MESSENGER_MSG.sent);
    anaChat = (r.body.chat_ids as number[])[0] as number;
    await until(
      () => ana.seen.some((s) => s.event === 'internal-message' && s.chat_id === anaChat),
      'evento',
    );
    await flushSocket(bruno.socket);
    await flushSocket(gestor.socket);
    await flushSocket(other.socket);
    expect(bruno.seen).toEqual([]);
    expect(gestor.seen).toEqual([]);
    expect(other.seen).toEqual([]);

    expect(await unread(OPERATOR)).toBe(before + 1);
    expect(await unread(OPERATOR2)).toBe(0);
    const list = await chats(OPERATOR);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: anaChat,
      with_user_id: ids.user(MANAGER),
      unread: 1,
      pending_answers: 1,
      last_text: 'Reunião às 15h',
    });

    // The other company and another operator: 404, and nothing is marked read.
    expect(
      (await http.get(`/api/messenger/chats/${anaChat}/messages`, { cookie: c(OTHER_ADMIN) })).status,
    ).toBe(404);
    expect(
      (await http.get(`/api/messenger/chats/${anaChat}/messages`, { cookie: c(OPERATOR2) })).status,
    ).toBe(404);
    expect((await http.get(`/api/messenger/chats/${anaChat}/messages`, { cookie: c(ADMIN) })).status).toBe(
      404,
    );
    expect(await unread(OPERATOR)).toBe(1);

    const read = await http.get(`/api/messenger/chats/${anaChat}/messages`, { cookie: c(OPERATOR) });
    expect(read.status).toBe(200);
    const body = read.body as unknown as TChatMessages;
    expect(body.messages.map((m) => [m.text, m.need_answer, m.mine, m.from_user_id])).toEqual([
      ['Reunião às 15h', true, false, ids.user(MANAGER)],
    ]);
    expect(await unread(OPERATOR)).toBe(0);
  });

  it('the operator answers: the manager hears operator-answer, the question is answered, texts checked', async () => {
    const blank = await http.post(`/api/messenger/chats/${anaChat}/answer`, {
      cookie: c(OPERATOR),
      body: { message: '  ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(MESSENGER_MSG.answerRequired);
    // Another operator cannot answer someone else's chat; a manager does not answer.
    expect(
      (
        await http.post(`/api/messenger/chats/${anaChat}/answer`, {
          cookie: c(OPERATOR2),
          body: { message: 'x' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await http.post(`/api/messenger/chats/${anaChat}/answer`, {
          cookie: c(MANAGER),
          body: { message: 'x' },
        })
      ).status,
    ).toBe(403);

    const r = await http.post(`/api/messenger/chats/${anaChat}/answer`, {
      cookie: c(OPERATOR),
      body: { message: 'Estarei lá' },
    });
    expect(r.status).toBe(200);
    await until(
      () => gestor.seen.some((s) => s.event === 'operator-answer' && s.chat_id === anaChat),
      'resposta',
    );
    await flushSocket(bruno.socket);
    expect(bruno.seen).toEqual([]);
    expect(ana.seen.filter((s) => s.event === 'operator-answer')).toEqual([]);

    expect(await unread(MANAGER)).toBe(1);
    // The internal-communication dashboard is told too (managers only).
    await until(() => gestor.dashboards.includes('company'), 'update-dashboard');
    expect(ana.dashboards).toEqual([]);
    const msgs = (await http.get(`/api/messenger/chats/${anaChat}/messages`, { cookie: c(MANAGER) }))
      .body as unknown as TChatMessages;
    expect(msgs.messages.map((m) => [m.text, m.mine])).toEqual([
      ['Reunião às 15h', true],
      ['Estarei lá', false],
    ]);
    expect(msgs.messages[0]?.answered_at).not.toBeNull();
    expect(msgs.chat.pending_answers).toBe(0);
    expect(await unread(MANAGER)).toBe(0);
  });

  it('sending to all reaches every active operator, in one chat per pair; name filter and sort', async () => {
    const r = await http.post('/api/messenger/messages', {
      cookie: c(MANAGER),
      body: { send_to: 'all', operator_ids: [], message: 'Aviso geral', need_answer: false },
    });
    expect(r.status).toBe(200);
    const chatIds = r.body.chat_ids as number[];
    expect(chatIds).toHaveLength(2);
    expect(chatIds).toContain(anaChat);
    await until(() => bruno.seen.some((s) => s.event === 'internal-message'), 'bruno');
    expect(await unread(OPERATOR)).toBe(1);
    expect(await unread(OPERATOR2)).toBe(1);

    const all = await chats(MANAGER);
    expect(all.map((x) => x.with_user_id).sort()).toEqual([ids.user(OPERATOR), ids.user(OPERATOR2)].sort());
    // The chat with Ana had its last message after Bruno's was created, in the same statement: ties by id.
    const recent = await chats(MANAGER, '?sort=recent');
    const oldest = await chats(MANAGER, '?sort=oldest');
    expect(oldest.map((x) => x.id)).toEqual([...recent.map((x) => x.id)].reverse());
    const anaName = all.find((x) => x.with_user_id === ids.user(OPERATOR))?.with_name ?? '';
    const filtered = await chats(MANAGER, `?name=${encodeURIComponent(anaName.slice(0, 3).toLowerCase())}`);
    expect(filtered.map((x) => x.with_user_id)).toContain(ids.user(OPERATOR));
    expect(filtered.map((x) => x.with_user_id)).not.toContain(ids.user(OPERATOR2));
    // The admin has no chats of his own.
    expect(await chats(ADMIN)).toEqual([]);
    expect((await http.get('/api/messenger/chats?sort=x', { cookie: c(MANAGER) })).status).toBe(400);
  });
});

describe('internal-communication dashboard', () => {
  it('counts messages, answers, pending questions and answer times on hand-built data', async () => {
    const demo = ids.companyId;
    const gestor = ids.user(MANAGER);
    const admin = ids.user(ADMIN);
    const ana = ids.user(OPERATOR);
    const bruno = ids.user(OPERATOR2);
    const chat = async (m: number, o: number) =>
      Number(
        (
          await ctx.db.execute<{ id: number }>(sql`
            insert into internal_chats (company_id, manager_id, operator_id) values (${demo}, ${m}, ${o})
            on conflict (company_id, manager_id, operator_id) do update set unread_manager = internal_chats.unread_manager
            returning id`)
        ).rows[0]?.id,
      );
    const ga = await chat(gestor, ana);
    const gb = await chat(gestor, bruno);
    const aa = await chat(admin, ana);
    const msg = (chatId: number, from: number, at: string, need: boolean, answered: string | null) =>
      ctx.db.execute(sql`
        insert into internal_messages (company_id, chat_id, from_user_id, text, need_answer, answered_at, created_at)
        values (${demo}, ${chatId}, ${from}, 'x', ${need}, ${answered}, ${at})`);
    await msg(ga, gestor, '2026-01-10T15:00:00Z', true, '2026-01-10T15:10:00Z');
    await msg(ga, ana, '2026-01-10T15:10:00Z', false, null);
    await msg(gb, gestor, '2026-01-10T16:00:00Z', true, null);
    await msg(aa, admin, '2026-01-11T14:00:00Z', true, '2026-01-11T14:30:00Z');
    await msg(aa, ana, '2026-01-11T14:30:00Z', false, null);
    await msg(ga, gestor, '2026-01-12T15:00:00Z', false, null); // outside the period

    const r = await http.get('/api/dashboards/communication?fromDate=10/01/2026&toDate=11/01/2026', {
      cookie: c(MANAGER),
    });
    expect(r.status).toBe(200);
    const d = r.body as unknown as TCommunicationDashboard;
    const row = (id: number) => {
      const x = d.rows.find((y) => y.user_id === id);
      return x && [x.role, x.sent, x.answers, x.pending, x.avg_answer_seconds];
    };
    expect(d.rows).toHaveLength(4);
    expect(row(admin)).toEqual(['manager', 1, 1, 0, 1800]);
    expect(row(gestor)).toEqual(['manager', 2, 1, 1, 600]);
    expect(row(ana)).toEqual(['operator', 2, 2, 0, 1200]);
    expect(row(bruno)).toEqual(['operator', 0, 0, 1, null]);
    // Managers first.
    expect(d.rows.slice(0, 2).every((x) => x.role === 'manager')).toBe(true);
    expect(d.totals).toEqual({ sent: 5, answers: 2, pending: 1, avg_answer_seconds: 1200 });
    expect(d.per_day).toEqual([
      { day: '2026-01-10', sent: 3, answers: 1 },
      { day: '2026-01-11', sent: 2, answers: 1 },
    ]);

    // Another company sees none of it; operators may not open it; the period limit has its text.
    const o = await http.get('/api/dashboards/communication?fromDate=10/01/2026&toDate=11/01/2026', {
      cookie: c(OTHER_ADMIN),
    });
    expect(o.status).toBe(200);
    expect((o.body as unknown as TCommunicationDashboard).rows).toEqual([]);
    expect(
      (await http.get('/api/dashboards/communication?fromDate=10/01/2026', { cookie: c(OPERATOR) })).status,
    ).toBe(403);
    const long = await http.get('/api/dashboards/communication?fromDate=01/01/2025&toDate=11/01/2026', {
      cookie: c(MANAGER),
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(DASHBOARD_MSG.periodMax);
  });
});
