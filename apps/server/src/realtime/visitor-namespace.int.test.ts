import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVisitor } from '../../test/helpers/attendance-fixtures';
import { ADMIN, api, createTestContext, type TestContext } from '../../test/helpers/test-app';
import { attendances } from '../db/schema/attendance';
import { type Realtime, startRealtime } from './hub';

let ctx: TestContext;
let realtime: Realtime;
let baseUrl: string;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  realtime = await startRealtime(ctx.app.server, ctx.deps);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await realtime.close();
  await ctx.close();
});

const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 50 && !(await check()); i++) await new Promise((r) => setTimeout(r, 100));
};

describe('web chat visitor socket', () => {
  it('receives the operator reply and the finalization live, and its absence marks the card webchat_offline', async () => {
    const http = api(ctx);
    const visitor = await newVisitor(ctx, 'Xênia');
    await visitor.send('Oi');
    const socket = io(`${baseUrl}/webchat`, {
      path: '/socket.io',
      auth: { token: visitor.token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((ok, fail) => {
      socket.once('connect', () => ok());
      socket.once('connect_error', fail);
    });
    const [row] = await ctx.db.select().from(attendances).where(eq(attendances.name, 'Xênia'));
    const id = row?.id ?? 0;
    await until(
      async () =>
        (await ctx.db.select().from(attendances).where(eq(attendances.id, id)))[0]?.contactOfflineSince ===
        null,
    );

    const admin = await http.login(ADMIN);
    const reply = new Promise<{ text: string; sender_type: number }>((ok) => socket.once('message', ok));
    await http.post(`/api/attendances/${id}/messages`, { cookie: admin, body: { message: 'Olá Xênia!' } });
    expect(await reply).toMatchObject({ text: 'Olá Xênia!', sender_type: 1 });

    socket.close();
    await until(
      async () =>
        (await ctx.db.select().from(attendances).where(eq(attendances.id, id)))[0]?.contactOfflineSince !==
        null,
    );
    // Not yet offline for the filter: it takes 180 s away.
    let list = await http.get('/api/attendances?filter=webchat_offline', { cookie: admin });
    expect((list.body.items as { id: number }[]).some((c) => c.id === id)).toBe(false);
    await ctx.db
      .update(attendances)
      .set({ contactOfflineSince: sql`now() - interval '181 seconds'` })
      .where(eq(attendances.id, id));
    list = await http.get('/api/attendances?filter=webchat_offline', { cookie: admin });
    const card = (list.body.items as { id: number; webchat_offline: boolean }[]).find((c) => c.id === id);
    expect(card?.webchat_offline).toBe(true);

    // A visitor socket with a forged token is refused.
    const forged = io(`${baseUrl}/webchat`, {
      path: '/socket.io',
      auth: { token: 'x' },
      transports: ['websocket'],
      reconnection: false,
    });
    const refused = await new Promise<string>((ok) => forged.once('connect_error', (e) => ok(e.message)));
    expect(refused).toBe('visitante não autenticado');
    forged.close();
  });
});
