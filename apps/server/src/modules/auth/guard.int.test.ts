import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
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
import { companies } from '../../db/schema/companies';
import { sectors, statuses, statusSectors } from '../../db/schema/organization';
import { users } from '../../db/schema/users';
import { registerGuard } from './guard';

let ctx: TestContext;
let http: ReturnType<typeof api>;
let demoId: number;
let demoSectorId: number;
let demoAdminId: number;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  const [demo] = await ctx.db.select().from(companies).where(eq(companies.name, 'Empresa Demo'));
  demoId = demo?.id ?? 0;
  const [sector] = await ctx.db.select().from(sectors).where(eq(sectors.companyId, demoId));
  demoSectorId = sector?.id ?? 0;
  const [admin] = await ctx.db.select().from(users).where(eq(users.email, ADMIN));
  demoAdminId = admin?.id ?? 0;
});
afterAll(() => ctx.close());

describe('roles on every route', () => {
  it('an unauthenticated call gets 401', async () => {
    for (const url of ['/api/auth/me', '/api/sectors', '/api/users', '/api/company/security']) {
      const r = await http.get(url);
      expect(r.status, url).toBe(401);
      expect(r.body.code).toBe('UNAUTHENTICATED');
    }
  });

  it('an operator gets 403 on manager and admin routes', async () => {
    const op = await http.login(OPERATOR);
    const users = await http.get('/api/users', { cookie: op });
    expect(users.status).toBe(403);
    expect(users.body).toEqual({ code: 'FORBIDDEN', message: 'Você não tem permissão para esta ação.' });
    expect((await http.get('/api/company/security', { cookie: op })).status).toBe(403);
    expect(
      (await http.put('/api/company/ip-filter', { cookie: op, body: { use_filter_ip: false, ips: [] } }))
        .status,
    ).toBe(403);
    expect((await http.get('/api/sectors', { cookie: op })).status).toBe(200);
  });

  it('a manager reaches manager routes but not admin ones, and sees users up to their own role', async () => {
    const mg = await http.login(MANAGER);
    const list = await http.get('/api/users', { cookie: mg });
    expect(list.status).toBe(200);
    const roles = (list.body as unknown as { role: number }[]).map((u) => u.role);
    expect(Math.max(...roles)).toBe(1);
    expect((await http.get(`/api/users/${demoAdminId}`, { cookie: mg })).status).toBe(404);
    expect(
      (
        await http.put('/api/company/security', {
          cookie: mg,
          body: { mfa_enabled: true, password_max_age_days: 0 },
        })
      ).status,
    ).toBe(403);
  });

  it('refuses to start when a route declares no access rule', async () => {
    const bare = Fastify();
    registerGuard(bare, ctx.deps);
    expect(() => bare.get('/api/esquecida', async () => ({}))).toThrow(/sem declaração de acesso/);
    await bare.close();
  });
});

describe('tenancy', () => {
  it("a user of company B gets 404 on company A's objects and 200 on their own", async () => {
    const other = await http.login(OTHER_ADMIN);
    expect((await http.get(`/api/sectors/${demoSectorId}`, { cookie: other })).status).toBe(404);
    expect((await http.get(`/api/companies/${demoId}`, { cookie: other })).status).toBe(404);
    expect((await http.get(`/api/users/${demoAdminId}`, { cookie: other })).status).toBe(404);

    const ownSectors = await http.get('/api/sectors', { cookie: other });
    expect((ownSectors.body as unknown as { name: string }[]).map((s) => s.name)).toEqual(['Atendimento']);
    const ownUsers = await http.get('/api/users', { cookie: other });
    expect((ownUsers.body as unknown as { email: string }[]).map((u) => u.email)).toEqual([OTHER_ADMIN]);

    const demo = await http.login(ADMIN);
    const sector = await http.get(`/api/sectors/${demoSectorId}`, { cookie: demo });
    expect(sector.status).toBe(200);
    expect((await http.get(`/api/companies/${demoId}`, { cookie: demo })).body.name).toBe('Empresa Demo');
  });

  it('statuses are listed per company with classification before finalization', async () => {
    const demo = await http.login(OPERATOR);
    const r = await http.get('/api/statuses', { cookie: demo });
    const list = r.body as unknown as { name: string; should_close: number }[];
    expect(list.map((s) => s.should_close)).toEqual([0, 0, 1, 1, 1]);
    expect(list.some((s) => s.name === 'Concluído')).toBe(false);
    // A status linked to one sector is offered only there.
    const [onlyFin] = await ctx.db
      .insert(statuses)
      .values({ companyId: demoId, name: 'Boleto emitido', shouldClose: 1 })
      .returning();
    const fin = (await ctx.db.select().from(sectors).where(eq(sectors.companyId, demoId))).find(
      (s) => s.name === 'Financeiro',
    );
    await ctx.db
      .insert(statusSectors)
      .values({ companyId: demoId, statusId: onlyFin?.id ?? 0, sectorId: fin?.id ?? 0 });
    const names = async (q: string) =>
      ((await http.get(`/api/statuses${q}`, { cookie: demo })).body as unknown as { name: string }[]).map(
        (s) => s.name,
      );
    expect(await names(`?sector_id=${fin?.id}`)).toContain('Boleto emitido');
    expect(await names(`?sector_id=${demoSectorId}`)).not.toContain('Boleto emitido');
  });

  it('a malformed id gets 400 with a Portuguese message, not a database error', async () => {
    const demo = await http.login(ADMIN);
    const r = await http.get('/api/sectors/abc', { cookie: demo });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('VALIDATION');
  });
});
