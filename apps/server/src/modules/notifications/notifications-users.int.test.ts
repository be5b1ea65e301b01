import type { AddressInfo } from 'node:net';
import {
  NOTIFICATION_MSG,
  type TNotificationAdmin,
  type TNotificationLead,
  type TUserNotifications,
} from '@prosa/shared/notifications';
import { isoToWallTime } from '@prosa/shared/scheduling';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientSocket, connectSocket, flushSocket } from '../../../test/helpers/socket-client';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OPERATOR2,
  OTHER_ADMIN,
  PASSWORD,
  type TestContext,
} from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { companies } from '../../db/schema/companies';
import { notificationLeads, notifications } from '../../db/schema/notices';
import { users } from '../../db/schema/users';
import { hashPassword } from '../../platform/crypto';
import { type Realtime, startRealtime } from '../../realtime/hub';

// The users' side of notifications: who is reached (company, audience, status, period), setRead, the interested
// lead's rules, and the live `notification` event reaching the target companies' users only.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let realtime: Realtime;
let baseUrl: string;
let demoId: number;
const cookies: Record<string, string> = {};
const LORD = 'dono@prosa.dev';

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  demoId = (await ctx.db.select().from(companies)).find((r) => r.name === 'Empresa Demo')?.id ?? 0;
  await ctx.db.insert(users).values({
    companyId: demoId,
    name: 'Dono da Plataforma',
    displayName: 'Dono',
    email: LORD,
    role: 1000,
    passwordHash: await hashPassword(PASSWORD),
  });
  realtime = await startRealtime(ctx.app.server, ctx.deps);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  for (const e of [ADMIN, MANAGER, OPERATOR, OPERATOR2, OTHER_ADMIN, LORD]) cookies[e] = await http.login(e);
}, 120_000);
afterAll(async () => {
  await realtime?.close();
  await ctx?.close();
});

const c = (email: string) => cookies[email] as string;
const wall = (msFromNow: number) =>
  isoToWallTime(new Date(Date.now() + msFromNow).toISOString(), 'America/Sao_Paulo');
const HOUR = 3_600_000;

async function create(email: string, body: Record<string, unknown>) {
  const r = await http.post('/api/notifications', {
    cookie: c(email),
    body: { model_id: 1, description: 'Texto do aviso.', ...body },
  });
  if (r.status !== 200) throw new Error(`criação falhou: ${JSON.stringify(r.body)}`);
  return Number(r.body.id);
}
const unread = async (email: string) =>
  (await http.get('/api/notifications/unread', { cookie: c(email) })).body as unknown as TUserNotifications;
const unreadTitles = async (email: string) => (await unread(email)).items.map((n) => n.title).sort();

describe('notifications: users', () => {
  it('reach the users of their companies, audience, status and period only', async () => {
    await create(ADMIN, { title: 'Todos da Demo' });
    await create(ADMIN, { title: 'Só gestores', audience: 'managers' });
    await create(ADMIN, { title: 'Só operadores', audience: 'operators' });
    await create(ADMIN, { title: 'Pausada', schedule_status: 'PAUSED' });
    await create(ADMIN, { title: 'Cancelada', schedule_status: 'CANCELED' });
    await create(ADMIN, { title: 'Futura', schedule_start_at: wall(HOUR), schedule_end_at: wall(2 * HOUR) });
    await create(ADMIN, {
      title: 'Vencida',
      schedule_start_at: wall(-2 * HOUR),
      schedule_end_at: wall(-HOUR),
    });
    await create(ADMIN, { title: 'No período', schedule_start_at: wall(-HOUR), schedule_end_at: wall(HOUR) });
    await create(ADMIN, { title: 'Excluída' }).then((id) =>
      http.delete(`/api/notifications/${id}`, { cookie: c(ADMIN) }),
    );
    const foreign = await create(OTHER_ADMIN, { title: 'Da Outra' });
    await create(LORD, { title: 'Para todas as empresas' });

    expect(await unreadTitles(OPERATOR)).toEqual(
      ['No período', 'Para todas as empresas', 'Só operadores', 'Todos da Demo'].sort(),
    );
    expect(await unreadTitles(MANAGER)).toEqual(
      ['No período', 'Para todas as empresas', 'Só gestores', 'Todos da Demo'].sort(),
    );
    expect(await unreadTitles(OTHER_ADMIN)).toEqual(['Da Outra', 'Para todas as empresas']);
    expect((await unread(OPERATOR)).total).toBe(4);

    // Another company's notification is not found by a user of this one.
    const detail = await http.get(`/api/notifications/${foreign}/detail`, { cookie: c(OPERATOR) });
    expect(detail.status).toBe(404);
    expect(detail.body.message).toBe(NOTIFICATION_MSG.notFound);
    expect((await http.post(`/api/notifications/${foreign}/set-read`, { cookie: c(OPERATOR) })).status).toBe(
      404,
    );
  });

  it('setRead takes it out of the unread list of that user only', async () => {
    const id = (await unread(OPERATOR)).items.find((n) => n.title === 'Todos da Demo')?.id ?? 0;
    const detail = await http.get(`/api/notifications/${id}/detail`, { cookie: c(OPERATOR) });
    expect(detail.body).toMatchObject({
      title: 'Todos da Demo',
      description: 'Texto do aviso.',
      read: false,
    });
    const r = await http.post(`/api/notifications/${id}/set-read`, { cookie: c(OPERATOR) });
    expect(r.body.message).toBe(NOTIFICATION_MSG.read);
    expect(await unreadTitles(OPERATOR)).not.toContain('Todos da Demo');
    expect(await unreadTitles(OPERATOR2)).toContain('Todos da Demo');
    // Reading twice changes nothing; the detail says it was read.
    expect((await http.post(`/api/notifications/${id}/set-read`, { cookie: c(OPERATOR) })).status).toBe(200);
    expect((await http.get(`/api/notifications/${id}/detail`, { cookie: c(OPERATOR) })).body.read).toBe(true);
    const admin = await http.get(`/api/notifications/${id}`, { cookie: c(ADMIN) });
    expect((admin.body as unknown as TNotificationAdmin).reads_count).toBe(1);
    await ctx.db.delete(notifications);
  });

  it('an offer (model 2) takes a lead with a valid phone; an admin only marks it read', async () => {
    const offer = await create(ADMIN, { model_id: 2, title: 'Novo plano com desconto' });
    const notice = await create(ADMIN, { title: 'Aviso comum' });
    const lead = (email: string, id: number, body: Record<string, unknown>) =>
      http.post(`/api/notifications/${id}/lead`, { cookie: c(email), body });

    for (const phone of ['11987654321', '(11) 8765-4321', '(1) 98765-4321', '(11) 98765-432', '']) {
      const r = await lead(OPERATOR, offer, { name: 'Ana', phone });
      expect(r.status, phone).toBe(400);
      expect(r.body.message).toBe('Por favor, informe um número de telefone válido.');
    }
    expect((await lead(OPERATOR, offer, { name: ' ', phone: '(11) 98765-4321' })).body.message).toBe(
      NOTIFICATION_MSG.nameRequired,
    );
    const plain = await lead(OPERATOR, notice, { name: 'Ana', phone: '(11) 98765-4321' });
    expect(plain.status).toBe(400);
    expect(plain.body.message).toBe(NOTIFICATION_MSG.notAnOffer);
    expect(await ctx.db.select().from(notificationLeads)).toEqual([]);

    const ok = await lead(OPERATOR, offer, { name: 'Ana Souza', phone: '(11) 98765-4321' });
    expect(ok.body.message).toBe(NOTIFICATION_MSG.leadSaved);
    expect(await unreadTitles(OPERATOR)).toEqual(['Aviso comum']);
    const again = await lead(OPERATOR, offer, { name: 'Ana Souza', phone: '(11) 98765-4321' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(NOTIFICATION_MSG.leadExists);

    // spec 2 §6: an admin or above is not a lead; the offer only counts as read for them.
    const byAdmin = await lead(ADMIN, offer, { name: 'Admin', phone: '(11) 91234-5678' });
    expect(byAdmin.body.message).toBe(NOTIFICATION_MSG.read);
    expect(await unreadTitles(ADMIN)).toEqual(['Aviso comum']);

    const leads = await http.get(`/api/notifications/${offer}/leads`, { cookie: c(ADMIN) });
    expect(
      (leads.body as unknown as TNotificationLead[]).map((l) => [l.name, l.phone, l.company_name]),
    ).toEqual([['Ana Souza', '(11) 98765-4321', 'Empresa Demo']]);
    const list = await http.get('/api/notifications', { cookie: c(ADMIN) });
    const row = (list.body.items as TNotificationAdmin[]).find((n) => n.id === offer);
    expect(row?.leads_count).toBe(1);
    await ctx.db.delete(notifications);
  });

  describe('live', () => {
    const sockets: ClientSocket[] = [];
    const seen: Record<string, number[]> = {};

    async function socketFor(email: string) {
      const t = await http.get('/api/users/get-socket-token', { cookie: c(email) });
      const socket = await connectSocket(baseUrl, { token: t.body.token, company_id: t.body.companyId });
      seen[email] = [];
      socket.on('notification', (p) => seen[email]?.push(p.notification_id));
      sockets.push(socket);
      return socket;
    }
    afterAll(() => {
      for (const s of sockets) s.close();
    });

    it('creating, changing and deleting reach the target company’s users, not another company’s', async () => {
      await socketFor(OPERATOR);
      const other = await socketFor(OTHER_ADMIN);
      const got = (email: string, id: number) => waitFor(async () => seen[email]?.includes(id));

      const id = await create(ADMIN, { title: 'Ao vivo' });
      await got(OPERATOR, id);
      expect(await unreadTitles(OPERATOR)).toEqual(['Ao vivo']);
      await flushSocket(other);
      expect(seen[OTHER_ADMIN]).toEqual([]);

      seen[OPERATOR] = [];
      await http.put(`/api/notifications/${id}`, {
        cookie: c(ADMIN),
        body: { model_id: 1, title: 'Ao vivo (pausada)', description: 'x', schedule_status: 'PAUSED' },
      });
      await got(OPERATOR, id);
      expect(await unreadTitles(OPERATOR)).toEqual([]);

      seen[OPERATOR] = [];
      await http.delete(`/api/notifications/${id}`, { cookie: c(ADMIN) });
      await got(OPERATOR, id);
      await flushSocket(other);
      expect(seen[OTHER_ADMIN]).toEqual([]);

      // One for every company: both hear of it.
      const all = await create(LORD, { title: 'Para todas' });
      await got(OPERATOR, all);
      await got(OTHER_ADMIN, all);
      await ctx.db.delete(notifications);
    });
  });
});
