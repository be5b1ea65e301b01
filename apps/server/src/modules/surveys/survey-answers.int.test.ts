import type { AddressInfo } from 'node:net';
import { SURVEY_MSG } from '@prosa/shared/surveys';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientSocket, connectSocket, flushSocket } from '../../../test/helpers/socket-client';
import {
  ADMIN,
  api,
  createTestContext,
  OPERATOR,
  OPERATOR2,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { type Realtime, startRealtime } from '../../realtime/hub';

// Users' side of surveys against the real database and sockets: the `survey` event reaching the target
// company's users only, the pending list, the answering rules, once-only answers, external forms, deletion.

let ctx: TestContext;
let realtime: Realtime;
let baseUrl: string;
let http: ReturnType<typeof api>;
const cookies: Record<string, string> = {};
const c = (email: string) => cookies[email] as string;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  realtime = await startRealtime(ctx.app.server, ctx.deps);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  for (const e of [ADMIN, OPERATOR, OPERATOR2, OTHER_ADMIN]) cookies[e] = await http.login(e);
}, 120_000);
afterAll(async () => {
  await realtime?.close();
  await ctx?.close();
});

async function socketFor(email: string) {
  const t = await http.get('/api/users/get-socket-token', { cookie: c(email) });
  const socket = await connectSocket(baseUrl, { token: t.body.token, company_id: t.body.companyId });
  const seen: number[] = [];
  socket.on('survey', (p) => seen.push(p.survey_id));
  return { socket, seen };
}

const pending = async (email: string) =>
  (await http.get('/api/surveys/pending', { cookie: c(email) })).body as unknown as {
    id: number;
    type: string;
    questions: unknown[];
  }[];
const answer = (email: string, id: number, answers: Record<string, unknown>) =>
  http.post(`/api/surveys/${id}/answers`, { cookie: c(email), body: { answers } });

describe('answering surveys', () => {
  const sockets: ClientSocket[] = [];
  let ana: Awaited<ReturnType<typeof socketFor>>;
  let other: Awaited<ReturnType<typeof socketFor>>;
  let surveyId = 0;

  beforeAll(async () => {
    ana = await socketFor(OPERATOR);
    other = await socketFor(OTHER_ADMIN);
    sockets.push(ana.socket, other.socket);
  });
  afterAll(() => {
    for (const s of sockets) s.close();
  });

  it('a published survey reaches the target company users live, and not another company', async () => {
    const r = await http.post('/api/surveys', {
      cookie: c(ADMIN),
      body: {
        type: 'questions',
        title: 'Clima do time',
        info: '<p>Responda, por favor</p>',
        questions: [
          { text: 'Como está o sistema?', options: ['Bom', 'Ruim'], others: true },
          { text: 'Recomendaria?', options: ['Sim', 'Não'], others: false },
        ],
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(SURVEY_MSG.created);
    surveyId = Number(r.body.id);
    await waitFor(async () => ana.seen.includes(surveyId));
    await flushSocket(other.socket);
    expect(other.seen).toEqual([]);
    expect((await pending(OPERATOR)).map((s) => s.id)).toEqual([surveyId]);
    expect((await pending(OTHER_ADMIN)).map((s) => s.id)).toEqual([]);
    // Its author is not asked to answer it.
    expect((await pending(ADMIN)).map((s) => s.id)).toEqual([]);
  });

  it('every question must be answered with one of its options or Outros with a text', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, SURVEY_MSG.answerAll],
      [{ '0': { choice: 'Bom' } }, SURVEY_MSG.answerAll],
      [{ '0': { choice: 'Bom' }, '1': { choice: null } }, SURVEY_MSG.answerAll],
      [{ '0': { choice: 'Bom' }, '1': { choice: 'Sim' }, '7': { choice: 'Sim' } }, SURVEY_MSG.answerAll],
      [{ '0': { choice: 'Ótimo' }, '1': { choice: 'Sim' } }, SURVEY_MSG.invalidChoice],
      [{ '0': { choice: 'others', others: '  ' }, '1': { choice: 'Sim' } }, SURVEY_MSG.othersRequired],
      // The second question does not allow 'Outros'.
      [{ '0': { choice: 'Bom' }, '1': { choice: 'others', others: 'Talvez' } }, SURVEY_MSG.invalidChoice],
    ];
    for (const [answers, message] of cases) {
      const r = await answer(OPERATOR, surveyId, answers);
      expect(r.status, JSON.stringify(answers)).toBe(400);
      expect(r.body.message).toBe(message);
    }
    const stored = await ctx.db.execute(sql`select 1 from survey_answers where survey_id = ${surveyId}`);
    expect(stored.rows).toHaveLength(0);
    expect((await pending(OPERATOR)).map((s) => s.id)).toEqual([surveyId]);
  });

  it('answers once: a second send changes nothing and thanks the same; the admin sees the summary', async () => {
    const first = await answer(OPERATOR, surveyId, {
      '0': { choice: 'others', others: 'Rápido demais' },
      '1': { choice: 'Sim' },
    });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(SURVEY_MSG.answered);
    const again = await answer(OPERATOR, surveyId, { '0': { choice: 'Ruim' }, '1': { choice: 'Não' } });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(SURVEY_MSG.answered);
    expect(await pending(OPERATOR)).toEqual([]);

    const bruno = await answer(OPERATOR2, surveyId, { '0': { choice: 'Bom' }, '1': { choice: 'Sim' } });
    expect(bruno.status).toBe(200);
    const view = await http.get(`/api/surveys/${surveyId}`, { cookie: c(ADMIN) });
    expect(view.body.answers_count).toBe(2);
    expect(view.body.summary).toEqual([
      {
        text: 'Como está o sistema?',
        options: [
          { option: 'Bom', count: 1 },
          { option: 'Ruim', count: 0 },
        ],
        others_count: 1,
        others: ['Rápido demais'],
      },
      {
        text: 'Recomendaria?',
        options: [
          { option: 'Sim', count: 2 },
          { option: 'Não', count: 0 },
        ],
        others_count: 0,
        others: [],
      },
    ]);
    const list = await http.get('/api/surveys?search=Clima do time', { cookie: c(ADMIN) });
    expect((list.body.result as { answers_count: number }[])[0]?.answers_count).toBe(2);
  });

  it('an external form is answered by saying it was filled in, and stops showing', async () => {
    const r = await http.post('/api/surveys', {
      cookie: c(ADMIN),
      body: { type: 'external_form', title: 'Formulário', link: 'https://forms.example.com/abc' },
    });
    const id = Number(r.body.id);
    await waitFor(async () => ana.seen.includes(id));
    const shown = (await pending(OPERATOR)).find((s) => s.id === id);
    expect(shown).toMatchObject({ type: 'external_form', questions: [] });
    const done = await answer(OPERATOR, id, {});
    expect(done.body.message).toBe(SURVEY_MSG.answered);
    expect((await pending(OPERATOR)).map((s) => s.id)).not.toContain(id);
  });

  it('a deleted survey leaves the pending list live', async () => {
    const r = await http.post('/api/surveys', {
      cookie: c(ADMIN),
      body: { type: 'questions', title: 'Vai sumir', questions: [{ text: 'P', options: ['A', 'B'] }] },
    });
    const id = Number(r.body.id);
    await waitFor(async () => ana.seen.includes(id));
    expect((await pending(OPERATOR2)).map((s) => s.id)).toContain(id);
    const before = ana.seen.length;
    expect((await http.delete(`/api/surveys/${id}`, { cookie: c(ADMIN) })).status).toBe(200);
    await waitFor(async () => ana.seen.length > before);
    expect(ana.seen.at(-1)).toBe(id);
    expect((await pending(OPERATOR2)).map((s) => s.id)).not.toContain(id);
    expect((await answer(OPERATOR2, id, { '0': { choice: 'A' } })).status).toBe(404);
  });

  it('a lord publishing to no company in particular reaches every company, one event each', async () => {
    await ctx.db.execute(sql`update users set role = 1000 where email = ${ADMIN}`);
    try {
      const r = await http.post('/api/surveys', {
        cookie: c(ADMIN),
        body: { type: 'external_form', title: 'Para todos', link: 'https://forms.example.com/todos' },
      });
      expect(r.status).toBe(200);
      const id = Number(r.body.id);
      await waitFor(async () => ana.seen.includes(id) && other.seen.includes(id));
      expect((await pending(OTHER_ADMIN)).map((s) => s.id)).toEqual([id]);
      // Listed to the lord; not to an admin of one company only, who cannot delete it either.
      const lordList = await http.get('/api/surveys?search=Para todos', { cookie: c(ADMIN) });
      expect(lordList.body.total).toBe(1);
      expect((await http.delete(`/api/surveys/${id}`, { cookie: c(OTHER_ADMIN) })).status).toBe(404);
    } finally {
      await ctx.db.execute(sql`update users set role = 2 where email = ${ADMIN}`);
    }
  });
});
