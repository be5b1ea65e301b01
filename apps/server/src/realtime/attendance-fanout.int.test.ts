import type { AddressInfo } from 'node:net';
import type { TCard } from '@prosa/shared/attendance';
import { rooms } from '@prosa/shared/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, newVisitor, setTriage } from '../../test/helpers/attendance-fixtures';
import { type ClientSocket, connectSocket, flushSocket, nextEvent } from '../../test/helpers/socket-client';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OPERATOR2,
  OTHER_ADMIN,
  type TestContext,
} from '../../test/helpers/test-app';
import { type Realtime, startRealtime } from './hub';

let ctx: TestContext;
let realtime: Realtime;
let baseUrl: string;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  await setTriage(ctx, ids.companyId, 'OPERATOR');
  realtime = await startRealtime(ctx.app.server, ctx.deps);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await realtime.close();
  await ctx.close();
});

async function socketFor(email: string) {
  const cookie = await http.login(email);
  const t = await http.get('/api/users/get-socket-token', { cookie });
  const socket = await connectSocket(baseUrl, { token: t.body.token, company_id: t.body.companyId });
  const seen: string[] = [];
  socket.on('attendance:upsert', (c) => seen.push(`upsert:${c.name}`));
  socket.on('attendance:removed', (p) => seen.push(`removed:${p.id}`));
  socket.on('message:created', (p) => seen.push(`message:${p.message.text}`));
  return { cookie, socket, seen };
}

/** Polls until `check` holds (events arrive on their own time on a loaded machine). */
async function until(check: () => boolean | Promise<boolean>, what: string, ms = 25_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`tempo esgotado: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Everything sent to these sockets so far has arrived (see flushSocket): "nothing arrived" is final. */
const flush = (...sockets: { socket: ClientSocket }[]) =>
  Promise.all(sockets.map((s) => flushSocket(s.socket)));

/** The card rooms (sector:…:all / sector:…:unassigned) the sockets of a user are in, on the server. */
async function cardRoomsOfUser(userId: number) {
  const sockets = await realtime.io.in(rooms.user(userId)).fetchSockets();
  return sockets.flatMap((s) => [...s.rooms].filter((r) => /^sector:\d+:(all|unassigned)$/.test(r)));
}

describe('attendance events reach exactly who may see the card', () => {
  let ana: Awaited<ReturnType<typeof socketFor>>;
  let bruno: Awaited<ReturnType<typeof socketFor>>;
  let gestor: Awaited<ReturnType<typeof socketFor>>;
  let admin: Awaited<ReturnType<typeof socketFor>>;
  let other: Awaited<ReturnType<typeof socketFor>>;
  let sockets: ClientSocket[];

  beforeAll(async () => {
    ana = await socketFor(OPERATOR);
    bruno = await socketFor(OPERATOR2);
    gestor = await socketFor(MANAGER);
    admin = await socketFor(ADMIN);
    other = await socketFor(OTHER_ADMIN);
    sockets = [ana, bruno, gestor, admin, other].map((s) => s.socket);
  });
  afterAll(() => {
    for (const s of sockets) s.close();
  });

  it('a new web chat message in Comercial reaches its operators, managers and admins, live, and no one else', async () => {
    const arrived = nextEvent(ana.socket, 'message:created');
    const v = await newVisitor(ctx, 'Paula');
    await v.send('Bom dia!');
    expect((await arrived).message.text).toBe('Bom dia!');
    await until(
      () =>
        ana.seen.includes('upsert:Paula') &&
        gestor.seen.includes('message:Bom dia!') &&
        admin.seen.includes('upsert:Paula'),
      'eventos da Paula',
    );
    await flush(bruno, other);
    // Bruno works in Suporte and Financeiro; the other company sees nothing.
    expect(bruno.seen).toEqual([]);
    expect(other.seen).toEqual([]);
  });

  it('when the manager hands the card to someone else, an own+unassigned operator is told to drop it', async () => {
    const list = await http.get('/api/attendances', { cookie: ana.cookie });
    const card = (list.body.items as TCard[]).find((c) => c.name === 'Paula');
    if (!card) throw new Error('card ausente');
    ana.seen.length = 0;
    // Move to Financeiro (Bruno's, not Ana's): Ana (own + unassigned) must drop it, Bruno must receive it.
    const brunoGets = nextEvent(bruno.socket, 'attendance:upsert');
    await http.post(`/api/attendances/${card.id}/switch-sector`, {
      cookie: gestor.cookie,
      body: { sector_id: ids.sector('Financeiro') },
    });
    expect((await brunoGets).name).toBe('Paula');
    await until(() => ana.seen.includes(`removed:${card.id}`), 'Ana larga o card');

    bruno.seen.length = 0;
    await http.post(`/api/attendances/${card.id}/switch-operator`, {
      cookie: gestor.cookie,
      body: { operator_id: ids.user(OPERATOR2) },
    });
    await until(() => bruno.seen.includes('upsert:Paula'), 'Bruno recebe a Paula');

    const closed = nextEvent(bruno.socket, 'attendance:removed');
    await http.post(`/api/set-status/${ids.companyId}/${ids.sector('Financeiro')}/${ids.user(OPERATOR2)}`, {
      cookie: bruno.cookie,
      body: { status: ids.status('Resolvido'), contact: card.id },
    });
    expect(await closed).toEqual({ id: card.id, closed: true });
  });

  it('switching distribution on moves open sockets to their new view: operators stop receiving unassigned cards', async () => {
    const before = nextEvent(ana.socket, 'attendance:upsert');
    const v1 = await newVisitor(ctx, 'Quésia');
    await v1.send('Antes da distribuição');
    expect((await before).name).toBe('Quésia');

    const saved = await http.put('/api/auto-dist', {
      cookie: gestor.cookie,
      body: { enabled: true, chat_per_user: 3, allow_if_client_not_respond: false },
    });
    expect(saved.status).toBe(200);
    // The sockets move rooms in the background: wait until Ana's left the card rooms on the server.
    await until(async () => (await cardRoomsOfUser(ids.user(OPERATOR))).length === 0, 'Ana sai das salas');
    await flush(ana, gestor);
    ana.seen.length = 0;
    gestor.seen.length = 0;
    const v2 = await newVisitor(ctx, 'Rui');
    await v2.send('Depois da distribuição');
    await until(() => gestor.seen.includes('upsert:Rui'), 'gestor recebe o Rui');
    await flush(ana);
    // Own cards only now: an unassigned card is no longer Ana's to see; the manager still sees it.
    expect(ana.seen).toEqual([]);
  });
});
