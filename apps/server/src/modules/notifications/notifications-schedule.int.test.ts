import type { AddressInfo } from 'node:net';
import type { TUserNotifications } from '@prosa/shared/notifications';
import { isoToWallTime } from '@prosa/shared/scheduling';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientSocket, connectSocket } from '../../../test/helpers/socket-client';
import { ADMIN, api, createTestContext, OPERATOR, type TestContext } from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { notifyScheduler } from '../../jobs/scheduler';
import { type Realtime, startRealtime } from '../../realtime/hub';
import { announceScheduledNotifications } from './announce-scheduled';

// A notification scheduled for later reaches its users live when its start time passes (the worker's
// notifications.schedule task), and leaves their bell live when its end time passes.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let realtime: Realtime;
let socket: ClientSocket;
const events: number[] = [];
const cookies: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, scheduler: true });
  http = api(ctx);
  realtime = await startRealtime(ctx.app.server, ctx.deps);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  for (const e of [ADMIN, OPERATOR]) cookies[e] = await http.login(e);
  const t = await http.get('/api/users/get-socket-token', { cookie: cookies[OPERATOR] });
  socket = await connectSocket(baseUrl, { token: t.body.token, company_id: t.body.companyId });
  socket.on('notification', (p) => events.push(p.notification_id));
}, 120_000);
afterAll(async () => {
  socket?.close();
  await realtime?.close();
  await ctx?.close();
});

const unreadTitles = async () =>
  (
    (await http.get('/api/notifications/unread', { cookie: cookies[OPERATOR] }))
      .body as unknown as TUserNotifications
  ).items.map((n) => n.title);
const sleepUntil = async (at: number) => {
  while (Date.now() < at) await new Promise((r) => setTimeout(r, 50));
};

describe('notifications: scheduled start and end', () => {
  it('the worker announces a notification live when its start and its end pass, once each', async () => {
    // Whole seconds: the form sends YYYY-MM-DD HH:mm:ss.
    const startAt = Math.ceil((Date.now() + 3000) / 1000) * 1000;
    const endAt = startAt + 3000;
    const wall = (ms: number) => isoToWallTime(new Date(ms).toISOString(), 'America/Sao_Paulo');
    const r = await http.post('/api/notifications', {
      cookie: cookies[ADMIN],
      body: {
        model_id: 1,
        title: 'Começa daqui a pouco',
        description: 'Agendada',
        schedule_start_at: wall(startAt),
        schedule_end_at: wall(endAt),
      },
    });
    const id = Number(r.body.id);
    // Saving announces it once (nothing to show yet).
    await waitFor(async () => events.includes(id));
    expect(await unreadTitles()).toEqual([]);
    events.length = 0;

    await sleepUntil(startAt + 50);
    await notifyScheduler(ctx.db, 'notifications.schedule');
    await waitFor(async () => events.includes(id));
    expect(await unreadTitles()).toEqual(['Começa daqui a pouco']);
    // Announced: running the task again announces nothing more.
    expect(await announceScheduledNotifications(ctx.deps)).toBe(0);
    events.length = 0;

    await sleepUntil(endAt + 50);
    await notifyScheduler(ctx.db, 'notifications.schedule');
    await waitFor(async () => events.includes(id));
    expect(await unreadTitles()).toEqual([]);
    expect(await announceScheduledNotifications(ctx.deps)).toBe(0);
  });
});
