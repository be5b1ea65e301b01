import type { AddressInfo } from 'node:net';
import type { TMonitoringDashboard } from '@prosa/shared/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, newVisitor } from '../../../test/helpers/attendance-fixtures';
import { type ClientSocket, connectSocket, flushSocket } from '../../../test/helpers/socket-client';
import {
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { type Realtime, startRealtime } from '../../realtime/hub';

// The monitoring dashboard is "now": real operations on the live tables move its counters, and every fact that
// changes a dashboard reaches the company's managers as `update-dashboard`, at most about once a second.

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
}, 120_000);
afterAll(async () => {
  await realtime?.close();
  await ctx?.close();
});

async function socketFor(email: string) {
  const cookie = await http.login(email);
  const t = await http.get('/api/users/get-socket-token', { cookie });
  const socket = await connectSocket(baseUrl, { token: t.body.token, company_id: t.body.companyId });
  const seen: string[] = [];
  socket.on('update-dashboard', (p) => seen.push(p.kind));
  return { cookie, socket, seen };
}

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`tempo esgotado: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function monitoring(cookie: string) {
  const r = await http.get('/api/dashboards/monitoring', { cookie });
  expect(r.status).toBe(200);
  return r.body as unknown as TMonitoringDashboard;
}

const currentHour = () =>
  `${new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hour12: false, timeZone: 'America/Sao_Paulo' })
    .format(new Date())
    .padStart(2, '0')}h`;

describe('monitoring dashboard, live', () => {
  let gestor: Awaited<ReturnType<typeof socketFor>>;
  let ana: Awaited<ReturnType<typeof socketFor>>;
  let other: Awaited<ReturnType<typeof socketFor>>;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    gestor = await socketFor(MANAGER);
    ana = await socketFor(OPERATOR);
    other = await socketFor(OTHER_ADMIN);
    sockets.push(gestor.socket, ana.socket, other.socket);
  });
  afterAll(() => {
    for (const s of sockets) s.close();
  });

  it('a new web chat conversation moves the queue counters and the hour chart, and tells the managers', async () => {
    const before = await monitoring(gestor.cookie);
    const hour = currentHour();
    const openedBefore = Number(before.byHour.data.find((d) => d.hour === hour)?.opened ?? 0);
    gestor.seen.length = 0;

    const v = await newVisitor(ctx, 'Cliente do Painel');
    expect((await v.send('Olá, quero um orçamento')).status).toBe(200);
    await until(() => gestor.seen.includes('monitor') && gestor.seen.includes('company'), 'update-dashboard');

    const after = await monitoring(gestor.cookie);
    expect(after.counters.waitingFirstInteraction).toBe(before.counters.waitingFirstInteraction + 1);
    expect(after.counters.notDistributed).toBe(before.counters.notDistributed + 1);
    expect(after.counters.sla).toBe(before.counters.sla + 1);
    expect(Number(after.byHour.data.find((d) => d.hour === hour)?.opened)).toBe(openedBefore + 1);
    expect(after.byHour.data).toHaveLength(24);

    // Operators and other companies hear nothing of it.
    await flushSocket(ana.socket);
    await flushSocket(other.socket);
    expect(ana.seen).toEqual([]);
    expect(other.seen).toEqual([]);
  });

  it('an operator going on-line moves the operator counters of all and of each of her sectors', async () => {
    const before = await monitoring(gestor.cookie);
    const comercial = before.sectors.find((s) => s.sectorId === ids.sector('Comercial'));
    const suporte = before.sectors.find((s) => s.sectorId === ids.sector('Suporte'));
    const financeiro = before.sectors.find((s) => s.sectorId === ids.sector('Financeiro'));
    // Ana works in Comercial and Suporte, Bruno in Suporte and Financeiro; both off-line at first.
    expect(comercial).toMatchObject({ name: 'Comercial', online: 0, offline: 1, paused: 0 });
    expect(suporte).toMatchObject({ online: 0, offline: 2 });
    expect(before.operators).toMatchObject({ online: 0, offline: 2, paused: 0 });
    gestor.seen.length = 0;

    const set = await http.post('/api/users/set-status', {
      cookie: ana.cookie,
      body: { user_id: ids.user(OPERATOR), status: 'online' },
    });
    expect(set.status).toBe(200);
    await until(() => gestor.seen.includes('monitor'), 'update-dashboard do operador');

    const after = await monitoring(gestor.cookie);
    expect(after.operators).toMatchObject({ online: 1, offline: 1, paused: 0 });
    expect(after.sectors.find((s) => s.sectorId === ids.sector('Comercial'))).toMatchObject({
      online: 1,
      offline: 0,
    });
    expect(after.sectors.find((s) => s.sectorId === ids.sector('Suporte'))).toMatchObject({
      online: 1,
      offline: 1,
    });
    expect(after.sectors.find((s) => s.sectorId === ids.sector('Financeiro'))).toEqual(financeiro);
  });

  it('a burst of facts is told once a second, not once per fact', async () => {
    const v = await newVisitor(ctx, 'Cliente Apressado');
    await v.send('1');
    await until(() => gestor.seen.includes('monitor'), 'primeiro aviso');
    await new Promise((r) => setTimeout(r, 1200));
    gestor.seen.length = 0;
    const started = Date.now();
    for (let i = 0; i < 8; i++) expect((await v.send(`mensagem ${i}`)).status).toBe(200);
    const elapsed = Date.now() - started;
    await new Promise((r) => setTimeout(r, 1500));
    await flushSocket(gestor.socket);
    const monitorEvents = gestor.seen.filter((k) => k === 'monitor').length;
    expect(monitorEvents).toBeGreaterThanOrEqual(1);
    // Eight messages: one event per started second of the burst (plus the window still open at its end).
    expect(monitorEvents).toBeLessThanOrEqual(Math.ceil(elapsed / 1000) + 1);
    expect(monitorEvents).toBeLessThan(8);
  });
});
