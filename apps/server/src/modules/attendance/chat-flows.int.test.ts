import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoIds, setTriage } from '../../../test/helpers/attendance-fixtures';
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
import { attendances, messages } from '../../db/schema/attendance';
import { companies } from '../../db/schema/companies';
import { statuses } from '../../db/schema/organization';
import { runAttendanceTimers } from '../distribution/run-timers';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let ana: string;
let bruno: string;
let gestor: string;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  ana = await http.login(OPERATOR);
  bruno = await http.login(OPERATOR2);
  gestor = await http.login(MANAGER);
});
afterAll(() => ctx.close());
beforeEach(() => setTriage(ctx, ids.companyId, 'BASIC'));

async function openCard(name: string, text = 'Olá', form: Record<string, string> = {}) {
  const r = await http.post('/api/webchat/demo-empresa/visitors', {
    body: { form: { nome: name, ...form } },
  });
  expect(r.status).toBe(200);
  const token = r.body.token as string;
  const visitor = {
    async send(t: string) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/webchat/visitor/messages',
        headers: { 'x-visitor-token': token },
        payload: { text: t, client_id: `c${Math.random().toString(16).slice(2, 14)}` },
      });
      expect(res.statusCode).toBe(200);
    },
    async state() {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/webchat/visitor/state',
        headers: { 'x-visitor-token': token },
      });
      return JSON.parse(res.body) as { state: string; messages: { text: string; from: string }[] };
    },
  };
  await visitor.send(text);
  const [row] = await ctx.db
    .select()
    .from(attendances)
    .where(and(eq(attendances.name, name), eq(attendances.companyId, ids.companyId)));
  if (!row) throw new Error('sem atendimento');
  return { visitor, id: row.id, protocol: row.protocol };
}

const finalize = (cookie: string, userId: number, id: number, status: string, sector = 'Comercial') =>
  http.post(`/api/set-status/${ids.companyId}/${ids.sector(sector)}/${userId}`, {
    cookie,
    body: { status: ids.status(status), contact: id },
  });

async function setStatusMessage(name: string, message: string | null) {
  await ctx.db
    .update(statuses)
    .set({ message })
    .where(and(eq(statuses.companyId, ids.companyId), eq(statuses.id, ids.status(name))));
}

const storedTexts = async (attendanceId: number) =>
  (
    await ctx.db
      .select({ text: messages.text, senderType: messages.senderType })
      .from(messages)
      .where(and(eq(messages.companyId, ids.companyId), eq(messages.attendanceId, attendanceId)))
      .orderBy(messages.id)
  ).map((m) => `${m.senderType}:${m.text}`);

describe("a finalization status's message reaches the customer", () => {
  it('finalizing with a status that has a message sends it through the channel and keeps it in the attendance', async () => {
    await setStatusMessage('Resolvido', 'Obrigado pelo contato! Qualquer dúvida, estamos aqui.');
    const { visitor, id } = await openCard('Fernanda Final', 'Pode fechar, obrigado.');
    const fin = await finalize(ana, ids.user(OPERATOR), id, 'Resolvido');
    expect(fin.status).toBe(200);
    expect(await storedTexts(id)).toEqual([
      '0:Pode fechar, obrigado.',
      '1:Obrigado pelo contato! Qualquer dúvida, estamos aqui.',
    ]);
    const seen = await visitor.state();
    expect(seen.state).toBe('closed');
    expect(seen.messages.at(-1)).toMatchObject({
      from: 'operator',
      text: 'Obrigado pelo contato! Qualquer dúvida, estamos aqui.',
    });
    // The history shows it as a message of that attendance (sent, not failed).
    const hist = await http.get(`/api/attendances/${id}/messages?limit=5`, { cookie: gestor });
    expect((hist.body.items as { text: string; delivery: string }[])[0]).toMatchObject({
      text: 'Obrigado pelo contato! Qualquer dúvida, estamos aqui.',
      delivery: 'sent',
    });
  });

  it('a status without a message (empty or blank) sends nothing; a classification never sends', async () => {
    await setStatusMessage('Venda realizada', '   ');
    await setStatusMessage('Em negociação', 'Não deveria ir: é classificação.');
    const { id } = await openCard('Gilda Vazia');
    expect((await finalize(ana, ids.user(OPERATOR), id, 'Em negociação')).status).toBe(200);
    expect((await finalize(ana, ids.user(OPERATOR), id, 'Venda realizada')).status).toBe(200);
    expect(await storedTexts(id)).toEqual(['0:Olá']);
  });
});

describe('sending to a chat that went to another operator', () => {
  it('after a manual transfer, the operator who had it gets the spec text with a stable code, and nothing is stored', async () => {
    await setTriage(ctx, ids.companyId, 'OPERATOR');
    const { id } = await openCard('Heitor Transferido');
    // Ana opens it (own + unassigned: it becomes hers), then the manager hands it to Bruno in Suporte.
    expect((await http.post(`/api/attendances/${id}/viewed`, { cookie: ana })).status).toBe(200);
    await http.post(`/api/attendances/${id}/switch-sector`, {
      cookie: gestor,
      body: { sector_id: ids.sector('Suporte') },
    });
    const moved = await http.post(`/api/attendances/${id}/switch-operator`, {
      cookie: gestor,
      body: { operator_id: ids.user(OPERATOR2) },
    });
    expect(moved.status).toBe(200);

    const sent = await http.post(`/api/attendances/${id}/messages`, {
      cookie: ana,
      body: { message: 'Oi?' },
    });
    expect(sent.status).toBe(403);
    expect(sent.body).toMatchObject({
      code: 'ATTENDANCE_TRANSFERRED',
      message: 'Este atendimento foi transferido para outro operador.',
    });
    expect(await storedTexts(id)).toEqual(['0:Olá']);
    // Bruno, its operator now, writes normally.
    expect(
      (await http.post(`/api/attendances/${id}/messages`, { cookie: bruno, body: { message: 'Oi!' } }))
        .status,
    ).toBe(200);
  });

  it('under automatic distribution, a card given to another operator answers the same; strangers still get 404', async () => {
    await setTriage(ctx, ids.companyId, 'MANAGER', true);
    const { id } = await openCard('Iara Distribuída');
    // Distribution gave it to Ana, who answered; then it went to Bruno (e.g. redistributed after SLA).
    await ctx.db
      .update(attendances)
      .set({
        operatorAssignedId: ids.user(OPERATOR),
        operatorAssignedName: 'Ana',
        sectorId: ids.sector('Suporte'),
      })
      .where(eq(attendances.id, id));
    expect(
      (await http.post(`/api/attendances/${id}/messages`, { cookie: ana, body: { message: 'Já vejo.' } }))
        .status,
    ).toBe(200);
    await ctx.db
      .update(attendances)
      .set({ operatorAssignedId: ids.user(OPERATOR2), operatorAssignedName: 'Bruno' })
      .where(eq(attendances.id, id));
    const late = await http.post(`/api/attendances/${id}/messages`, {
      cookie: ana,
      body: { message: 'Mais uma.' },
    });
    expect(late.status).toBe(403);
    expect(late.body.code).toBe('ATTENDANCE_TRANSFERRED');
    expect(late.body.message).toBe('Este atendimento foi transferido para outro operador.');

    // An operator who never had the card, and another company, learn nothing about it.
    const { id: other } = await openCard('Jonas Alheio');
    await ctx.db
      .update(attendances)
      .set({
        operatorAssignedId: ids.user(OPERATOR2),
        operatorAssignedName: 'Bruno',
        sectorId: ids.sector('Suporte'),
      })
      .where(eq(attendances.id, other));
    const stranger = await http.post(`/api/attendances/${other}/messages`, {
      cookie: ana,
      body: { message: 'x' },
    });
    expect(stranger.status).toBe(404);
    const otherAdmin = await http.login(OTHER_ADMIN);
    const foreign = await http.post(`/api/attendances/${id}/messages`, {
      cookie: otherAdmin,
      body: { message: 'x' },
    });
    expect(foreign.status).toBe(404);
  });
});

describe("the chat's timeline opens a past protocol's messages, read-only, by the history's rule", () => {
  it('the manager reads a past conversation; an operator without history is refused; another company gets 404', async () => {
    await setStatusMessage('Resolvido', null);
    const first = await openCard('Karina Linha', 'Primeiro contato');
    await finalize(gestor, ids.user(MANAGER), first.id, 'Resolvido');
    await first.visitor.send('Voltei com outra dúvida');
    const [current] = await ctx.db
      .select()
      .from(attendances)
      .where(and(eq(attendances.name, 'Karina Linha'), eq(attendances.companyId, ids.companyId)))
      .orderBy(attendances.id);
    expect(current?.id).toBe(first.id);

    const timeline = await http.get(`/api/attendances/${first.id}/timeline`, { cookie: gestor });
    const protocols = timeline.body as unknown as { id: number; protocol: string }[];
    expect(protocols).toHaveLength(2);

    const past = await http.get(`/api/history/${first.id}/messages?limit=50`, { cookie: gestor });
    expect(past.status).toBe(200);
    expect((past.body.items as { text: string }[]).map((m) => m.text)).toEqual(['Primeiro contato']);

    expect((await http.get(`/api/history/${first.id}/messages`, { cookie: ana })).status).toBe(403);
    const otherAdmin = await http.login(OTHER_ADMIN);
    expect((await http.get(`/api/history/${first.id}/messages`, { cookie: otherAdmin })).status).toBe(404);
    expect((await http.get('/api/history/abc/messages', { cookie: gestor })).status).toBe(400);
    const admin = await http.login(ADMIN);
    expect((await http.get(`/api/history/${first.id}/messages`, { cookie: admin })).status).toBe(200);
  });
});

describe('the chat list search (name, phone, protocol)', () => {
  it('filters the cards on the server and counts only what matches', async () => {
    const joana = await openCard('Joana Busca', 'Oi', { telefone: '(11) 91234-5678' });
    await openCard('Otávio Busca');
    const search = async (q: string) => {
      const r = await http.get(`/api/attendances?q=${encodeURIComponent(q)}`, { cookie: gestor });
      expect(r.status).toBe(200);
      return (r.body.items as { name: string }[]).map((c) => c.name).filter((n) => n.endsWith('Busca'));
    };
    expect(await search('joana')).toEqual(['Joana Busca']);
    expect(await search('otavio')).toEqual(['Otávio Busca']);
    expect(await search('91234-5678')).toEqual(['Joana Busca']);
    expect(await search(joana.protocol)).toEqual(['Joana Busca']);
    expect(await search('busca')).toHaveLength(2);
    const all = await http.get(`/api/attendances?q=${encodeURIComponent('Joana Busca')}`, { cookie: gestor });
    expect(all.body.total).toBe(1);
    const long = await http.get(`/api/attendances?q=${'x'.repeat(300)}`, { cookie: gestor });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Busca deve conter no máximo 255 caracteres');
  });
});

describe('the operator setting that mutes new-attendance and message alerts', () => {
  it('is stored per user and keeps the other preferences; a bad value is refused', async () => {
    await http.put('/api/users/me/settings', { cookie: ana, body: { card_view: 'grid' } });
    const saved = await http.put('/api/users/me/settings', {
      cookie: ana,
      body: { mute_notifications: true },
    });
    expect(saved.status).toBe(200);
    const mine = await http.get('/api/users/me/settings', { cookie: ana });
    expect(mine.body).toMatchObject({ mute_notifications: true, card_view: 'grid' });
    expect(
      (await http.get('/api/users/me/settings', { cookie: bruno })).body.mute_notifications,
    ).toBeUndefined();
    const bad = await http.put('/api/users/me/settings', {
      cookie: ana,
      body: { mute_notifications: 'sim' },
    });
    expect(bad.status).toBe(400);
    expect((await http.get('/api/users/me/settings', { cookie: ana })).body.mute_notifications).toBe(true);
  });
});

describe('the automatic finalization sends its status message too', () => {
  it('finalized by the timer with a status that has a message, the visitor receives it', async () => {
    await setStatusMessage('Sem retorno do cliente', 'Encerramos por falta de retorno. Volte quando quiser!');
    const [company] = await ctx.db.select().from(companies).where(eq(companies.id, ids.companyId));
    await ctx.db
      .update(companies)
      .set({
        metadata: {
          ...(company?.metadata ?? {}),
          attendances: {
            time_waiting_client_to_finalize: 30 * 60,
            status_waiting_client_to_finalize: ids.status('Sem retorno do cliente'),
          },
        },
      })
      .where(eq(companies.id, ids.companyId));
    const { visitor, id } = await openCard('Lara Silenciosa');
    await http.post(`/api/attendances/${id}/messages`, { cookie: ana, body: { message: 'Posso ajudar?' } });
    await runAttendanceTimers(ctx.deps, {
      companyId: ids.companyId,
      now: new Date(Date.now() + 31 * 60_000),
    });
    expect(await storedTexts(id)).toEqual([
      '0:Olá',
      '1:Posso ajudar?',
      '1:Encerramos por falta de retorno. Volte quando quiser!',
    ]);
    const seen = await visitor.state();
    expect(seen.state).toBe('closed');
    expect(seen.messages.at(-1)?.text).toBe('Encerramos por falta de retorno. Volte quando quiser!');
  });
});
