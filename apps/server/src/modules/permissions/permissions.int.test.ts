import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { profiles } from '../../db/schema/admin';
import { companies } from '../../db/schema/companies';
import { users } from '../../db/schema/users';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let demoId: number;
let managerId: number;
let operatorId: number;

const NO_WRITE = 'Você não tem permissão de alteração';

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  const [demo] = await ctx.db.select().from(companies).where(eq(companies.name, 'Empresa Demo'));
  demoId = demo?.id ?? 0;
  const byEmail = async (email: string) =>
    (await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? 0;
  managerId = await byEmail(MANAGER);
  operatorId = await byEmail(OPERATOR);
});
afterAll(() => ctx.close());

const setFor = (cookie: string, type: 'user' | 'profile', id: number, perms: Record<string, string[]>) =>
  http.post(`/api/companies/${demoId}/permissions`, {
    cookie,
    body: { type, id, permissions: { remove: [], read: [], write: [], ...perms } },
  });

describe('module permissions', () => {
  it('lists the modules with their actions and dependencies to managers only', async () => {
    const manager = await http.login(MANAGER);
    const r = await http.get('/api/permissions/modules', { cookie: manager });
    expect(r.status).toBe(200);
    const modules = r.body.modules as { id: string; actions: { id: string; required_actions: string[] }[] }[];
    const perfis = modules.flatMap((m) => m.actions).find((a) => a.id === 'perfis');
    expect(perfis?.required_actions).toEqual(['usuarios']);
    const operator = await http.login(OPERATOR);
    expect((await http.get('/api/permissions/modules', { cookie: operator })).status).toBe(403);
  });

  it('refuses an action whose required actions are not granted, and stores write as read + write', async () => {
    const admin = await http.login(ADMIN);
    const refused = await setFor(admin, 'user', managerId, { write: ['perfis'] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Para liberar "Perfis" é preciso liberar antes: Usuários.');
    const unrestricted = await http.get(`/api/companies/${demoId}/permissions/user/${managerId}`, {
      cookie: admin,
    });
    expect(unrestricted.body).toEqual({ restricted: false, permissions: {} });

    const ok = await setFor(admin, 'user', managerId, {
      write: ['usuarios', 'web_chat'],
      read: ['setores_de_atendimento'],
    });
    expect(ok.status).toBe(200);
    const stored = await http.get(`/api/companies/${demoId}/permissions/user/${managerId}`, {
      cookie: admin,
    });
    const perms = stored.body.permissions as Record<string, { read: boolean; write: boolean }>;
    expect(stored.body.restricted).toBe(true);
    expect(perms.usuarios).toEqual({ read: true, write: true });
    expect(perms.setores_de_atendimento).toEqual({ read: true, write: false });
    expect(perms.historico).toEqual({ read: false, write: false });
  });

  it('applies the grants on the server routes they guard, and in the session the menu is built from', async () => {
    const admin = await http.login(ADMIN);
    await setFor(admin, 'user', managerId, { read: ['web_chat', 'setores_de_atendimento'] });
    const manager = await http.login(MANAGER);

    // historico not granted: the history is refused even though the role allows it.
    expect(
      (await http.get('/api/history?fromDate=2026-11-01&toDate=2026-11-20', { cookie: manager })).status,
    ).toBe(403);
    expect((await http.get('/api/distribution/monitor', { cookie: manager })).status).toBe(403);
    // web_chat read: the list opens, a write is refused with the spec text.
    expect((await http.get('/api/webchats', { cookie: manager })).status).toBe(200);
    const create = await http.post('/api/webchats', {
      cookie: manager,
      body: { name: 'Loja', sector_id: 1 },
    });
    expect(create.status).toBe(403);
    expect(create.body.message).toBe(NO_WRITE);
    // configuracoes_gerais not granted: settings cannot be saved.
    const save = await http.put('/api/attendance-rules', { cookie: manager, body: {} });
    expect(save.status).toBe(403);

    const me = await http.get('/api/auth/me', { cookie: manager });
    const sessionPerms = (me.body.user ?? me.body) as {
      permissions: Record<string, { read: boolean }> | null;
    };
    expect(sessionPerms.permissions?.web_chat?.read).toBe(true);
    expect(sessionPerms.permissions?.historico?.read).toBe(false);

    // Admins are never restricted by module permissions.
    expect(
      (await http.get('/api/history?fromDate=2026-11-01&toDate=2026-11-20', { cookie: admin })).status,
    ).toBe(200);

    // Removing the restrictions gives the role's access back.
    const cleared = await http.delete(`/api/companies/${demoId}/permissions/user/${managerId}`, {
      cookie: admin,
    });
    expect(cleared.status).toBe(200);
    expect(
      (await http.get('/api/history?fromDate=2026-11-01&toDate=2026-11-20', { cookie: manager })).status,
    ).toBe(200);
  });

  it("uses the profile's grants when the user has none of their own", async () => {
    const admin = await http.login(ADMIN);
    const [profile] = await ctx.db
      .insert(profiles)
      .values({ companyId: demoId, name: 'Atendimento restrito' })
      .returning();
    if (!profile) throw new Error('profile');
    await ctx.db
      .update(users)
      .set({ profileId: profile.id })
      .where(and(eq(users.companyId, demoId), eq(users.id, managerId)));
    expect((await setFor(admin, 'profile', profile.id, { read: ['monitoramento'] })).status).toBe(200);

    const manager = await http.login(MANAGER);
    expect((await http.get('/api/distribution/monitor', { cookie: manager })).status).toBe(200);
    expect(
      (await http.get('/api/history?fromDate=2026-11-01&toDate=2026-11-20', { cookie: manager })).status,
    ).toBe(403);

    // The user's own grants win over the profile's.
    await setFor(admin, 'user', managerId, { read: ['historico'] });
    expect(
      (await http.get('/api/history?fromDate=2026-11-01&toDate=2026-11-20', { cookie: manager })).status,
    ).toBe(200);
    expect((await http.get('/api/distribution/monitor', { cookie: manager })).status).toBe(403);

    await http.delete(`/api/companies/${demoId}/permissions/user/${managerId}`, { cookie: admin });
    await ctx.db.update(users).set({ profileId: null }).where(eq(users.id, managerId));
  });

  it('lets only those with write on the users module set permissions, never their own or above their role', async () => {
    const admin = await http.login(ADMIN);
    const manager = await http.login(MANAGER);
    // Unrestricted manager may restrict an operator.
    expect((await setFor(manager, 'user', operatorId, { read: ['historico'] })).status).toBe(200);
    // …but not themselves.
    const own = await setFor(manager, 'user', managerId, { read: ['historico'] });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(NO_WRITE);
    // …nor an admin (a role above theirs is not even visible).
    const [adminRow] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN));
    expect((await setFor(manager, 'user', adminRow?.id ?? 0, { read: ['historico'] })).status).toBe(404);

    // A manager with read-only on the users module cannot change permissions.
    await setFor(admin, 'user', managerId, { read: ['usuarios', 'setores_de_atendimento'] });
    const readOnly = await http.login(MANAGER);
    const refused = await setFor(readOnly, 'user', operatorId, { read: [] });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(NO_WRITE);
    await http.delete(`/api/companies/${demoId}/permissions/user/${managerId}`, { cookie: admin });
  });

  it("hides another company's users and profiles (404) and refuses unknown actions", async () => {
    const other = await http.login(OTHER_ADMIN);
    expect((await setFor(other, 'user', operatorId, { read: ['historico'] })).status).toBe(404);
    expect(
      (await http.get(`/api/companies/${demoId}/permissions/user/${operatorId}`, { cookie: other })).status,
    ).toBe(404);
    const [otherCompany] = await ctx.db.select().from(companies).where(eq(companies.name, 'Outra Empresa'));
    // The other company's path with a Demo user id: not found there either.
    const cross = await http.post(`/api/companies/${otherCompany?.id}/permissions`, {
      cookie: other,
      body: { type: 'user', id: operatorId, permissions: { remove: [], read: ['historico'], write: [] } },
    });
    expect(cross.status).toBe(404);

    const admin = await http.login(ADMIN);
    const unknown = await setFor(admin, 'user', operatorId, { read: ['nao_existe'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Ação de módulo desconhecida: nao_existe');
  });
});
