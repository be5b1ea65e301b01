import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OPERATOR2,
  OTHER_ADMIN,
  PASSWORD,
  type TestContext,
} from '../../../test/helpers/test-app';
import { userSectors, users } from '../../db/schema/users';

let ctx: TestContext;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
});
afterAll(() => ctx.close());

const URL = '/api/users/me/profile';

async function rowOf(email: string) {
  const [row] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`sem usuário ${email}`);
  return row;
}

async function sectorsOf(companyId: number, userId: number) {
  const rows = await ctx.db
    .select({ id: userSectors.sectorId })
    .from(userSectors)
    .where(and(eq(userSectors.companyId, companyId), eq(userSectors.userId, userId)));
  return rows.map((r) => r.id).sort();
}

describe('own profile (Minha conta)', () => {
  it('needs a session', async () => {
    expect((await http.get(URL)).status).toBe(401);
    expect((await http.put(URL, { body: { name: 'X' } })).status).toBe(401);
  });

  it('shows and changes name, display name and gender; the session shows the new names at once', async () => {
    const cookie = await http.login(OPERATOR2);
    const before = await http.get(URL, { cookie });
    expect(before.status).toBe(200);
    expect(before.body.email).toBe(OPERATOR2);

    const saved = await http.put(URL, {
      cookie,
      body: { name: ' Bruno Souza ', display_name: 'Bruninho', email: OPERATOR2, gender: 'male' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Os dados foram atualizados com sucesso!');
    expect(saved.body.profile).toEqual({
      name: 'Bruno Souza',
      display_name: 'Bruninho',
      email: OPERATOR2,
      gender: 'male',
    });
    const me = await http.get('/api/auth/me', { cookie });
    expect(me.body).toMatchObject({ name: 'Bruno Souza', displayName: 'Bruninho' });

    // Gender alone, and an empty display name falls back to the name (as in the admin's form).
    const again = await http.put(URL, {
      cookie,
      body: { name: 'Bruno Souza', display_name: '  ', email: OPERATOR2, gender: 'female' },
    });
    expect(again.body.profile).toMatchObject({ display_name: 'Bruno Souza', gender: 'female' });
    expect((await http.get(URL, { cookie })).body).toMatchObject({ gender: 'female' });
    expect((await rowOf(OPERATOR2)).displayName).toBe('Bruno Souza');
  });

  it("answers the admin form's texts for each field and changes nothing", async () => {
    const cookie = await http.login(OPERATOR);
    const before = await rowOf(OPERATOR);
    const valid = { name: 'Ana', display_name: 'Ana', email: OPERATOR, gender: 'female' };
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'Nome é obrigatório'],
      [{ name: '   ' }, 'Nome é obrigatório'],
      [{ email: '' }, 'E-mail é obrigatório'],
      [{ email: 'ana@' }, 'E-mail inválido.'],
      [{ gender: null }, 'Gênero é obrigatório'],
      [{ gender: 'outro' }, 'Gênero é obrigatório'],
    ];
    for (const [over, message] of cases) {
      const r = await http.put(URL, { cookie, body: { ...valid, ...over } });
      expect(r.status, message).toBe(400);
      expect(r.body.message).toBe(message);
    }
    const noNames = await http.put(URL, { cookie, body: { ...valid, name: '', display_name: '' } });
    const issues = (noNames.body.issues as { message: string }[]).map((i) => i.message);
    expect(issues).toEqual(expect.arrayContaining(['Nome é obrigatório', 'Nome de exibição é obrigatório']));

    // Wrong types, oversized text and a body that is not an object: 400, never 500.
    for (const body of [
      { ...valid, name: 42 },
      { ...valid, name: 'a'.repeat(121) },
      { ...valid, email: `${'a'.repeat(250)}@x.com` },
      { ...valid, gender: ['male'] },
      { ...valid, current_password: 'x'.repeat(129) },
    ]) {
      expect((await http.put(URL, { cookie, body })).status).toBe(400);
    }
    const notObject = await ctx.app.inject({
      method: 'PUT',
      url: URL,
      headers: { cookie, 'content-type': 'application/json' },
      payload: '["Ana"]',
    });
    expect(notObject.statusCode).toBe(400);
    expect(await rowOf(OPERATOR)).toEqual(before);
  });

  it('changes nothing but the own data: role, company, sectors and other users stay', async () => {
    const cookie = await http.login(OPERATOR);
    const me = await rowOf(OPERATOR);
    const manager = await rowOf(MANAGER);
    const sectorsBefore = await sectorsOf(me.companyId, me.id);
    const r = await http.put(URL, {
      cookie,
      body: {
        name: 'Ana Paula',
        display_name: 'Ana',
        email: OPERATOR,
        gender: 'female',
        role: 1000,
        company_id: manager.companyId + 1,
        companyId: manager.companyId + 1,
        id: manager.id,
        user_id: manager.id,
        profile_id: 1,
        sectors: [],
        inactive_since: '01/01/2020',
      },
    });
    expect(r.status).toBe(200);
    const after = await rowOf(OPERATOR);
    expect(after).toMatchObject({
      id: me.id,
      name: 'Ana Paula',
      role: me.role,
      companyId: me.companyId,
      profileId: me.profileId,
      inactiveSince: me.inactiveSince,
      passwordHash: me.passwordHash,
    });
    expect(await sectorsOf(me.companyId, me.id)).toEqual(sectorsBefore);
    expect(await rowOf(MANAGER)).toEqual(manager);
    const other = await rowOf(OTHER_ADMIN);
    expect(other.name).not.toBe('Ana Paula');
  });

  it('a new e-mail needs the current password and must be free on the whole platform', async () => {
    const cookie = await http.login(OPERATOR);
    const base = { name: 'Ana', display_name: 'Ana', gender: 'female' };
    const newEmail = 'ana.nova@empresademo.com.br';

    const noPassword = await http.put(URL, { cookie, body: { ...base, email: newEmail } });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.message).toBe('Informe sua senha atual para alterar o e-mail.');
    const wrong = await http.put(URL, {
      cookie,
      body: { ...base, email: newEmail, current_password: 'Errada@2026' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Senha atual incorreta.');
    for (const taken of [MANAGER.toUpperCase(), OTHER_ADMIN]) {
      const r = await http.put(URL, { cookie, body: { ...base, email: taken, current_password: PASSWORD } });
      expect(r.status, taken).toBe(409);
      expect(r.body.message).toBe('E-mail já cadastrado.');
    }
    expect((await rowOf(OPERATOR)).email).toBe(OPERATOR);

    // The same e-mail in other letter case is no change: no password asked.
    const same = await http.put(URL, { cookie, body: { ...base, email: OPERATOR.toUpperCase() } });
    expect(same.status).toBe(200);

    const ok = await http.put(URL, {
      cookie,
      body: { ...base, email: ` ${newEmail.toUpperCase()} `, current_password: PASSWORD },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.profile).toMatchObject({ email: newEmail });
    // The session goes on; the next login uses the new e-mail.
    expect((await http.get('/api/auth/me', { cookie })).body).toMatchObject({ email: newEmail });
    expect(
      (await http.post('/api/auth/login', { body: { email: OPERATOR, password: PASSWORD } })).status,
    ).toBe(401);
    await http.login(newEmail);
  });
});
