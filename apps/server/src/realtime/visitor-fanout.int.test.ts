import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { HISTORY_MSG } from '@prosa/shared/history';
import { and, eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, newVisitor } from '../../test/helpers/attendance-fixtures';
import { connectSocket, flushSocket } from '../../test/helpers/socket-client';
import { api, createTestContext, OPERATOR, OPERATOR2, type TestContext } from '../../test/helpers/test-app';
import { waitFor } from '../../test/helpers/wait-for';
import { attendances } from '../db/schema/attendance';
import { statuses } from '../db/schema/organization';
import { noticeExportReady } from '../facts/notices';
import { type Realtime, startRealtime } from './hub';

// What the widget and a user's screen hear from facts (realtime/fact-fanout.ts): the operator's messages and
// the end of the conversation on the visitor's socket, in order; a finished export on its user's socket only.

let ctx: TestContext;
let realtime: Realtime;
let baseUrl: string;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  realtime = await startRealtime(ctx.app.server, ctx.deps);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await realtime.close();
  await ctx.close();
});

/** The widget's socket: the /webchat namespace, authenticated by the visitor token. */
function visitorSocket(token: string): Promise<Socket> {
  const socket = io(`${baseUrl}/webchat`, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

async function heard(token: string) {
  const socket = await visitorSocket(token);
  const seen: string[] = [];
  socket.on('message', (m: { text: string }) => seen.push(`message:${m.text}`));
  socket.on('finalized', (p: { protocol: string }) => seen.push(`finalized:${p.protocol}`));
  return { socket, seen };
}

describe('the web chat visitor hears from facts', () => {
  it("the operator's message, the finalization status's text and then the end, in that order; no one else", async () => {
    await ctx.db
      .update(statuses)
      .set({ message: 'Obrigado pelo contato!' })
      .where(and(eq(statuses.companyId, ids.companyId), eq(statuses.id, ids.status('Resolvido'))));
    const vera = await newVisitor(ctx, 'Vera Widget');
    expect((await vera.send('Olá, bom dia')).status).toBe(200);
    const other = await newVisitor(ctx, 'Outro Widget');
    expect((await other.send('Oi')).status).toBe(200);
    const widget = await heard(vera.token);
    const otherWidget = await heard(other.token);
    try {
      const [card] = await ctx.db.select().from(attendances).where(eq(attendances.name, 'Vera Widget'));
      if (!card) throw new Error('atendimento ausente');
      const ana = await http.login(OPERATOR);
      const sent = await http.post(`/api/attendances/${card.id}/messages`, {
        cookie: ana,
        body: { message: 'Posso ajudar?' },
      });
      expect(sent.status).toBe(200);
      const fin = await http.post(`/api/set-status/${ids.companyId}/${card.sectorId}/${ids.user(OPERATOR)}`, {
        cookie: ana,
        body: { status: ids.status('Resolvido'), contact: card.id },
      });
      expect(fin.status).toBe(200);

      await waitFor(async () => widget.seen.length >= 3);
      expect(widget.seen).toEqual([
        'message:Posso ajudar?',
        'message:Obrigado pelo contato!',
        `finalized:${card.protocol}`,
      ]);
      expect(otherWidget.seen).toEqual([]);
    } finally {
      widget.socket.close();
      otherWidget.socket.close();
    }
  });
});

describe('a finished export', () => {
  it('reaches the sockets of the user who asked for it, not those of a colleague', async () => {
    const tokenFor = async (email: string) => {
      const cookie = await http.login(email);
      const t = await http.get('/api/users/get-socket-token', { cookie });
      return connectSocket(baseUrl, { token: t.body.token, company_id: t.body.companyId });
    };
    const ana = await tokenFor(OPERATOR);
    const bruno = await tokenFor(OPERATOR2);
    const heardByAna: unknown[] = [];
    const heardByBruno: unknown[] = [];
    ana.on('export:ready', (p) => heardByAna.push(p));
    bruno.on('export:ready', (p) => heardByBruno.push(p));
    try {
      const exportId = randomUUID();
      await noticeExportReady(ctx.db, { companyId: ids.companyId, userId: ids.user(OPERATOR), exportId });
      await waitFor(async () => heardByAna.length === 1);
      expect(heardByAna[0]).toEqual({ exportId, message: HISTORY_MSG.exportReady });
      await flushSocket(bruno);
      expect(heardByBruno).toEqual([]);
    } finally {
      ana.close();
      bruno.close();
    }
  });
});
