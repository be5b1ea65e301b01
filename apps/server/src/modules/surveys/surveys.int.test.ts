import { SURVEY_MSG } from '@prosa/shared/surveys';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../../test/helpers/attendance-fixtures';
import { multipart } from '../../../test/helpers/multipart';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';

// The surveys' admin side against the real database: validation with our texts, paging, tenancy between
// companies, the information's sanitizing and the image upload.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let demoId = 0;
let otherId = 0;
const cookies: Record<string, string> = {};
const c = (email: string) => cookies[email] as string;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  demoId = (await demoIds(ctx)).companyId;
  const other = await ctx.db.execute<{ id: number }>(
    sql`select id from companies where name = 'Outra Empresa'`,
  );
  otherId = Number(other.rows[0]?.id);
  for (const e of [ADMIN, MANAGER, OPERATOR, OTHER_ADMIN]) cookies[e] = await http.login(e);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const question = { text: 'Como está o sistema?', options: ['Bom', 'Ruim'], others: true };
const create = (email: string, body: Record<string, unknown>) =>
  http.post('/api/surveys', { cookie: c(email), body: { type: 'questions', title: 'Pesquisa', ...body } });
const surveyCount = async () =>
  Number((await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from surveys`)).rows[0]?.n);

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000dIHDR-fake-png-body-with-IEND'),
]);
const upload = (email: string, name: string, data: Buffer) => {
  const body = multipart([
    { name: 'fileName', value: name },
    { name: 'file', filename: name, contentType: 'image/png', data },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/survey-upload',
    headers: { ...body.headers, cookie: c(email) },
    payload: body.payload,
  });
};

describe('surveys (admin)', () => {
  it('refuses bad input with clear messages and creates nothing', async () => {
    const before = await surveyCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ questions: [] }, SURVEY_MSG.questionsRequired],
      [{ title: '   ', questions: [question] }, SURVEY_MSG.titleRequired],
      [{ questions: [{ text: 'P', options: ['Só uma'] }] }, SURVEY_MSG.optionsMin],
      [{ questions: [{ text: '', options: ['A', 'B'] }] }, SURVEY_MSG.questionRequired],
      [{ questions: [{ text: 'P', options: ['A', ' '] }] }, SURVEY_MSG.optionRequired],
      [{ questions: [{ text: 'P', options: ['A', 'a'] }] }, SURVEY_MSG.optionRepeated],
      [{ type: 'external_form', link: 'javascript:alert(1)' }, SURVEY_MSG.linkInvalid],
      [{ type: 'external_form' }, SURVEY_MSG.linkInvalid],
      [{ type: 'enquete', questions: [question] }, SURVEY_MSG.typeRequired],
      [{ questions: [question], image_url: 'https://evil.example/x.png' }, SURVEY_MSG.imageInvalid],
      [{ questions: [question], company_ids: [2_147_483_648] }, SURVEY_MSG.companyNotFound],
    ];
    for (const [body, message] of cases) {
      const r = await create(ADMIN, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toBe(message);
    }
    // Another company is not one the demo admin reaches.
    const foreign = await create(ADMIN, { questions: [question], company_ids: [otherId] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(SURVEY_MSG.companyNotFound);
    expect(await surveyCount()).toBe(before);
  });

  it('roles: managers and operators neither publish nor list; logged-out callers are refused', async () => {
    expect((await create(MANAGER, { questions: [question] })).status).toBe(403);
    expect((await http.get('/api/surveys', { cookie: c(OPERATOR) })).status).toBe(403);
    expect((await http.get('/api/surveys')).status).toBe(401);
    expect((await http.get('/api/surveys/pending')).status).toBe(401);
  });

  it('sanitizes the information: no script, handler or other scheme survives', async () => {
    const info =
      '<p onclick="x()">Olá <b>time</b></p><script>alert(1)</script><img src="x" onerror="alert(1)">' +
      '<img src="https://cdn.example.com/a.png" onerror="alert(2)"><a href="javascript:alert(3)">mau</a>' +
      '<a href="https://prosa.example/ajuda">ajuda</a><iframe src="https://x.example"></iframe>';
    const r = await create(ADMIN, { questions: [question], info });
    expect(r.status).toBe(200);
    const got = await http.get(`/api/surveys/${r.body.id}`, { cookie: c(ADMIN) });
    const saved = String(got.body.info);
    expect(saved).not.toMatch(/script|onerror|onclick|javascript:|iframe|src="x"/);
    expect(saved).toContain('<p>Olá <b>time</b></p>');
    expect(saved).toContain('<img src="https://cdn.example.com/a.png" />');
    expect(saved).toContain(
      '<a href="https://prosa.example/ajuda" target="_blank" rel="noopener noreferrer nofollow">ajuda</a>',
    );
  });

  it('tenancy: another company admin neither sees, opens nor deletes our survey; empty targets mean ours', async () => {
    const r = await create(ADMIN, { title: 'Só da Demo', questions: [question], company_ids: [] });
    expect(r.status).toBe(200);
    const id = Number(r.body.id);
    const stored = await ctx.db.execute<{ company_ids: number[] }>(
      sql`select company_ids from surveys where id = ${id}`,
    );
    expect(stored.rows[0]?.company_ids).toEqual([demoId]);

    const list = await http.get('/api/surveys?search=Só da Demo', { cookie: c(OTHER_ADMIN) });
    expect(list.body).toEqual({ total: 0, result: [] });
    expect((await http.get(`/api/surveys/${id}`, { cookie: c(OTHER_ADMIN) })).status).toBe(404);
    const del = await http.delete(`/api/surveys/${id}`, { cookie: c(OTHER_ADMIN) });
    expect(del.status).toBe(404);
    expect(del.body.message).toBe(SURVEY_MSG.notFound);
    const other = await http.get('/api/surveys/pending', { cookie: c(OTHER_ADMIN) });
    expect((other.body as unknown as { id: number }[]).map((s) => s.id)).not.toContain(id);
    const answer = await http.post(`/api/surveys/${id}/answers`, {
      cookie: c(OTHER_ADMIN),
      body: { answers: { '0': { choice: 'Bom' } } },
    });
    expect(answer.status).toBe(404);

    // Still there for its own admin, who deletes it with the spec text.
    expect((await http.get(`/api/surveys/${id}`, { cookie: c(ADMIN) })).status).toBe(200);
    const mine = await http.delete(`/api/surveys/${id}`, { cookie: c(ADMIN) });
    expect(mine.body.message).toBe(SURVEY_MSG.deleted);
    expect((await http.get(`/api/surveys/${id}`, { cookie: c(ADMIN) })).status).toBe(404);
    expect((await http.delete(`/api/surveys/${id}`, { cookie: c(ADMIN) })).status).toBe(404);
  });

  it('pages by 50, newest first, searched by title, with the answers counted', async () => {
    await ctx.db.execute(sql`
      insert into surveys (type, title, questions, company_ids, created_at)
      select 'questions', 'Página ' || lpad(n::text, 2, '0'), '[{"text":"P","options":["A","B"],"others":false}]',
        array[${demoId}::int], now() - (100 - n) * interval '1 minute'
      from generate_series(1, 55) n`);
    const first = await http.get('/api/surveys?search=Página', { cookie: c(ADMIN) });
    expect(first.status).toBe(200);
    const page1 = first.body as unknown as {
      total: number;
      result: { title: string; answers_count: number }[];
    };
    expect(page1.total).toBe(55);
    expect(page1.result).toHaveLength(50);
    expect(page1.result[0]?.title).toBe('Página 55');
    expect(page1.result[0]?.answers_count).toBe(0);
    const second = await http.get('/api/surveys?search=Página&page=2', { cookie: c(ADMIN) });
    const page2 = second.body as unknown as { total: number; result: { title: string }[] };
    expect(page2.total).toBe(55);
    expect(page2.result.map((s) => s.title)).toEqual([
      'Página 05',
      'Página 04',
      'Página 03',
      'Página 02',
      'Página 01',
    ]);
    const far = await http.get('/api/surveys?search=Página&page=9', { cookie: c(ADMIN) });
    expect(far.body).toEqual({ total: 55, result: [] });
    expect((await http.get('/api/surveys?page=0', { cookie: c(ADMIN) })).status).toBe(400);
  });

  it('uploads only jpg, jpeg and png of up to 2 MB, and serves them', async () => {
    const ok = await upload(ADMIN, 'banner.png', PNG);
    expect(ok.statusCode).toBe(200);
    const body = JSON.parse(ok.body) as { success: boolean; url: string };
    expect(body.success).toBe(true);
    expect(body.url).toMatch(/^\/api\/survey-images\/[a-f0-9-]{36}\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url: body.url, headers: { cookie: c(ADMIN) } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    const gif = Buffer.from('GIF89a-fake-gif');
    for (const [name, data] of [
      ['anim.gif', gif],
      ['banner.gif', PNG],
      ['texto.png', Buffer.from('não sou imagem')],
    ] as const) {
      const r = await upload(ADMIN, name, data);
      expect(r.statusCode, name).toBe(400);
      expect(JSON.parse(r.body).message).toBe(SURVEY_MSG.invalidImage);
    }
    const big = await upload(ADMIN, 'grande.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(JSON.parse(big.body).message).toBe(SURVEY_MSG.imageTooLarge);
    expect((await upload(OPERATOR, 'banner.png', PNG)).statusCode).toBe(403);

    // An operator sees an image only once a survey of their company shows it.
    const asOperator = () =>
      ctx.app.inject({ method: 'GET', url: body.url, headers: { cookie: c(OPERATOR) } });
    expect((await asOperator()).statusCode).toBe(404);
    const r = await create(ADMIN, { questions: [question], image_url: body.url, company_ids: [demoId] });
    expect(r.status).toBe(200);
    expect((await asOperator()).statusCode).toBe(200);
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: body.url,
      headers: { cookie: c(OTHER_ADMIN) },
    });
    // Admins see uploads (they preview before publishing); the address is random and unlisted.
    expect(foreign.statusCode).toBe(200);
  });
});
