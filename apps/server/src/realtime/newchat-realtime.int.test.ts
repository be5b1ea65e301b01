import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../test/helpers/attendance-fixtures';
import { type ClientSocket, connectSocket, flushSocket } from '../../test/helpers/socket-client';
import {
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OPERATOR2,
  type TestContext,
} from '../../test/helpers/test-app';
import { waitFor } from '../../test/helpers/wait-for';
import { attendances } from '../db/schema/attendance';
import { sectors } from '../db/schema/organization';
import { userSectors } from '../db/schema/users';
import { type Realtime, startRealtime } from './hub';

// NewChat live: the visitor's place in the queue follows the facts; typing goes both ways, only to the card's
// visitor and to those who see the card.

let ctx: TestContext;
let realtime: Realtime;
let baseUrl: string;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let code: string;
let sectorId: number;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  // A sector of its own, so no other card waits in it; Ana serves it, Bruno does not.
  const [sector] = await ctx.db
    .insert(sectors)
    .values({ companyId: ids.companyId, name: 'Loja', position: 9 })
    .returning();
  sectorId = sector?.id ?? 0;
  await ctx.db.insert(userSectors).values({ companyId: ids.companyId, userId: ids.user(OPERATOR), sectorId });
  const mg = await http.login(MANAGER);
  const n = await http.post('/api/newchats', {
    cookie: mg,
    body: {
      name: 'Loja',
      sector_id: sectorId,
      settings: { hasQueue: true, queueMessage: 'Você é o {{fila}}º', showTyping: true },
    },
  });
  code = n.body.code as string;
  realtime = await startRealtime(ctx.app.server, ctx.deps);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await realtime.close();
  await ctx.close();
});

async function newVisitor(name: string) {
  const r = await http.post(`/api/newchat/${code}/visitors`, {
    body: { form: { name, phone: '11 91234-5678' } },
  });
  const token = r.body.token as string;
  const socket = io(`${baseUrl}/webchat`, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const positions: (number | null)[] = [];
  const typing: string[] = [];
  socket.on('queue', (p: { position: number | null }) => positions.push(p.position));
  socket.on('typing', () => typing.push('typing'));
  const send = async (text: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/webchat/visitor/messages',
      headers: { 'x-visitor-token': token },
      payload: { text, client_id: `c${Math.random().toString(36).slice(2, 12)}` },
    });
    return JSON.parse(res.body) as { protocol: string };
  };
  return { socket, positions, typing, send, last: () => positions.at(-1) };
}

async function operatorSocket(email: string) {
  const cookie = await http.login(email);
  const t = await http.get('/api/users/get-socket-token', { cookie });
  const socket: ClientSocket = await connectSocket(baseUrl, {
    token: t.body.token,
    company_id: t.body.companyId,
  });
  const typing: number[] = [];
  socket.on('attendance:typing', (p) => typing.push(p.attendance_id));
  return { socket, cookie, typing };
}

const attendanceOf = async (protocol: string) => {
  const [row] = await ctx.db
    .select()
    .from(attendances)
    .where(and(eq(attendances.companyId, ids.companyId), eq(attendances.protocol, protocol)));
  if (!row) throw new Error('atendimento ausente');
  return row;
};

describe('NewChat realtime', () => {
  let first: Awaited<ReturnType<typeof newVisitor>>;
  let second: Awaited<ReturnType<typeof newVisitor>>;
  let secondId = 0;

  it('pushes the queue position on facts: 2, then 1 when the card ahead is taken, then none once taken', async () => {
    first = await newVisitor('Primeiro');
    const p1 = await first.send('Oi, sou o primeiro');
    await waitFor(async () => first.last() === 1);
    second = await newVisitor('Segundo');
    const p2 = await second.send('Oi, sou o segundo');
    await waitFor(async () => second.last() === 2);
    secondId = (await attendanceOf(p2.protocol)).id;

    // Ana takes the first card by answering it: the second visitor moves up, the first leaves the queue.
    const ana = await http.login(OPERATOR);
    const firstAtt = await attendanceOf(p1.protocol);
    const r = await http.post(`/api/attendances/${firstAtt.id}/messages`, {
      cookie: ana,
      body: { message: 'Olá!' },
    });
    expect(r.status).toBe(200);
    await waitFor(async () => second.last() === 1 && first.last() === null);
    expect(second.positions).toEqual(expect.arrayContaining([2, 1]));
  });

  it("relays the visitor's typing to those who see the card, and the operator's to its visitor only", async () => {
    const ana = await operatorSocket(OPERATOR);
    const bruno = await operatorSocket(OPERATOR2);
    try {
      second.socket.emit('typing');
      await waitFor(async () => ana.typing.includes(secondId));
      await flushSocket(bruno.socket);
      expect(bruno.typing).toEqual([]);

      // Bruno does not serve the sector: his typing on the card reaches nobody; Ana's reaches the visitor.
      bruno.socket.emit('typing', { attendance_id: secondId });
      await flushSocket(bruno.socket);
      ana.socket.emit('typing', { attendance_id: secondId });
      await waitFor(async () => second.typing.length === 1);
      expect(first.typing).toEqual([]);
    } finally {
      ana.socket.close();
      bruno.socket.close();
      first.socket.close();
      second.socket.close();
    }
  });
});
