import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../../test/helpers/attendance-fixtures';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { modulePermissions } from '../../db/schema/admin';
import { users } from '../../db/schema/users';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let url: string;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  ids = await demoIds(ctx);
  url = `/api/companies/${ids.companyId}/profiles`;
});
afterAll(() => ctx.close());

type Profile = { id: number; name: string; users: number };

describe('profiles', () => {
  it('creates, searches and renames profiles with the spec texts; names are unique in the company', async () => {
    const manager = await http.login(MANAGER);
    const empty = await http.post(url, { cookie: manager, body: { name: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Nome é obrigatório');

    const sup = await http.post(url, { cookie: manager, body: { name: 'Supervisão' } });
    expect(sup.status).toBe(200);
    expect(sup.body.message).toBe('Perfil salvo com sucesso!');
    const atend = await http.post(url, { cookie: manager, body: { name: 'Atendimento' } });
    const dup = await http.post(url, { cookie: manager, body: { name: 'SUPERVISÃO' } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Já existe um perfil com este nome.');

    const all = await http.get(url, { cookie: manager });
    expect((all.body as unknown as Profile[]).map((p) => p.name)).toEqual(['Atendimento', 'Supervisão']);
    const search = await http.get(`${url}?search=supervisao`, { cookie: manager });
    expect((search.body as unknown as Profile[]).map((p) => p.name)).toEqual(['Supervisão']);

    const atendId = (atend.body.profile as Profile).id;
    const clash = await http.patch(`${url}/${atendId}`, { cookie: manager, body: { name: 'supervisão' } });
    expect(clash.body.message).toBe('Já existe um perfil com este nome.');
    const renamed = await http.patch(`${url}/${atendId}`, {
      cookie: manager,
      body: { name: 'Atendimento N1' },
    });
    expect(renamed.body.profile).toMatchObject({ name: 'Atendimento N1', users: 0 });
  });

  it('deleting a profile clears it from its users and removes its permissions', async () => {
    const admin = await http.login(ADMIN);
    const created = await http.post(url, { cookie: admin, body: { name: 'Temporário' } });
    const id = (created.body.profile as Profile).id;
    const ana = ids.user(OPERATOR);
    await ctx.db.update(users).set({ profileId: id }).where(eq(users.id, ana));
    const perms = await http.post(`/api/companies/${ids.companyId}/permissions`, {
      cookie: admin,
      body: { type: 'profile', id, permissions: { read: ['historico'], write: [], remove: [] } },
    });
    expect(perms.status).toBe(200);
    const listed = (await http.get(url, { cookie: admin })).body as unknown as Profile[];
    expect(listed.find((p) => p.id === id)?.users).toBe(1);

    const removed = await http.delete(`${url}/${id}`, { cookie: admin });
    expect(removed.body.message).toBe('Perfil removido com sucesso!');
    const [user] = await ctx.db.select().from(users).where(eq(users.id, ana));
    expect(user?.profileId).toBeNull();
    const left = await ctx.db
      .select()
      .from(modulePermissions)
      .where(and(eq(modulePermissions.targetType, 'profile'), eq(modulePermissions.targetId, id)));
    expect(left).toEqual([]);
    expect((await http.delete(`${url}/${id}`, { cookie: admin })).status).toBe(404);
  });

  it('needs write permission on profiles to change them; operators and other companies are refused', async () => {
    const admin = await http.login(ADMIN);
    const managerId = ids.user(MANAGER);
    await http.post(`/api/companies/${ids.companyId}/permissions`, {
      cookie: admin,
      body: {
        type: 'user',
        id: managerId,
        permissions: { read: ['setores_de_atendimento', 'usuarios', 'perfis'], write: [], remove: [] },
      },
    });
    const manager = await http.login(MANAGER);
    expect((await http.get(url, { cookie: manager })).status).toBe(200);
    const refused = await http.post(url, { cookie: manager, body: { name: 'Sem permissão' } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Você não tem permissão de alteração');
    await http.delete(`/api/companies/${ids.companyId}/permissions/user/${managerId}`, { cookie: admin });

    const operator = await http.login(OPERATOR);
    expect((await http.get(url, { cookie: operator })).status).toBe(403);
    const other = await http.login(OTHER_ADMIN);
    expect((await http.get(url, { cookie: other })).status).toBe(404);
    expect((await http.post(url, { cookie: other, body: { name: 'Invasão' } })).status).toBe(404);
  });
});
