import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoIds, newVisitor, setAllow } from '../../../test/helpers/attendance-fixtures';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { attendances, messages } from '../../db/schema/attendance';
import { controlWordLogs } from '../../db/schema/knowledge';
import { checkControlWords } from './check-control-words';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let gestor: string;
let ana: string;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  gestor = await http.login(MANAGER);
  ana = await http.login(OPERATOR);
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await setAllow(ctx, ids.companyId, { controlwords: true });
});

async function openCard(name: string) {
  const v = await newVisitor(ctx, name);
  await v.send('Olá');
  const [row] = await ctx.db.select().from(attendances).where(eq(attendances.name, name));
  if (!row) throw new Error('sem atendimento');
  return row.id;
}

const operatorTexts = async (attendanceId: number) =>
  (
    await ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.attendanceId, attendanceId), eq(messages.senderType, 1)))
      .orderBy(asc(messages.id))
  ).map((m) => m.text);

const send = (attendanceId: number, message: string) =>
  http.post(`/api/attendances/${attendanceId}/messages`, { cookie: ana, body: { message } });

describe('control words list', () => {
  it('adds, lists and removes words with their texts', async () => {
    const cases: [unknown, string][] = [
      [{ word: '' }, 'Informe a palavra.'],
      [{ word: 'x'.repeat(61) }, 'A palavra deve conter no máximo 60 caracteres.'],
    ];
    for (const [body, message] of cases) {
      const r = await http.post('/api/control-words', { cookie: gestor, body });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(message);
    }
    const added = await http.post('/api/control-words', { cookie: gestor, body: { word: 'Bôbo' } });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('Palavra adicionada com sucesso!');
    // Same word in other case or accents is a duplicate.
    const dup = await http.post('/api/control-words', { cookie: gestor, body: { word: 'BOBO' } });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe('Esta palavra já está na lista.');
    await http.post('/api/control-words', { cookie: gestor, body: { word: 'porcaria total' } });

    const listed = await http.get('/api/control-words', { cookie: gestor });
    expect(listed.body.enabled).toBe(true);
    expect((listed.body.items as { word: string }[]).map((w) => w.word)).toEqual(['Bôbo', 'porcaria total']);

    const temp = await http.post('/api/control-words', { cookie: gestor, body: { word: 'temporária' } });
    const id = (temp.body.word as { id: number }).id;
    expect((await http.delete(`/api/control-words/${id}`, { cookie: gestor })).body.message).toBe(
      'Palavra removida com sucesso!',
    );
    expect((await http.delete(`/api/control-words/${id}`, { cookie: gestor })).status).toBe(404);
  });

  it('is for managers and up; another company neither sees nor removes the words', async () => {
    expect((await http.get('/api/control-words', { cookie: ana })).status).toBe(403);
    expect((await http.post('/api/control-words', { cookie: ana, body: { word: 'chato' } })).status).toBe(
      403,
    );
    const other = await http.login(OTHER_ADMIN);
    const theirs = await http.get('/api/control-words', { cookie: other });
    expect(theirs.body.items).toEqual([]);
    const mine = (await http.get('/api/control-words', { cookie: gestor })).body.items as { id: number }[];
    expect((await http.delete(`/api/control-words/${mine[0]?.id}`, { cookie: other })).status).toBe(404);
  });

  it('shows the switch as the company metadata has it (saved by the settings)', async () => {
    const meta = (await http.get('/api/company/metadata', { cookie: gestor })).body;
    const saved = await http.put('/api/company/metadata', {
      cookie: gestor,
      body: { ...meta, allow: { ...(meta.allow as object), controlwords: false } },
    });
    expect(saved.status).toBe(200);
    expect((await http.get('/api/control-words', { cookie: gestor })).body.enabled).toBe(false);
    const id = await openCard('Cliente Metadados');
    expect((await send(id, 'Seu bobo!')).status).toBe(200);
  });
});

describe('control words on outgoing messages', () => {
  it('refuses a message with a listed word, logs who and which words, stores nothing', async () => {
    const id = await openCard('Cliente Palavras');
    const blocked = await send(id, 'Não seja BÔBO, por favor!');
    expect(blocked.status).toBe(400);
    expect(blocked.body.message).toBe('Sua mensagem não pode ser enviada.');
    const blockedMulti = await send(id, 'Isso é uma Porcaria   Total.');
    expect(blockedMulti.status).toBe(400);
    expect(await operatorTexts(id)).toEqual([]);

    // In the order they were written: the checks below go by position.
    const logs = await ctx.db
      .select()
      .from(controlWordLogs)
      .where(eq(controlWordLogs.attendanceId, id))
      .orderBy(asc(controlWordLogs.id));
    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatchObject({ userId: ids.user(OPERATOR), kind: 'message', words: ['Bôbo'] });
    expect(logs[1]?.words).toEqual(['porcaria total']);

    const page = await http.get('/api/control-words/logs', { cookie: gestor });
    expect(page.status).toBe(200);
    const first = (page.body.items as { user_name: string; words: string[]; protocol: string | null }[])[0];
    expect(first).toMatchObject({ user_name: 'Ana Operadora', words: ['porcaria total'] });
    expect(first?.protocol).toBeTruthy();
    expect((await http.get('/api/control-words/logs', { cookie: ana })).status).toBe(403);
  });

  it('matches whole words only: "bobos" and "boboca" pass', async () => {
    const id = await openCard('Cliente Inteiras');
    expect((await send(id, 'Os bobos da corte')).status).toBe(200);
    expect((await send(id, 'Que boboca')).status).toBe(200);
    expect(await operatorTexts(id)).toEqual(['Os bobos da corte', 'Que boboca']);
  });

  it('lets every message through while the filter is off', async () => {
    const id = await openCard('Cliente Desligado');
    await setAllow(ctx, ids.companyId, { controlwords: false });
    expect((await send(id, 'Seu bobo!')).status).toBe(200);
    expect(await operatorTexts(id)).toEqual(['Seu bobo!']);
  });

  it('checks forwarded messages too', async () => {
    const from = await openCard('Cliente Origem');
    const to = await openCard('Cliente Destino');
    await setAllow(ctx, ids.companyId, { controlwords: false });
    const sent = await send(from, 'Que bobo');
    const messageId = (sent.body.message as { message_id: string }).message_id;
    await setAllow(ctx, ids.companyId, { controlwords: true });
    const fwd = await http.post(`/api/attendances/${from}/forward`, {
      cookie: ana,
      body: { message_id: messageId, target_attendance_id: to },
    });
    expect(fwd.status).toBe(400);
    expect(fwd.body.message).toBe('Sua mensagem não pode ser enviada.');
    expect(await operatorTexts(to)).toEqual([]);
  });

  it('offers the same check to other modules (contact names)', async () => {
    expect(await checkControlWords(ctx.db, ids.companyId, 'João Bobo')).toEqual(['Bôbo']);
    expect(await checkControlWords(ctx.db, ids.companyId, 'João Bobosa')).toEqual([]);
    await setAllow(ctx, ids.companyId, { controlwords: false });
    expect(await checkControlWords(ctx.db, ids.companyId, 'João Bobo')).toEqual([]);
  });

  it('admins are filtered too', async () => {
    const admin = await http.login(ADMIN);
    const id = await openCard('Cliente Admin');
    const r = await http.post(`/api/attendances/${id}/messages`, {
      cookie: admin,
      body: { message: 'bobo' },
    });
    expect(r.status).toBe(400);
  });
});
