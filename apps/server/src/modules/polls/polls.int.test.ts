import { HSM_MSG } from '@prosa/shared/hsm';
import { POLL_MSG } from '@prosa/shared/polls';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, newVisitor } from '../../../test/helpers/attendance-fixtures';
import {
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { attendances } from '../../db/schema/attendance';
import { pollRequests } from '../../db/schema/automation';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let manager: string;
let demo: Awaited<ReturnType<typeof demoIds>>;

const opts = (...values: string[]) =>
  Object.fromEntries(values.map((value, i) => [String(i + 1), { value }] as const));
const poll = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  question: 'Como você avalia o atendimento?',
  possible_answers: opts('Ótimo', 'Bom', 'Ruim'),
  ...extra,
});

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  manager = await http.login(MANAGER);
  demo = await demoIds(ctx);
});
afterAll(() => ctx.close());

async function create(body: Record<string, unknown>) {
  const r = await http.post('/api/polls', { cookie: manager, body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.poll as { id: number }).id;
}

/** A real attendance of the demo company to hang answers on (web chat visitor). */
async function attendanceOf(name: string) {
  const v = await newVisitor(ctx, name);
  await v.send('oi');
  const [a] = await ctx.db.select().from(attendances).where(eq(attendances.name, name));
  if (!a) throw new Error('sem atendimento');
  return a;
}

async function answered(pollId: number, name: string, key: string, value: string, askedAt = new Date()) {
  const a = await attendanceOf(name);
  await ctx.db.insert(pollRequests).values({
    companyId: a.companyId,
    pollId,
    attendanceId: a.id,
    contactId: a.contactId,
    channelId: a.channelId,
    sectorId: a.sectorId,
    operatorName: 'Gestor',
    state: 'answered',
    answerKey: key,
    answerValue: value,
    askedAt,
    answeredAt: askedAt,
  });
}

describe('polls API', () => {
  it('creates, lists, edits and deletes (soft) a poll', async () => {
    const r = await http.post('/api/polls', { cookie: manager, body: poll('Satisfação geral') });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(POLL_MSG.created);
    const created = r.body.poll as { id: number; possible_answers: Record<string, unknown> };
    expect(created.possible_answers['2']).toEqual({ key: 'B', value: 'Bom' });

    const list = (await http.get('/api/polls', { cookie: manager })).body as unknown as {
      id: number;
      name: string;
      answers_count: number;
    }[];
    expect(list.find((p) => p.id === created.id)).toMatchObject({
      name: 'Satisfação geral',
      answers_count: 0,
    });

    const edited = await http.put(`/api/polls/${created.id}`, {
      cookie: manager,
      body: poll('Satisfação geral', { answer_order: 'numbers', possible_answers: opts('Sim', 'Não') }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe(POLL_MSG.updated);
    expect((edited.body.poll as { possible_answers: unknown }).possible_answers).toEqual({
      '1': { key: '1', value: 'Sim' },
      '2': { key: '2', value: 'Não' },
    });

    const removed = await http.delete(`/api/polls/${created.id}`, { cookie: manager });
    expect(removed.body.message).toBe(POLL_MSG.deleted);
    const after = (await http.get('/api/polls', { cookie: manager })).body as unknown as { id: number }[];
    expect(after.some((p) => p.id === created.id)).toBe(false);
    const trashed = (await http.get('/api/polls/with-trashed', { cookie: manager })).body as unknown as {
      id: number;
      deleted_at: string | null;
    }[];
    expect(trashed.find((p) => p.id === created.id)?.deleted_at).not.toBeNull();
    expect((await http.put(`/api/polls/${created.id}`, { cookie: manager, body: poll('X') })).status).toBe(
      404,
    );
  });

  it('refuses bad input with the Portuguese text and stores nothing', async () => {
    const before = ((await http.get('/api/polls', { cookie: manager })).body as unknown as unknown[]).length;
    const cases: [Record<string, unknown>, string][] = [
      [poll('x'.repeat(51)), POLL_MSG.nameTooLong],
      [poll('Uma opção', { possible_answers: opts('Só') }), POLL_MSG.optionsCount],
      [
        poll('Dezesseis', { possible_answers: opts(...Array.from({ length: 16 }, (_, i) => `O${i}`)) }),
        POLL_MSG.optionsCount,
      ],
      [poll('Opção longa', { possible_answers: opts('a', 'b'.repeat(101)) }), POLL_MSG.optionTooLong],
      [poll('Expira', { use_expiration_time: true, time_expire: 0 }), POLL_MSG.timeExpire],
      [
        poll('Expira sem msg', { use_expiration_time: true, time_expire: 10, use_default_message: false }),
        POLL_MSG.expirationRequired,
      ],
      [poll('HSM inexistente', { hsm_id: 999999 }), POLL_MSG.hsmInvalid],
    ];
    for (const [body, message] of cases) {
      const r = await http.post('/api/polls', { cookie: manager, body });
      expect(r.status, message).toBe(400);
      expect(r.body.message).toBe(message);
    }
    const after = ((await http.get('/api/polls', { cookie: manager })).body as unknown as unknown[]).length;
    expect(after).toBe(before);
  });

  it('is for managers and above, and one company never reaches another one’s polls', async () => {
    const id = await create(poll('Da demo'));
    const operator = await http.login(OPERATOR);
    expect((await http.get('/api/polls', { cookie: operator })).status).toBe(403);
    expect((await http.post('/api/polls', { cookie: operator, body: poll('Op') })).status).toBe(403);
    expect((await http.get('/api/polls')).status).toBe(401);

    const other = await http.login(OTHER_ADMIN);
    const list = (await http.get('/api/polls', { cookie: other })).body as unknown as { id: number }[];
    expect(list.some((p) => p.id === id)).toBe(false);
    expect((await http.put(`/api/polls/${id}`, { cookie: other, body: poll('Invasão') })).status).toBe(404);
    expect((await http.delete(`/api/polls/${id}`, { cookie: other })).status).toBe(404);
    expect((await http.get(`/api/polls/${id}/check-answers`, { cookie: other })).status).toBe(404);
    // Nor attaches it to a status of its own.
    const otherStatuses = (await http.get('/api/statuses', { cookie: other })).body as unknown as {
      id: number;
    }[];
    expect(otherStatuses.length).toBeGreaterThan(0);
  });

  it('locks the options of a poll with answers: none added or removed, values and type kept', async () => {
    const id = await create(poll('Travada'));
    expect((await http.get(`/api/polls/${id}/check-answers`, { cookie: manager })).body).toEqual({
      has_answers: false,
      answers: 0,
    });
    await answered(id, 'Cliente Travada', 'A', 'Ótimo');
    expect((await http.get(`/api/polls/${id}/check-answers`, { cookie: manager })).body).toEqual({
      has_answers: true,
      answers: 1,
    });
    const changes = [
      { possible_answers: opts('Ótimo', 'Bom', 'Ruim', 'Péssimo') },
      { possible_answers: opts('Ótimo', 'Bom') },
      { possible_answers: opts('Excelente', 'Bom', 'Ruim') },
      { answer_order: 'numbers' },
    ];
    for (const change of changes) {
      const r = await http.put(`/api/polls/${id}`, { cookie: manager, body: poll('Travada', change) });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(POLL_MSG.lockedOptions);
    }
    // The rest may change.
    const ok = await http.put(`/api/polls/${id}`, {
      cookie: manager,
      body: poll('Travada (nova)', { question: 'Nova pergunta?', texts: { correct_answer: 'Valeu!' } }),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.poll).toMatchObject({ name: 'Travada (nova)', answers_count: 1 });
  });

  it('uses an HSM marked for polls, and the HSM is then locked (use in poll, deletion)', async () => {
    const notForPolls = await http.post('/api/hsm', {
      cookie: manager,
      body: { name: 'Sem pesquisa', element_name: 'sem_pesquisa', template: 'Olá' },
    });
    const refused = await http.post('/api/polls', {
      cookie: manager,
      body: poll('HSM errado', { hsm_id: notForPolls.body.id }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(POLL_MSG.hsmInvalid);

    const hsmBody = {
      name: 'Pesquisa HSM',
      element_name: 'pesquisa_hsm',
      template: 'Como foi seu atendimento? Responda A, B ou C.',
      use_in_poll: true,
    };
    const hsm = await http.post('/api/hsm', { cookie: manager, body: hsmBody });
    expect(hsm.status).toBe(200);
    const hsmId = hsm.body.id as number;
    const listed = (await http.get('/api/polls/hsm', { cookie: manager })).body as unknown as {
      id: number;
    }[];
    expect(listed.map((h) => h.id)).toContain(hsmId);
    expect(listed.map((h) => h.id)).not.toContain(notForPolls.body.id);

    const pollId = await create(poll('Com HSM', { hsm_id: hsmId }));
    const off = await http.patch(`/api/hsm/${hsmId}`, {
      cookie: manager,
      body: { ...hsmBody, use_in_poll: false },
    });
    expect(off.status).toBe(400);
    expect(off.body.message).toBe(HSM_MSG.linkedToPoll);
    const del = await http.delete(`/api/hsm/${hsmId}`, { cookie: manager });
    expect(del.status).toBe(400);
    expect(del.body.message).toBe(HSM_MSG.linkedToPoll);

    // Once the poll is gone the template is free again.
    await http.delete(`/api/polls/${pollId}`, { cookie: manager });
    expect(
      (await http.patch(`/api/hsm/${hsmId}`, { cookie: manager, body: { ...hsmBody, use_in_poll: false } }))
        .status,
    ).toBe(200);
  });

  it('attaches a poll to finalization statuses only, and a deleted poll leaves the status', async () => {
    const id = await create(poll('Do status'));
    const base = `/api/companies/${demo.companyId}/statuses`;
    const body = { name: 'Resolvido com pesquisa', should_close: 1, sectors: [demo.sector('Comercial')] };
    const classification = await http.post(base, {
      cookie: manager,
      body: { ...body, name: 'Classif. com pesquisa', should_close: 0, poll_id: id },
    });
    expect(classification.status).toBe(400);
    expect(classification.body.message).toBe(POLL_MSG.statusPollNotFinalization);
    const unknown = await http.post(base, { cookie: manager, body: { ...body, poll_id: 999999 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(POLL_MSG.statusPollInvalid);
    const ok = await http.post(base, { cookie: manager, body: { ...body, poll_id: id } });
    expect(ok.status).toBe(200);
    const statusId = (ok.body.status as { id: number; poll_id: number }).id;
    expect((ok.body.status as { poll_id: number }).poll_id).toBe(id);

    await http.delete(`/api/polls/${id}`, { cookie: manager });
    const list = (await http.get(base, { cookie: manager })).body as unknown as {
      id: number;
      poll_id: null;
    }[];
    expect(list.find((s) => s.id === statusId)?.poll_id).toBeNull();

    // Another company's poll is unknown here.
    const other = await http.login(OTHER_ADMIN);
    const foreign = await http.post('/api/polls', { cookie: other, body: poll('Da outra') });
    const foreignId = (foreign.body.poll as { id: number }).id;
    const refused = await http.post(base, {
      cookie: manager,
      body: { ...body, name: 'X', poll_id: foreignId },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(POLL_MSG.statusPollInvalid);
  });
});

describe('poll reports', () => {
  it('counts the answers per option with percentages in the period, and exports the rows as CSV', async () => {
    const id = await create(poll('Relatório'));
    await answered(id, 'Rel Um', 'A', 'Ótimo');
    await answered(id, 'Rel Dois', 'A', 'Ótimo');
    await answered(id, 'Rel Três', 'C', 'Ruim');
    await answered(id, 'Rel Antigo', 'B', 'Bom', new Date('2020-01-15T15:00:00Z'));
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });

    const r = await http.get(`/api/polls/report?fromDate=${today}&toDate=${today}`, { cookie: manager });
    expect(r.status).toBe(200);
    const report = (r.body as unknown as { poll_id: number; answered: number; options: unknown[] }[]).find(
      (p) => p.poll_id === id,
    );
    expect(report).toMatchObject({ answered: 3, sent: 3 });
    expect(report?.options).toEqual([
      { key: 'A', value: 'Ótimo', count: 2, percent: 66.7 },
      { key: 'B', value: 'Bom', count: 0, percent: 0 },
      { key: 'C', value: 'Ruim', count: 1, percent: 33.3 },
    ]);
    const old = await http.get('/api/polls/report?fromDate=2020-01-15&toDate=2020-01-15', {
      cookie: manager,
    });
    expect(
      (old.body as unknown as { poll_id: number; options: { count: number }[] }[]).find(
        (p) => p.poll_id === id,
      )?.options[1]?.count,
    ).toBe(1);

    const bad = await http.get(`/api/polls/report?fromDate=${today}&toDate=2020-01-01`, { cookie: manager });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(POLL_MSG.invalidRange);

    const rows = await http.get(
      `/api/reports/polls_analytics?fromDate=${today}&toDate=${today}&poll_id=${id}`,
      {
        cookie: manager,
      },
    );
    expect(rows.status).toBe(200);
    expect(rows.body.total).toBe(3);
    const first = (rows.body.rows as Record<string, unknown>[]).find((x) => x.contact === 'Rel Um');
    expect(first).toMatchObject({
      poll: 'Relatório',
      state: 'Respondida',
      answer: 'A) Ótimo',
      operator: 'Gestor',
    });
    expect(first?.protocol).toMatch(/^\d{14}$/);

    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/reports/polls_analytics?fromDate=${today}&toDate=${today}&poll_id=${id}&exportAs=csv`,
      headers: { cookie: manager },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('.csv');
    expect(
      csv.body.startsWith(
        '\uFEFFData;Protocolo;Contato;Canal;Operador;Setor;Status;Pesquisa;Situação;Resposta',
      ),
    ).toBe(true);
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines.some((l) => l.includes(';Rel Três;') && l.endsWith(';Respondida;C) Ruim'))).toBe(true);

    // Another company's report does not see these.
    const other = await http.login(OTHER_ADMIN);
    const theirs = await http.get(`/api/reports/polls_analytics?fromDate=${today}&toDate=${today}`, {
      cookie: other,
    });
    expect(theirs.body.total).toBe(0);
    const operator = await http.login(OPERATOR);
    expect(
      (await http.get(`/api/polls/report?fromDate=${today}&toDate=${today}`, { cookie: operator })).status,
    ).toBe(403);
    expect(
      (
        await ctx.db
          .select()
          .from(pollRequests)
          .where(and(eq(pollRequests.pollId, id), eq(pollRequests.state, 'answered')))
      ).length,
    ).toBe(4);
  });
});
