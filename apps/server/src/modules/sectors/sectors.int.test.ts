import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, newVisitor } from '../../../test/helpers/attendance-fixtures';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { attendances } from '../../db/schema/attendance';
import { companies } from '../../db/schema/companies';
import { userSectors } from '../../db/schema/users';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let demo: Awaited<ReturnType<typeof demoIds>>;
let admin: string;
let base: string;

type Sector = { id: number; name: string; position: number; users_count: number; open_attendances: number };

/** PATCH and DELETE through the app (the shared helper speaks GET, POST and PUT). */
async function send(method: 'PATCH' | 'DELETE', url: string, cookie: string, body?: unknown) {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { cookie },
    ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as Record<string, unknown> };
}

async function list(cookie = admin) {
  const r = await http.get(base, { cookie });
  expect(r.status).toBe(200);
  return r.body as unknown as Sector[];
}

async function restrictManager(permissions: { read: string[]; write: string[] }) {
  const r = await http.post(`/api/companies/${demo.companyId}/permissions`, {
    cookie: admin,
    body: { type: 'user', id: demo.user(MANAGER), permissions: { remove: [], ...permissions } },
  });
  expect(r.status).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  demo = await demoIds(ctx);
  admin = await http.login(ADMIN);
  base = `/api/companies/${demo.companyId}/sectors`;
});
afterAll(() => ctx.close());

describe('setores', () => {
  it('lists the sectors in their order with users and open attendances', async () => {
    const sectors = await list();
    expect(sectors.map((s) => s.name)).toEqual(['Comercial', 'Suporte', 'Financeiro']);
    const users = Object.fromEntries(sectors.map((s) => [s.name, s.users_count]));
    expect(users).toEqual({ Comercial: 3, Suporte: 4, Financeiro: 3 });
    expect(sectors.every((s) => s.open_attendances === 0)).toBe(true);
  });

  it('creates with the spec texts, at the end of the order, and the chat sees it', async () => {
    for (const body of [{}, { name: '' }, { name: '   ' }]) {
      const r = await http.post(base, { cookie: admin, body });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('Nome é obrigatório');
    }
    const dup = await http.post(base, { cookie: admin, body: { name: ' comercial ' } });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe('Já existe um setor com este nome.');

    const created = await http.post(base, { cookie: admin, body: { name: 'Ouvidoria' } });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('Setor criado com sucesso!');
    const sectors = await list();
    expect(sectors.map((s) => s.name)).toEqual(['Comercial', 'Suporte', 'Financeiro', 'Ouvidoria']);
    const chat = await http.get('/api/sectors', { cookie: admin });
    expect((chat.body as unknown as { name: string }[]).map((s) => s.name)).toContain('Ouvidoria');
  });

  it('renames, refusing a name already used and the special ids 0 and -1', async () => {
    const ouvidoria = (await list()).find((s) => s.name === 'Ouvidoria');
    if (!ouvidoria) throw new Error('Ouvidoria não criada');
    const dup = await send('PATCH', `${base}/${ouvidoria.id}`, admin, { name: 'SUPORTE' });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe('Já existe um setor com este nome.');
    const empty = await send('PATCH', `${base}/${ouvidoria.id}`, admin, { name: '' });
    expect(empty.body.message).toBe('Nome é obrigatório');

    // Same name, other case: it is the sector itself, not a duplicate.
    const ok = await send('PATCH', `${base}/${ouvidoria.id}`, admin, { name: 'Ouvidoria Geral' });
    expect(ok.status).toBe(200);
    expect((await list()).map((s) => s.name)).toContain('Ouvidoria Geral');

    for (const special of [0, -1]) {
      expect((await send('PATCH', `${base}/${special}`, admin, { name: 'Padrão' })).status).toBe(404);
      expect((await send('DELETE', `${base}/${special}`, admin)).status).toBe(404);
    }
  });

  it('refuses to delete a sector with open attendances, then deletes it once they are gone', async () => {
    const visitor = await newVisitor(ctx, 'Cliente do setor');
    expect((await visitor.send('Olá')).status).toBe(200);
    const [open] = await ctx.db
      .select()
      .from(attendances)
      .where(and(eq(attendances.companyId, demo.companyId), isNull(attendances.closedAt)));
    if (!open) throw new Error('atendimento não aberto');
    const busy = (await list()).find((s) => s.id === open.sectorId);
    expect(busy?.open_attendances).toBe(1);

    const refused = await send('DELETE', `${base}/${open.sectorId}`, admin);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/ainda há atendimentos abertos/);
    expect((await list()).some((s) => s.id === open.sectorId)).toBe(true);

    // Finalized, the attendance no longer holds it; the web chat that sends conversations there still does.
    await ctx.db
      .update(attendances)
      .set({ closedAt: new Date() })
      .where(and(eq(attendances.companyId, demo.companyId), eq(attendances.id, open.id)));
    const stillUsed = await send('DELETE', `${base}/${open.sectorId}`, admin);
    expect(stillUsed.status).toBe(400);
    expect(stillUsed.body.message).toMatch(/setor padrão do canal Web chat "/);
    expect((await list()).some((s) => s.id === open.sectorId)).toBe(true);
  });

  it('deletes (soft): the sector leaves both lists and its members', async () => {
    const target = (await list()).find((s) => s.name === 'Ouvidoria Geral');
    if (!target) throw new Error('setor não encontrado');
    await ctx.db
      .insert(userSectors)
      .values({ companyId: demo.companyId, userId: demo.user(OPERATOR), sectorId: target.id });

    const r = await send('DELETE', `${base}/${target.id}`, admin);
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Setor excluído com sucesso!');
    expect((await list()).map((s) => s.id)).not.toContain(target.id);
    const chat = await http.get('/api/sectors', { cookie: admin });
    expect((chat.body as unknown as { id: number }[]).map((s) => s.id)).not.toContain(target.id);
    expect((await http.get(`/api/sectors/${target.id}`, { cookie: admin })).status).toBe(404);
    const members = await ctx.db
      .select()
      .from(userSectors)
      .where(and(eq(userSectors.companyId, demo.companyId), eq(userSectors.sectorId, target.id)));
    expect(members).toHaveLength(0);
    // Deleted: a second delete or an edit no longer finds it, and its name is free again.
    expect((await send('DELETE', `${base}/${target.id}`, admin)).status).toBe(404);
    const again = await http.post(base, { cookie: admin, body: { name: 'Ouvidoria Geral' } });
    expect(again.status).toBe(200);
    await send('DELETE', `${base}/${(again.body.sector as { id: number }).id}`, admin);
  });

  it("refuses to delete the company's last sector", async () => {
    const other = await http.login(OTHER_ADMIN);
    const [company] = await ctx.db.select().from(companies).where(eq(companies.name, 'Outra Empresa'));
    const url = `/api/companies/${company?.id}/sectors`;
    const [only] = (await http.get(url, { cookie: other })).body as unknown as Sector[];
    if (!only) throw new Error('Outra Empresa sem setor');
    const r = await send('DELETE', `${url}/${only.id}`, other);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Não é possível excluir o último setor da empresa.');
  });

  it('reorders with every sector once; the chat follows the new order', async () => {
    const ids = (await list()).map((s) => s.id);
    const reversed = [...ids].reverse();
    const r = await http.put(`${base}/order`, { cookie: admin, body: { ids: reversed } });
    expect(r.status).toBe(200);
    expect((r.body.sectors as Sector[]).map((s) => s.id)).toEqual(reversed);
    expect((await list()).map((s) => s.name)).toEqual(['Financeiro', 'Suporte', 'Comercial']);
    const chat = await http.get('/api/sectors', { cookie: admin });
    expect((chat.body as unknown as { id: number }[]).map((s) => s.id)).toEqual(reversed);

    for (const bad of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), 0]]) {
      const refused = await http.put(`${base}/order`, { cookie: admin, body: { ids: bad } });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('A nova ordem deve conter cada setor da empresa uma única vez.');
    }
    await http.put(`${base}/order`, { cookie: admin, body: { ids } });
  });

  it('needs general settings to reorder and sectors write to change them (module permissions)', async () => {
    await restrictManager({ read: [], write: ['setores_de_atendimento'] });
    const manager = await http.login(MANAGER);
    const ids = (await list(manager)).map((s) => s.id);
    const order = await http.put(`${base}/order`, { cookie: manager, body: { ids: [...ids].reverse() } });
    expect(order.status).toBe(403);
    expect(order.body.message).toBe('Você precisa de acesso a configurações gerais para alterar a ordem.');
    expect((await list()).map((s) => s.id)).toEqual(ids);

    // Read is enough for the order, as long as the general settings are reachable.
    await restrictManager({ read: ['configuracoes_gerais'], write: ['setores_de_atendimento'] });
    const allowed = await http.put(`${base}/order`, { cookie: manager, body: { ids } });
    expect(allowed.status).toBe(200);

    await restrictManager({ read: ['setores_de_atendimento', 'configuracoes_gerais'], write: [] });
    const create = await http.post(base, { cookie: manager, body: { name: 'Sem permissão' } });
    expect(create.status).toBe(403);
    expect(create.body.message).toBe('Você não tem permissão de alteração');
    const rename = await send('PATCH', `${base}/${ids[0]}`, manager, { name: 'Outro nome' });
    expect(rename.status).toBe(403);
    expect(rename.body.message).toBe('Você não tem permissão de alteração');

    await restrictManager({ read: ['configuracoes_gerais'], write: [] });
    expect((await http.get(base, { cookie: manager })).status).toBe(403);
    // Back to no restrictions.
    await send('DELETE', `/api/companies/${demo.companyId}/permissions/user/${demo.user(MANAGER)}`, admin);
    expect((await http.get(base, { cookie: manager })).status).toBe(200);
  });

  it('answers 404 to another company and 403 to operators', async () => {
    const other = await http.login(OTHER_ADMIN);
    const [first] = await list();
    if (!first) throw new Error('sem setores');
    expect((await http.get(base, { cookie: other })).status).toBe(404);
    expect((await send('PATCH', `${base}/${first.id}`, other, { name: 'Invasão' })).status).toBe(404);
    expect((await send('DELETE', `${base}/${first.id}`, other)).status).toBe(404);
    // Through their own company's path the demo sector id simply does not exist.
    const [company] = await ctx.db.select().from(companies).where(eq(companies.name, 'Outra Empresa'));
    const own = await send('PATCH', `/api/companies/${company?.id}/sectors/${first.id}`, other, {
      name: 'X',
    });
    expect(own.status).toBe(404);
    expect((await list()).find((s) => s.id === first.id)?.name).toBe(first.name);

    const operator = await http.login(OPERATOR);
    expect((await http.get(base, { cookie: operator })).status).toBe(403);
    expect((await http.post(base, { cookie: operator, body: { name: 'Operador' } })).status).toBe(403);
  });
});

describe('setores: atendimentos abertos', () => {
  it("counts each sector's open (not finalized) attendances, whatever their ids", async () => {
    const [comercial, suporte, financeiro] = await list();
    if (!comercial || !suporte || !financeiro) throw new Error('setores da demo');
    const before = Object.fromEntries((await list()).map((s) => [s.id, s.open_attendances]));
    const opened: number[] = [];
    for (const name of ['Aberto A', 'Aberto B', 'Aberto C', 'Finalizado D']) {
      const visitor = await newVisitor(ctx, name);
      expect((await visitor.send('Olá')).status).toBe(200);
      const [row] = await ctx.db
        .select()
        .from(attendances)
        .where(and(eq(attendances.companyId, demo.companyId), eq(attendances.name, name)));
      if (!row) throw new Error(`atendimento ${name}`);
      opened.push(row.id);
    }
    // Two in Suporte, one in Financeiro and one finalized in Financeiro, which no longer counts.
    const move = (id: number | undefined, sectorId: number, closed = false) =>
      ctx.db
        .update(attendances)
        .set({ sectorId, ...(closed ? { closedAt: new Date() } : {}) })
        .where(and(eq(attendances.companyId, demo.companyId), eq(attendances.id, id ?? 0)));
    await move(opened[0], suporte.id);
    await move(opened[1], suporte.id);
    await move(opened[2], financeiro.id);
    await move(opened[3], financeiro.id, true);

    const after = Object.fromEntries((await list()).map((s) => [s.id, s.open_attendances]));
    expect(after[suporte.id]).toBe((before[suporte.id] ?? 0) + 2);
    expect(after[financeiro.id]).toBe((before[financeiro.id] ?? 0) + 1);
    expect(after[comercial.id]).toBe(before[comercial.id]);
    // And the count is the database's own count of open attendances per sector.
    const open = await ctx.db
      .select({ sectorId: attendances.sectorId })
      .from(attendances)
      .where(and(eq(attendances.companyId, demo.companyId), isNull(attendances.closedAt)));
    for (const s of [comercial, suporte, financeiro]) {
      expect(after[s.id]).toBe(open.filter((o) => o.sectorId === s.id).length);
    }
    expect(after[suporte.id]).toBeGreaterThanOrEqual(2);
  });
});
