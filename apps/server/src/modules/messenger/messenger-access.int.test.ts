import type { AddressInfo } from 'node:net';
import { MESSENGER_MSG, type TChatMessages } from '@prosa/shared/messenger';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientSocket, connectSocket } from '../../../test/helpers/socket-client';
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
import { waitFor } from '../../../test/helpers/wait-for';
import { type Realtime, startRealtime } from '../../realtime/hub';

// The messenger as a company feature (allow.internal_messenger) and an operator starting a conversation with a
// manager: who may, the spec texts, the manager's unread count and live event, the flag turning everything off.

let ctx: TestContext;
let realtime: Realtime;
let baseUrl: string;
let http: ReturnType<typeof api>;
const cookies: Record<string, string> = {};
const c = (email: string) => cookies[email] as string;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  realtime = await startRealtime(ctx.app.server, ctx.deps);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  for (const e of [ADMIN, MANAGER, OPERATOR, OPERATOR2, OTHER_ADMIN]) cookies[e] = await http.login(e);
}, 120_000);
afterAll(async () => {
  await realtime?.close();
  await ctx?.close();
});

async function userId(email: string) {
  const r = await ctx.deps.db.execute<{ id: number }>(sql`select id from users where email = ${email}`);
  return Number(r.rows[0]?.id);
}

async function setFlag(email: string, on: boolean) {
  await ctx.deps.db.execute(sql`
    update companies set metadata = metadata
      || jsonb_build_object('allow', coalesce(metadata->'allow', '{}') || jsonb_build_object('internal_messenger', ${on}::boolean))
    where id = (select company_id from users where email = ${email})`);
}

describe('an operator writes to a manager', () => {
  const sockets: ClientSocket[] = [];
  afterAll(() => {
    for (const s of sockets) s.close();
  });

  it('lists the company managers and refuses anyone else with the spec text', async () => {
    const managers = await http.get('/api/messenger/managers', { cookie: c(OPERATOR) });
    expect(managers.status).toBe(200);
    const names = (managers.body as unknown as { id: number; name: string }[]).map((m) => m.id);
    expect(names).toContain(await userId(MANAGER));
    expect(names).toContain(await userId(ADMIN));
    expect(names).not.toContain(await userId(OPERATOR2));
    expect(names).not.toContain(await userId(OTHER_ADMIN));

    // Another company's admin, an operator, an unknown id: none is a manager of this company.
    for (const id of [await userId(OTHER_ADMIN), await userId(OPERATOR2), 999_999]) {
      const r = await http.post('/api/messenger/manager-messages', {
        cookie: c(OPERATOR),
        body: { manager_id: id, message: 'Olá' },
      });
      expect(r.status).toBe(404);
      expect(r.body.message).toBe(MESSENGER_MSG.managerNotFound);
    }
    const blank = await http.post('/api/messenger/manager-messages', {
      cookie: c(OPERATOR),
      body: { manager_id: await userId(MANAGER), message: '  ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(MESSENGER_MSG.required);
    // Managers write to operators through their own call.
    const fromManager = await http.post('/api/messenger/manager-messages', {
      cookie: c(MANAGER),
      body: { manager_id: await userId(ADMIN), message: 'Olá' },
    });
    expect(fromManager.status).toBe(403);
    expect((await http.get('/api/messenger/unread', { cookie: c(MANAGER) })).body.unread).toBe(0);
  });

  it("reaches the manager live, counts as unread and lands in the pair's chat", async () => {
    const t = await http.get('/api/users/get-socket-token', { cookie: c(MANAGER) });
    const socket = await connectSocket(baseUrl, { token: t.body.token, company_id: t.body.companyId });
    sockets.push(socket);
    const heard: number[] = [];
    socket.on('operator-answer', (p) => heard.push(p.chat_id));

    const sent = await http.post('/api/messenger/manager-messages', {
      cookie: c(OPERATOR),
      body: { manager_id: await userId(MANAGER), message: 'Posso sair mais cedo hoje?' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(MESSENGER_MSG.sent);
    const chatId = Number(sent.body.chat_id);
    await waitFor(async () => heard.includes(chatId));
    expect((await http.get('/api/messenger/unread', { cookie: c(MANAGER) })).body.unread).toBe(1);

    // The manager's chat with that operator holds the message; reading it clears the count.
    const read = await http.get(`/api/messenger/chats/${chatId}/messages`, { cookie: c(MANAGER) });
    const body = read.body as unknown as TChatMessages;
    expect(body.chat.with_name).toBe('Ana Operadora');
    expect(body.messages.map((m) => [m.text, m.mine])).toEqual([['Posso sair mais cedo hoje?', false]]);
    expect((await http.get('/api/messenger/unread', { cookie: c(MANAGER) })).body.unread).toBe(0);

    // The manager's message back goes to the same chat.
    const back = await http.post('/api/messenger/messages', {
      cookie: c(MANAGER),
      body: { send_to: 'specific', operator_ids: [await userId(OPERATOR)], message: 'Pode, sim.' },
    });
    expect(back.body.chat_ids).toEqual([chatId]);
    const mine = await http.get(`/api/messenger/chats/${chatId}/messages`, { cookie: c(OPERATOR) });
    expect((mine.body as unknown as TChatMessages).messages.map((m) => [m.text, m.mine])).toEqual([
      ['Posso sair mais cedo hoje?', true],
      ['Pode, sim.', false],
    ]);
  });
});

describe('the internal_messenger flag', () => {
  it('off, every messenger call is refused with the spec text and nothing is written', async () => {
    await setFlag(MANAGER, false);
    try {
      const before = await ctx.deps.db.execute<{ n: number }>(
        sql`select count(*)::int as n from internal_messages`,
      );
      const calls = [
        http.get('/api/messenger/chats', { cookie: c(OPERATOR) }),
        http.get('/api/messenger/unread', { cookie: c(MANAGER) }),
        http.get('/api/messenger/operators', { cookie: c(MANAGER) }),
        http.get('/api/messenger/managers', { cookie: c(OPERATOR) }),
        http.post('/api/messenger/messages', {
          cookie: c(MANAGER),
          body: { send_to: 'all', operator_ids: [], message: 'Reunião às 14h' },
        }),
        http.post('/api/messenger/manager-messages', {
          cookie: c(OPERATOR),
          body: { manager_id: await userId(MANAGER), message: 'Olá' },
        }),
      ];
      for (const r of await Promise.all(calls)) {
        expect(r.status).toBe(403);
        expect(r.body.message).toBe(MESSENGER_MSG.disabled);
      }
      const after = await ctx.deps.db.execute<{ n: number }>(
        sql`select count(*)::int as n from internal_messages`,
      );
      expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
      // Another company is not touched by this one's switch (it never turned the messenger on).
      expect((await http.get('/api/messenger/chats', { cookie: c(OTHER_ADMIN) })).status).toBe(403);
    } finally {
      await setFlag(MANAGER, true);
    }
    expect((await http.get('/api/messenger/chats', { cookie: c(OPERATOR) })).status).toBe(200);
  });

  it('is switched through the company settings by a manager', async () => {
    const meta = await http.get('/api/company/metadata', { cookie: c(MANAGER) });
    expect(meta.status).toBe(200);
    const current = meta.body as unknown as { allow: Record<string, boolean> };
    expect(current.allow.internal_messenger).toBe(true);
    const save = (on: boolean) =>
      http.put('/api/company/metadata', {
        cookie: c(MANAGER),
        body: { ...current, allow: { ...current.allow, internal_messenger: on } },
      });
    expect((await save(false)).status).toBe(200);
    expect((await http.get('/api/messenger/chats', { cookie: c(OPERATOR) })).status).toBe(403);
    expect((await save(true)).status).toBe(200);
    expect((await http.get('/api/messenger/chats', { cookie: c(OPERATOR) })).status).toBe(200);
  });
});
