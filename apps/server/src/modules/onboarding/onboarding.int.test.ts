import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVisitor } from '../../../test/helpers/attendance-fixtures';
import {
  ADMIN,
  api,
  createTestContext,
  OPERATOR,
  OTHER_ADMIN,
  PASSWORD,
  type TestContext,
} from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { users } from '../../db/schema/users';
import { hashPassword } from '../../platform/crypto';

// The first-run guide against the real database: each step follows the company's own data (a sector, a user
// besides the admin, a channel not deleted, a web chat conversation), "Dispensar" is per user, another company's
// data never counts, operators are refused; the trial follows the contract and trial_until, its welcome once per user.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let companyId = 0;
let admin = '';
let manager = '';
const NEW_ADMIN = 'nina@lojanova.com.br';
const NEW_MANAGER = 'marcos@lojanova.com.br';

type TOnboarding = {
  steps: { key: string; done: boolean }[];
  all_done: boolean;
  dismissed: boolean;
  show: boolean;
  trial: { until: string; days_left: number; seen: boolean } | null;
};
const onboarding = async (cookie: string) => {
  const r = await http.get('/api/onboarding', { cookie });
  expect(r.status).toBe(200);
  return r.body as unknown as TOnboarding;
};
const doneSteps = async (cookie: string) =>
  (await onboarding(cookie)).steps.filter((s) => s.done).map((s) => s.key);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  const demoAdmin = await http.login(ADMIN);
  const created = await http.post('/api/companies', {
    cookie: demoAdmin,
    body: { name: 'Loja Nova', domain: 'lojanova.com.br', organization: 'Loja Nova Ltda', plan_id: 1 },
  });
  expect(created.status).toBe(200);
  companyId = created.body.id as number;
  const passwordHash = await hashPassword(PASSWORD);
  await ctx.db
    .insert(users)
    .values([
      { companyId, name: 'Nina Admin', displayName: 'Nina', email: NEW_ADMIN, role: 2, passwordHash },
    ]);
  admin = await http.login(NEW_ADMIN);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('onboarding guide', () => {
  it("a new company's admin starts with no step done and the guide opening by itself", async () => {
    const o = await onboarding(admin);
    expect(o.steps.map((s) => s.key)).toEqual(['sector', 'user', 'channel', 'webchat']);
    expect(o.steps.every((s) => !s.done)).toBe(true);
    expect(o).toMatchObject({ all_done: false, dismissed: false, show: true });
  });

  it('each step is done from the data the admin creates', async () => {
    const sector = await http.post(`/api/companies/${companyId}/sectors`, {
      cookie: admin,
      body: { name: 'Atendimento' },
    });
    expect(sector.status).toBe(200);
    expect(await doneSteps(admin)).toEqual(['sector']);

    const passwordHash = await hashPassword(PASSWORD);
    await ctx.db.insert(users).values({
      companyId,
      name: 'Marcos Gestor',
      displayName: 'Marcos',
      email: NEW_MANAGER,
      role: 1,
      passwordHash,
    });
    manager = await http.login(NEW_MANAGER);
    expect(await doneSteps(admin)).toEqual(['sector', 'user']);

    const sectorId = (sector.body.sector as { id: number } | undefined)?.id ?? (sector.body.id as number);
    const webchat = await http.post('/api/webchats', {
      cookie: admin,
      body: { name: 'Site da Loja Nova', sector_id: sectorId },
    });
    expect(webchat.status).toBe(200);
    expect(await doneSteps(admin)).toEqual(['sector', 'user', 'channel']);

    const visitor = await newVisitor(ctx, 'Visitante de teste', webchat.body.code as string);
    const sent = await visitor.send('Olá, estou testando o chat do site');
    expect(sent.status).toBe(200);
    // The inbox processes the visitor's message after its 200: the step turns done once the attendance exists.
    const o = await waitFor(async () => {
      const now = await onboarding(admin);
      return now.all_done ? now : null;
    });
    expect(o.steps.every((s) => s.done)).toBe(true);
    expect(o.show).toBe(false);
  });

  it('a deleted channel does not count, an inactive user neither', async () => {
    await ctx.db.execute(sql`update channels set deleted_at = now() where company_id = ${companyId}`);
    await ctx.db.execute(sql`update users set inactive_since = now() where email = ${NEW_MANAGER}`);
    const o = await onboarding(admin);
    expect(o.steps.filter((s) => !s.done).map((s) => s.key)).toEqual(['user', 'channel']);
    expect(o.show).toBe(true);
    await ctx.db.execute(sql`update users set inactive_since = null where email = ${NEW_MANAGER}`);
    await ctx.db.execute(sql`update channels set deleted_at = null where company_id = ${companyId}`);
    manager = await http.login(NEW_MANAGER);
  });

  it("another company's data never counts (tenancy)", async () => {
    // The demo company has sectors, users and a web chat; the new company's steps stay as they are.
    await ctx.db.execute(sql`update channels set deleted_at = now() where company_id = ${companyId}`);
    const o = await onboarding(admin);
    expect(o.steps.find((s) => s.key === 'channel')?.done).toBe(false);
    // And the new company's web chat conversation does not make the demo's step done.
    const demo = await onboarding(await http.login(ADMIN));
    expect(demo.steps.find((s) => s.key === 'webchat')?.done).toBe(false);
    expect(demo.steps.filter((s) => s.done).map((s) => s.key)).toEqual(['sector', 'user', 'channel']);
    await ctx.db.execute(sql`update channels set deleted_at = null where company_id = ${companyId}`);
  });

  it('"Dispensar" is remembered per user: the guide stops opening by itself, still readable', async () => {
    const r = await http.post('/api/onboarding/dismiss', { cookie: admin });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Guia de primeiros passos dispensado.');
    const o = await onboarding(admin);
    expect(o).toMatchObject({ dismissed: true, show: false });
    expect(o.steps).toHaveLength(4);
    // The manager of the same company did not dismiss it (and a manager's guide never opens by itself).
    expect(await onboarding(manager)).toMatchObject({ dismissed: false, show: false });
  });

  it('operators are refused, and anonymous callers', async () => {
    const operator = await http.login(OPERATOR);
    for (const [method, url] of [
      ['get', '/api/onboarding'],
      ['post', '/api/onboarding/dismiss'],
      ['post', '/api/onboarding/trial-seen'],
    ] as const) {
      expect((await http[method](url, { cookie: operator })).status).toBe(403);
      expect((await http[method](url)).status).toBe(401);
    }
  });
});

describe('trial welcome', () => {
  it('a company without a contract is in trial for 14 days from its creation', async () => {
    const [row] = await ctx.db
      .execute<{ created_at: Date }>(sql`select created_at from companies where id = ${companyId}`)
      .then((r) => r.rows);
    const until = isoDay(new Date(new Date(row?.created_at ?? 0).getTime() + 14 * 86_400_000));
    const o = await onboarding(admin);
    expect(o.trial).toEqual({ until, days_left: 14, seen: false });
  });

  it('its own trial_until wins; a passed date ends the trial', async () => {
    const until = isoDay(new Date(Date.now() + 3 * 86_400_000));
    await ctx.db.execute(
      sql`update companies set metadata = metadata || jsonb_build_object('trial_until', ${until}::text) where id = ${companyId}`,
    );
    expect((await onboarding(admin)).trial).toEqual({ until, days_left: 3, seen: false });
    await ctx.db.execute(
      sql`update companies set metadata = metadata || '{"trial_until":"2020-01-31"}'::jsonb where id = ${companyId}`,
    );
    expect((await onboarding(admin)).trial).toBeNull();
    // A malformed date is not a trial date: without a contract, the 14 days count again.
    await ctx.db.execute(
      sql`update companies set metadata = metadata || '{"trial_until":"31/02/2030"}'::jsonb where id = ${companyId}`,
    );
    expect((await onboarding(admin)).trial?.days_left).toBe(14);
  });

  it('a company with a contract and no trial_until is not in trial', async () => {
    await ctx.db.execute(
      sql`update companies set metadata = metadata - 'trial_until' where id = ${companyId}`,
    );
    await ctx.db.execute(
      sql`insert into contracts (company_id, start_date) values (${companyId}, '2026-01-01')`,
    );
    expect((await onboarding(admin)).trial).toBeNull();
    await ctx.db.execute(sql`delete from contracts where company_id = ${companyId}`);
  });

  it('the welcome is seen once per user', async () => {
    const r = await http.post('/api/onboarding/trial-seen', { cookie: admin });
    expect(r.status).toBe(200);
    expect((await onboarding(admin)).trial?.seen).toBe(true);
    expect((await onboarding(manager)).trial?.seen).toBe(false);
    // Settings the user had are kept (the mark is merged, not written over).
    const [u] = await ctx.db
      .select({ settings: users.settings })
      .from(users)
      .where(sql`email = ${NEW_ADMIN}`);
    expect(u?.settings).toMatchObject({ onboarding_dismissed: true, trial_welcome_seen: true });
  });

  it('the demo admins start past the guide and the welcome', async () => {
    const demo = await onboarding(await http.login(ADMIN));
    expect(demo).toMatchObject({ dismissed: true, show: false });
    expect(demo.trial === null || demo.trial.seen).toBe(true);
  });
});

describe("trial end in the company's edit", () => {
  it('an admin with the company in the list sets and removes its trial end; the guide follows it', async () => {
    const demoAdmin = await http.login(ADMIN);
    const until = isoDay(new Date(Date.now() + 30 * 86_400_000));
    const saved = await http.put(`/api/companies/${companyId}/trial`, {
      cookie: demoAdmin,
      body: { trial_until: until },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ message: 'Período de teste salvo com sucesso!', trial_until: until });
    expect((await http.get(`/api/companies/${companyId}/trial`, { cookie: demoAdmin })).body).toEqual({
      trial_until: until,
    });
    expect((await onboarding(admin)).trial).toMatchObject({ until, days_left: 30 });

    const removed = await http.put(`/api/companies/${companyId}/trial`, {
      cookie: demoAdmin,
      body: { trial_until: null },
    });
    expect(removed.body.trial_until).toBeNull();
    expect((await onboarding(admin)).trial?.days_left).toBe(14);
  });

  it('bad dates are refused in Portuguese; other companies are not found; managers are refused', async () => {
    const demoAdmin = await http.login(ADMIN);
    for (const bad of ['2026-02-30', '30/12/2026', 'amanhã', 20261231]) {
      const r = await http.put(`/api/companies/${companyId}/trial`, {
        cookie: demoAdmin,
        body: { trial_until: bad },
      });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('Informe uma data de fim do teste válida.');
    }
    const other = await http.login(OTHER_ADMIN);
    expect((await http.get(`/api/companies/${companyId}/trial`, { cookie: other })).status).toBe(404);
    expect(
      (await http.put(`/api/companies/${companyId}/trial`, { cookie: other, body: { trial_until: null } }))
        .status,
    ).toBe(404);
    expect((await http.get(`/api/companies/${companyId}/trial`, { cookie: manager })).status).toBe(403);
  });
});
