import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/helpers/multipart';
import { largePng, sampleExe, samplePng } from '../../../test/helpers/sample-files';
import {
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OPERATOR2,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { users } from '../../db/schema/users';

let ctx: TestContext;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
});
afterAll(() => ctx.close());

async function upload(cookie: string, data: Buffer, filename: string) {
  const body = multipart([{ name: 'file', filename, contentType: 'image/png', data }]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/users/me/avatar',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
}

describe('profile picture', () => {
  it('accepts an image by content up to 2 MB, shows it to colleagues only, and can be removed', async () => {
    const ana = await http.login(OPERATOR);
    const exe = await upload(ana, sampleExe(), 'foto.png');
    expect(exe.status).toBe(400);
    expect(exe.body.message).toBe('O conteúdo do arquivo foto.png não corresponde à extensão .png.');
    const named = await upload(ana, sampleExe(), 'setup.exe');
    expect(named.status).toBe(400);
    expect(named.body.message).toBe('Envie uma imagem PNG, JPG, GIF ou BMP.');
    const big = await upload(ana, largePng(2 * 1024 * 1024 + 10), 'grande.png');
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Tamanho máximo 2MB excedido!');

    const ok = await upload(ana, samplePng(), 'eu.png');
    expect(ok.status).toBe(200);
    const url = ok.body.url as string;
    expect(url).toMatch(/^\/api\/users\/\d+\/avatar\/avatar-\d+\.png$/);
    const me = await http.get('/api/auth/me', { cookie: ana });
    const sessionUser = (me.body.user ?? me.body) as { avatarUrl: string | null };
    expect(sessionUser.avatarUrl).toBe(url);

    const bruno = await http.login(OPERATOR2);
    const seen = await ctx.app.inject({ method: 'GET', url, headers: { cookie: bruno } });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/png');
    const other = await http.login(OTHER_ADMIN);
    expect((await ctx.app.inject({ method: 'GET', url, headers: { cookie: other } })).statusCode).toBe(404);

    expect((await http.delete('/api/users/me/avatar', { cookie: ana })).status).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url, headers: { cookie: bruno } })).statusCode).toBe(404);
  });
});

describe('manager survey', () => {
  it('is shown once to managers, takes at most 3 choices and keeps the first answer', async () => {
    const operator = await http.login(OPERATOR);
    expect((await http.get('/api/users/me/manager-survey', { cookie: operator })).body.show).toBe(false);

    const manager = await http.login(MANAGER);
    await ctx.db.update(users).set({ settings: {} }).where(eq(users.email, MANAGER));
    const survey = await http.get('/api/users/me/manager-survey', { cookie: manager });
    expect(survey.body.show).toBe(true);
    const keys = (survey.body.options as { key: string }[]).map((o) => o.key);

    const four = await http.post('/api/users/me/manager-survey', {
      cookie: manager,
      body: { choices: keys.slice(0, 4) },
    });
    expect(four.status).toBe(400);
    expect(four.body.message).toBe('Você só pode selecionar 3 opções');

    const [first, second] = await Promise.all([
      http.post('/api/users/me/manager-survey', { cookie: manager, body: { choices: keys.slice(0, 2) } }),
      http.post('/api/users/me/manager-survey', { cookie: manager, body: { choices: keys.slice(3, 4) } }),
    ]);
    expect(first.body.message).toBe('Obrigado por responder nossa pesquisa!');
    expect(second.status).toBe(200);
    const [row] = await ctx.db
      .select({ settings: users.settings })
      .from(users)
      .where(eq(users.email, MANAGER));
    const saved = row?.settings.manager_survey as { choices: string[] };
    // Exactly one of the two concurrent answers was kept, whole.
    expect([JSON.stringify(keys.slice(0, 2)), JSON.stringify(keys.slice(3, 4))]).toContain(
      JSON.stringify(saved.choices),
    );
    expect((await http.get('/api/users/me/manager-survey', { cookie: manager })).body.show).toBe(false);
  });
});
