import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, setAllow } from '../../../test/helpers/attendance-fixtures';
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
import { users } from '../../db/schema/users';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let base: string;

const NO_WRITE = 'Você não tem permissão de alteração';

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  base = `/api/companies/${ids.companyId}`;
});
afterAll(() => ctx.close());

type UserBody = {
  id: number;
  name: string;
  display_name: string;
  email: string;
  role: number;
  sectors: string[];
  sector_ids: number[];
  transfer_sector_ids: number[];
  must_change_password: boolean;
  inactive_since: string | null;
  operator_status: string;
  profile_id: number | null;
};

// A counter, not a random suffix: two users of one test never get the same e-mail by chance.
let userSeq = 0;
const newUser = (over: Record<string, unknown> = {}) => ({
  name: 'Carla Dias',
  email: `carla.teste${++userSeq}@empresademo.com.br`,
  display_name: '',
  password: 'Senha1234',
  gender: 'female',
  role: 0,
  profile_id: null,
  sectors: [ids.sector('Suporte')],
  transfer_sectors: [],
  ...over,
});

const login = (email: string, password = PASSWORD) =>
  http.post('/api/auth/login', { body: { email, password } });

describe('users of a company', () => {
  it('lists a page of users searched by name or e-mail, without regard to case or accents', async () => {
    const admin = await http.login(ADMIN);
    const all = await http.get(`${base}/users?per_page=2`, { cookie: admin });
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(4);
    expect((all.body.items as unknown[]).length).toBe(2);
    const found = await http.get(`${base}/users?search=${encodeURIComponent('ANÁ')}`, { cookie: admin });
    const items = found.body.items as (UserBody & { role_label: string })[];
    expect(items.map((u) => u.email)).toEqual([OPERATOR]);
    expect(items[0]).toMatchObject({ role_label: 'Operador', sectors: ['Comercial', 'Suporte'] });
    const byMail = await http.get(`${base}/users?search=bruno.operador`, { cookie: admin });
    expect((byMail.body.items as UserBody[]).map((u) => u.email)).toEqual([OPERATOR2]);
  });

  it('creation: every required-field text, e-mail checks and the password policy', async () => {
    const admin = await http.login(ADMIN);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'Nome é obrigatório'],
      [{ email: '' }, 'E-mail é obrigatório'],
      [{ email: 'carla@' }, 'E-mail inválido.'],
      [{ password: '' }, 'Senha é obrigatório'],
      [{ password: 'abcdefgh' }, 'A senha deve ter no mínimo 8 caracteres, com letras e números.'],
      [{ gender: null }, 'Gênero é obrigatório'],
      [{ role: null }, 'Função é obrigatório'],
    ];
    for (const [over, message] of cases) {
      const r = await http.post(`${base}/users`, { cookie: admin, body: newUser(over) });
      expect(r.status, message).toBe(400);
      expect(r.body.message).toBe(message);
    }
    const noNames = await http.post(`${base}/users`, {
      cookie: admin,
      body: newUser({ name: '', display_name: '' }),
    });
    const issues = (noNames.body.issues as { message: string }[]).map((i) => i.message);
    expect(issues).toContain('Nome de exibição é obrigatório');

    const taken = await http.post(`${base}/users`, {
      cookie: admin,
      body: newUser({ email: MANAGER.toUpperCase() }),
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('E-mail já cadastrado.');
    const otherCompany = await http.post(`${base}/users`, {
      cookie: admin,
      body: newUser({ email: OTHER_ADMIN }),
    });
    expect(otherCompany.body.message).toBe('E-mail já cadastrado.');
    const count = await ctx.db.select().from(users).where(eq(users.companyId, ids.companyId));
    expect(count).toHaveLength(4);
  });

  it('creates a user whose display name defaults to the name and who must change the password', async () => {
    const admin = await http.login(ADMIN);
    const body = newUser({ email: 'Carla.Nova@EmpresaDemo.com.br', display_name: '  ' });
    const r = await http.post(`${base}/users`, { cookie: admin, body });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Usuário cadastrado com sucesso!');
    const user = r.body.user as UserBody;
    expect(user).toMatchObject({
      name: 'Carla Dias',
      display_name: 'Carla Dias',
      email: 'carla.nova@empresademo.com.br',
      sector_ids: [ids.sector('Suporte')],
      must_change_password: true,
      operator_status: 'offline',
    });
    const first = await login('carla.nova@empresademo.com.br', 'Senha1234');
    expect(first.body.step).toBe('change_password');
    const detail = await http.get(`${base}/users/${user.id}`, { cookie: admin });
    expect(detail.body.sectors).toEqual(['Suporte']);
  });

  it('refuses sectors or profiles of another company', async () => {
    const admin = await http.login(ADMIN);
    const r = await http.post(`${base}/users`, { cookie: admin, body: newUser({ sectors: [999999] }) });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Setor inválido.');
    const p = await http.post(`${base}/users`, { cookie: admin, body: newUser({ profile_id: 999999 }) });
    expect(p.body.message).toBe('Perfil inválido.');
  });

  it('a manager sees and gives roles only up to their own', async () => {
    const manager = await http.login(MANAGER);
    const options = await http.get(`${base}/users/form-options`, { cookie: manager });
    expect(options.body.roles).toEqual([
      { value: 0, label: 'Operador' },
      { value: 1, label: 'Gestor' },
    ]);
    expect((options.body.sectors as { name: string }[]).map((s) => s.name)).toEqual([
      'Comercial',
      'Suporte',
      'Financeiro',
    ]);
    const admin = await http.post(`${base}/users`, { cookie: manager, body: newUser({ role: 2 }) });
    expect(admin.status).toBe(403);
    expect(admin.body.message).toBe('Você não pode atribuir uma função acima da sua.');
    const list = await http.get(`${base}/users?per_page=100`, { cookie: manager });
    expect((list.body.items as UserBody[]).map((u) => u.email)).not.toContain(ADMIN);
    const adminId = ids.user(ADMIN);
    expect((await http.get(`${base}/users/${adminId}`, { cookie: manager })).status).toBe(404);
    const edit = await http.patch(`${base}/users/${adminId}`, {
      cookie: manager,
      body: newUser({ role: 2, password: '' }),
    });
    expect(edit.status).toBe(404);
    // Promoting an operator above the caller is refused too.
    const op = ids.user(OPERATOR2);
    const current = (await http.get(`${base}/users/${op}`, { cookie: manager })).body as UserBody;
    const promote = await http.patch(`${base}/users/${op}`, {
      cookie: manager,
      body: { ...current, gender: 'male', password: '', role: 2, sectors: current.sector_ids },
    });
    expect(promote.status).toBe(403);
  });

  it('a manager with read-only permission on users can list but not save', async () => {
    const admin = await http.login(ADMIN);
    const managerId = ids.user(MANAGER);
    const set = await http.post(`${base}/permissions`, {
      cookie: admin,
      body: {
        type: 'user',
        id: managerId,
        permissions: { read: ['setores_de_atendimento', 'usuarios'], write: [], remove: [] },
      },
    });
    expect(set.status).toBe(200);
    const manager = await http.login(MANAGER);
    const list = await http.get(`${base}/users`, { cookie: manager });
    expect(list.status).toBe(200);
    const create = await http.post(`${base}/users`, { cookie: manager, body: newUser() });
    expect(create.status).toBe(403);
    expect(create.body.message).toBe(NO_WRITE);
    const op = ids.user(OPERATOR);
    const before = (await http.get(`${base}/users/${op}`, { cookie: manager })).body as UserBody;
    const update = await http.patch(`${base}/users/${op}`, {
      cookie: manager,
      body: { ...before, name: 'Outro Nome', gender: 'female', password: '', sectors: before.sector_ids },
    });
    expect(update.status).toBe(403);
    expect(update.body.message).toBe(NO_WRITE);
    const sig = await http.post(`${base}/users/${op}/signatures`, {
      cookie: manager,
      body: { label: 'Att.', sector_id: ids.sector('Suporte') },
    });
    expect(sig.body.message).toBe(NO_WRITE);
    const after = (await http.get(`${base}/users/${op}`, { cookie: manager })).body as UserBody;
    expect(after.name).toBe(before.name);

    // With write permission the same save goes through.
    await http.post(`${base}/permissions`, {
      cookie: admin,
      body: {
        type: 'user',
        id: managerId,
        permissions: { read: ['setores_de_atendimento'], write: ['usuarios'], remove: [] },
      },
    });
    const allowed = await http.patch(`${base}/users/${op}`, {
      cookie: manager,
      body: { ...before, gender: 'female', password: '', sectors: before.sector_ids },
    });
    expect(allowed.status).toBe(200);
    await http.delete(`${base}/permissions/user/${managerId}`, { cookie: admin });
  });

  it('an admin of another company gets 404 for these users', async () => {
    const other = await http.login(OTHER_ADMIN);
    expect((await http.get(`${base}/users`, { cookie: other })).status).toBe(404);
    expect((await http.get(`${base}/users/${ids.user(OPERATOR)}`, { cookie: other })).status).toBe(404);
    const create = await http.post(`${base}/users`, { cookie: other, body: newUser() });
    expect(create.status).toBe(404);
    expect((await http.get(`${base}/signatures`, { cookie: other })).status).toBe(404);
  });

  it('updates a user: new password forces a change and ends their sessions; empty password keeps it', async () => {
    const admin = await http.login(ADMIN);
    const created = (
      await http.post(`${base}/users`, { cookie: admin, body: newUser({ email: 'edu@empresademo.com.br' }) })
    ).body.user as UserBody;
    // The user changes the first password, so they have a normal session.
    const first = await login('edu@empresademo.com.br', 'Senha1234');
    const changed = await http.post('/api/users/change-password', {
      body: {
        changeToken: first.body.changeToken,
        newPassword: 'Propria123',
        confirmPassword: 'Propria123',
      },
    });
    expect(changed.status).toBe(200);
    const session = await http.login('edu@empresademo.com.br', 'Propria123');

    const keep = await http.patch(`${base}/users/${created.id}`, {
      cookie: admin,
      body: newUser({ email: 'edu@empresademo.com.br', name: 'Eduardo', password: '' }),
    });
    expect(keep.status).toBe(200);
    expect(keep.body.user).toMatchObject({
      name: 'Eduardo',
      display_name: 'Eduardo',
      must_change_password: false,
    });
    expect((await http.get('/api/auth/me', { cookie: session })).status).toBe(200);

    const taken = await http.patch(`${base}/users/${created.id}`, {
      cookie: admin,
      body: newUser({ email: OPERATOR, password: '' }),
    });
    expect(taken.body.message).toBe('E-mail já cadastrado.');

    const reset = await http.patch(`${base}/users/${created.id}`, {
      cookie: admin,
      body: newUser({ email: 'edu@empresademo.com.br', name: 'Eduardo', password: 'Nova12345', role: 1 }),
    });
    expect(reset.status).toBe(200);
    expect(reset.body.user).toMatchObject({ role: 1, must_change_password: true });
    expect((await http.get('/api/auth/me', { cookie: session })).status).toBe(401);
    expect((await login('edu@empresademo.com.br', 'Nova12345')).body.step).toBe('change_password');
  });

  it('finds a user by e-mail and edits sectors; transfer sectors only with restrictTransfer', async () => {
    const admin = await http.login(ADMIN);
    const found = await http.get(
      `${base}/users/by-email?email=${encodeURIComponent(' Ana.Operadora@empresademo.com.br')}`,
      {
        cookie: admin,
      },
    );
    expect(found.status).toBe(200);
    const ana = found.body as UserBody;
    expect(ana.id).toBe(ids.user(OPERATOR));
    const missing = await http.get(`${base}/users/by-email?email=ninguem@x.com`, { cookie: admin });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Nenhum usuário encontrado com este e-mail.');

    const off = await http.patch(`${base}/users/${ana.id}/sectors`, {
      cookie: admin,
      body: { sectors: [ids.sector('Financeiro')], transfer: [ids.sector('Suporte')] },
    });
    expect(off.status).toBe(200);
    expect(off.body.user).toMatchObject({ sector_ids: [ids.sector('Financeiro')], transfer_sector_ids: [] });
    await setAllow(ctx, ids.companyId, { restrictTransfer: true });
    const options = await http.get(`${base}/users/form-options`, { cookie: admin });
    expect(options.body.restrict_transfer).toBe(true);
    const on = await http.patch(`${base}/users/${ana.id}/sectors`, {
      cookie: admin,
      body: { sectors: [ids.sector('Comercial'), ids.sector('Suporte')], transfer: [ids.sector('Suporte')] },
    });
    expect(on.body.user).toMatchObject({ transfer_sector_ids: [ids.sector('Suporte')] });
    await setAllow(ctx, ids.companyId, { restrictTransfer: false });
  });

  it('inactivation needs a date, ends the sessions and keeps the user off-line until reactivated', async () => {
    const admin = await http.login(ADMIN);
    const bruno = ids.user(OPERATOR2);
    const brunoSession = await http.login(OPERATOR2);
    const online = await http.post(`${base}/users/${bruno}/status`, {
      cookie: admin,
      body: { status: 'online' },
    });
    expect(online.body.status).toBe('online');
    for (const body of [
      {},
      { inactive_since: '' },
      { inactive_since: '2026-01-10' },
      { inactive_since: '31/02/2026' },
    ]) {
      const r = await http.post(`${base}/users/${bruno}/inactivate`, { cookie: admin, body });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('Favor informar uma data de inativação.');
    }
    const ok = await http.post(`${base}/users/${bruno}/inactivate`, {
      cookie: admin,
      body: { inactive_since: '10/01/2026' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ operator_status: 'offline' });
    expect((ok.body.user as UserBody).inactive_since).toBe('2026-01-10T03:00:00.000Z');
    expect((await http.get('/api/auth/me', { cookie: brunoSession })).status).not.toBe(200);
    expect((await login(OPERATOR2)).body.message).toBe(
      'Usuário inativo. Entre em contato com o administrador.',
    );

    const refused = await http.post(`${base}/users/${bruno}/status`, {
      cookie: admin,
      body: { status: 'online' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Usuário inativo, não é possível alterar status para on-line.');

    const back = await http.post(`${base}/users/${bruno}/activate`, { cookie: admin });
    expect(back.body.user).toMatchObject({ inactive_since: null });
    expect((await login(OPERATOR2)).body.step).toBe('done');
    const again = await http.post(`${base}/users/${bruno}/status`, {
      cookie: admin,
      body: { status: 'online' },
    });
    expect(again.body.status).toBe('online');
    await http.post(`${base}/users/${bruno}/status`, { cookie: admin, body: { status: 'offline' } });
  });
});
