import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TCard } from '@prosa/shared/attendance';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, newVisitor } from '../../../test/helpers/attendance-fixtures';
import { multipart, type Part } from '../../../test/helpers/multipart';
import { sampleMp3, samplePng } from '../../../test/helpers/sample-files';
import { type ClientSocket, connectSocket } from '../../../test/helpers/socket-client';
import {
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { attendances } from '../../db/schema/attendance';
import { companies } from '../../db/schema/companies';
import { type Realtime, startRealtime } from '../../realtime/hub';

// The attendance settings the server itself enforces or reports to every user's chat screen: audio (voice
// notes), read/unread (mark a card unread, live) and the switches behind /api/company/features.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let realtime: Realtime;
let baseUrl: string;
let demo: Awaited<ReturnType<typeof demoIds>>;
let dataDir: string;
let manager: string;
let ana: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'prosa-chat-settings-'));
  ctx = await createTestContext({ queue: false, env: { DATA_DIR: dataDir } });
  http = api(ctx);
  demo = await demoIds(ctx);
  realtime = await startRealtime(ctx.app.server, ctx.deps);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  manager = await http.login(MANAGER);
  ana = await http.login(OPERATOR);
});
afterAll(async () => {
  await realtime.close();
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Saves some settings through the settings screen's call (the whole object, as the tabs send it). */
async function saveSettings(change: (meta: Record<string, unknown>) => Record<string, unknown>) {
  const meta = (await http.get('/api/company/metadata', { cookie: manager })).body;
  const r = await http.put('/api/company/metadata', { cookie: manager, body: change(meta) });
  expect(r.status).toBe(200);
}

/** An open web chat attendance of the demo company (Comercial), opened by a visitor's message. */
async function openAttendance(name: string) {
  const visitor = await newVisitor(ctx, name);
  await visitor.send('Olá, preciso de ajuda');
  const [row] = await ctx.db.select().from(attendances).where(eq(attendances.name, name));
  if (!row) throw new Error('atendimento não criado');
  return row.id;
}

async function upload(attendanceId: number, parts: Part[], cookie = ana) {
  const body = multipart(parts);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/attendances/${attendanceId}/upload`,
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
}

const voice: Part[] = [
  { name: 'kind', value: 'voice' },
  { name: 'file', filename: 'audio.mp3', data: sampleMp3() },
];

async function storedFiles(attendanceId: number) {
  const dir = join(dataDir, 'uploads', 'att', String(demo.companyId), String(attendanceId));
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((n) => !n.endsWith('.meta.json'));
}

describe('áudio', () => {
  it('off, the server refuses a voice note and stores nothing; other files still go; on, the note goes', async () => {
    const id = await openAttendance('Cliente Áudio');
    await saveSettings((m) => ({ ...m, audio: { enabled: false } }));
    const features = await http.get('/api/company/features', { cookie: ana });
    expect(features.body.settings).toMatchObject({ audio: false });

    const refused = await upload(id, voice);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('O envio de áudio está desativado para a empresa.');
    expect(await storedFiles(id)).toEqual([]);
    const image = await upload(id, [{ name: 'file', filename: 'foto.png', data: samplePng() }]);
    expect(image.status).toBe(200);

    await saveSettings((m) => ({ ...m, audio: { enabled: true } }));
    expect((await http.get('/api/company/features', { cookie: ana })).body.settings).toMatchObject({
      audio: true,
    });
    const accepted = await upload(id, voice);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ type: 'audio' });
    expect(await storedFiles(id)).toHaveLength(2);
  });
});

describe('lido / não lido', () => {
  let socket: ClientSocket | undefined;
  afterAll(() => socket?.close());

  it('off, marking a card unread is refused and changes nothing', async () => {
    const id = await openAttendance('Cliente Lido Desligado');
    await saveSettings((m) => ({ ...m, read_unread: { enabled: false } }));
    await http.post(`/api/attendances/${id}/viewed`, { cookie: ana });
    const r = await http.post(`/api/attendances/${id}/unread`, { cookie: ana });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('Marcar atendimentos como não lidos está desativado para a empresa.');
    const [row] = await ctx.db.select().from(attendances).where(eq(attendances.id, id));
    expect(row?.unreadCount).toBe(0);
  });

  it('on, the operator marks her read card unread: stored, sent live to her other tabs, read again on opening', async () => {
    const id = await openAttendance('Cliente Não Lido');
    await saveSettings((m) => ({ ...m, read_unread: { enabled: true } }));
    expect((await http.get('/api/company/features', { cookie: ana })).body.settings).toMatchObject({
      read_unread: true,
    });
    // Opening it gives it to Ana (triage OPERATOR) and reads the contact's message.
    const opened = await http.post(`/api/attendances/${id}/viewed`, { cookie: ana });
    expect((opened.body.card as TCard).unread_count).toBe(0);
    expect((opened.body.card as TCard).operator_assigned_id).toBe(demo.user(OPERATOR));

    // Another tab of hers, on the socket.
    const t = await http.get('/api/users/get-socket-token', { cookie: ana });
    socket = await connectSocket(baseUrl, { token: t.body.token, company_id: t.body.companyId });
    const pushed: TCard[] = [];
    socket.on('attendance:upsert', (c) => pushed.push(c));

    const r = await http.post(`/api/attendances/${id}/unread`, { cookie: ana });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Atendimento marcado como não lido.');
    expect((r.body.card as TCard).unread_count).toBe(1);
    await expect
      .poll(() => pushed.some((c) => c.id === id && c.unread_count === 1), { timeout: 10_000 })
      .toBe(true);
    // The list filters see it as unread.
    const list = await http.get('/api/attendances?filter=unread_interaction', { cookie: ana });
    const unreadNoInteraction = await http.get('/api/attendances?filter=unread_no_interaction', {
      cookie: ana,
    });
    const ids = [...(list.body.items as TCard[]), ...(unreadNoInteraction.body.items as TCard[])].map(
      (c) => c.id,
    );
    expect(ids).toContain(id);

    // Marking again keeps one unread; opening it again as its operator reads it.
    expect(
      ((await http.post(`/api/attendances/${id}/unread`, { cookie: ana })).body.card as TCard).unread_count,
    ).toBe(1);
    const again = await http.post(`/api/attendances/${id}/viewed`, { cookie: ana });
    expect((again.body.card as TCard).unread_count).toBe(0);
  });

  it("another company's attendance answers 404, a closed one 409, and a bad id 400", async () => {
    const id = await openAttendance('Cliente Outra Empresa');
    const other = await http.login(OTHER_ADMIN);
    const [otherCompany] = await ctx.db.select().from(companies).where(eq(companies.name, 'Outra Empresa'));
    await ctx.db
      .update(companies)
      .set({ metadata: { read_unread: { enabled: true } } })
      .where(eq(companies.id, otherCompany?.id ?? 0));
    expect((await http.post(`/api/attendances/${id}/unread`, { cookie: other })).status).toBe(404);

    await ctx.db.update(attendances).set({ closedAt: new Date() }).where(eq(attendances.id, id));
    const closed = await http.post(`/api/attendances/${id}/unread`, { cookie: manager });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe('Atendimento já foi Finalizado!');

    expect((await http.post('/api/attendances/abc/unread', { cookie: ana })).status).toBe(400);
  });
});

describe('recursos da empresa para o chat', () => {
  it('reports seconds control and the allow switches (message copy, waiting time) to every user', async () => {
    await saveSettings((m) => ({
      ...m,
      seconds_control: { enabled: true },
      allow: { ...(m.allow as object), 'message-copy': false, viewtmr: true },
    }));
    const features = await http.get('/api/company/features', { cookie: ana });
    expect(features.status).toBe(200);
    expect(features.body.settings).toMatchObject({ seconds_control: true });
    expect(features.body.allow).toMatchObject({ 'message-copy': false, viewtmr: true });

    await saveSettings((m) => ({
      ...m,
      seconds_control: { enabled: false },
      allow: { ...(m.allow as object), 'message-copy': true, viewtmr: false },
    }));
    const after = await http.get('/api/company/features', { cookie: ana });
    expect(after.body.settings).toMatchObject({ seconds_control: false });
    expect(after.body.allow).toMatchObject({ 'message-copy': true, viewtmr: false });
  });
});
