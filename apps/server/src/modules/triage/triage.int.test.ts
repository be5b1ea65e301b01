import { TRIAGE_MSG } from '@prosa/shared/triage';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoIds, newVisitor, setTriage } from '../../../test/helpers/attendance-fixtures';
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

// The Triage screen's calls (spec 2 §2, spec 1 §6): choose BASIC, OPERATOR or MANAGER; MANAGER is forced while
// automatic distribution is on; the chat list of an operator follows the mode in force.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let demo: Awaited<ReturnType<typeof demoIds>>;
let manager: string;
let ana: string;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  demo = await demoIds(ctx);
  manager = await http.login(MANAGER);
  ana = await http.login(OPERATOR);
});
afterAll(() => ctx.close());
beforeEach(() => setTriage(ctx, demo.companyId, 'BASIC'));

const storedMeta = async (companyId: number) => {
  const [row] = await ctx.db.select().from(companies).where(eq(companies.id, companyId));
  return (row?.metadata ?? {}) as { triage?: string; auto_dist?: { on?: boolean } };
};
const setMode = (triage: unknown, cookie = manager) =>
  http.put('/api/company/triage', { cookie, body: { triage } });
const autoDist = (enabled: boolean) =>
  http.put('/api/auto-dist', { cookie: manager, body: { enabled, chat_per_user: enabled ? 2 : 0 } });

async function openCard(name: string) {
  const visitor = await newVisitor(ctx, name);
  await visitor.send('Olá, preciso de ajuda');
  const [row] = await ctx.db.select().from(attendances).where(eq(attendances.name, name));
  if (!row) throw new Error('sem atendimento');
  return row.id;
}
const anaSees = async (id: number) =>
  ((await http.get('/api/attendances', { cookie: ana })).body.items as { id: number }[]).some(
    (c) => c.id === id,
  );

describe('triage (/company/triage)', () => {
  it('a manager chooses each mode; the choice is stored and in force', async () => {
    for (const mode of ['OPERATOR', 'MANAGER', 'BASIC'] as const) {
      const r = await setMode(mode);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        message: TRIAGE_MSG.saved,
        triage: { triage: mode, effective: mode, auto_dist: false, locked_reason: null },
      });
      expect((await storedMeta(demo.companyId)).triage).toBe(mode);
      expect((await http.get('/api/company/features', { cookie: ana })).body.triage).toBe(mode);
    }
  });

  it('the operator card list follows the mode: OPERATOR shows unassigned cards, MANAGER hides them', async () => {
    const id = await openCard('Triagem Quésia');
    expect((await setMode('OPERATOR')).status).toBe(200);
    expect(await anaSees(id)).toBe(true);
    expect((await setMode('MANAGER')).status).toBe(200);
    expect(await anaSees(id)).toBe(false);
  });

  it('while automatic distribution is on, only MANAGER: another mode is refused and nothing changes', async () => {
    expect((await setMode('OPERATOR')).status).toBe(200);
    expect((await autoDist(true)).status).toBe(200);
    const locked = await http.get('/api/company/triage', { cookie: manager });
    expect(locked.body).toEqual({
      triage: 'OPERATOR',
      effective: 'MANAGER',
      auto_dist: true,
      locked_reason: TRIAGE_MSG.lockedByAutoDist,
    });
    for (const mode of ['BASIC', 'OPERATOR']) {
      const r = await setMode(mode);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(TRIAGE_MSG.lockedByAutoDist);
    }
    expect((await storedMeta(demo.companyId)).triage).toBe('OPERATOR');
    // The whole-metadata save of the settings screen refuses the same change.
    const meta = (await http.get('/api/company/metadata', { cookie: manager })).body;
    const viaMeta = await http.put('/api/company/metadata', {
      cookie: manager,
      body: { ...meta, triage: 'BASIC' },
    });
    expect(viaMeta.status).toBe(400);
    expect(viaMeta.body.message).toBe(TRIAGE_MSG.lockedByAutoDist);
    expect((await storedMeta(demo.companyId)).triage).toBe('OPERATOR');
    // MANAGER itself may be chosen; turning distribution off brings the chosen mode back in force.
    expect((await setMode('MANAGER')).status).toBe(200);
    expect((await autoDist(false)).status).toBe(200);
    const after = await http.get('/api/company/triage', { cookie: manager });
    expect(after.body).toMatchObject({ triage: 'MANAGER', effective: 'MANAGER', locked_reason: null });
  });

  it('bad input answers 400 in Portuguese and changes nothing', async () => {
    await setMode('OPERATOR');
    for (const bad of ['ALL', '', null, 3, { x: 1 }]) {
      const r = await setMode(bad);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(TRIAGE_MSG.invalidMode);
    }
    expect((await http.put('/api/company/triage', { cookie: manager, body: {} })).status).toBe(400);
    expect((await storedMeta(demo.companyId)).triage).toBe('OPERATOR');
  });

  it('operators may not read or change it; without login, 401; admins may', async () => {
    expect((await http.get('/api/company/triage', { cookie: ana })).status).toBe(403);
    expect((await setMode('MANAGER', ana)).status).toBe(403);
    expect((await http.get('/api/company/triage')).status).toBe(401);
    expect((await setMode('MANAGER', '')).status).toBe(401);
    expect((await storedMeta(demo.companyId)).triage).toBe('BASIC');
    const admin = await http.login(ADMIN);
    expect((await setMode('OPERATOR', admin)).status).toBe(200);
  });

  it('a manager without write on general settings may read but not save', async () => {
    const admin = await http.login(ADMIN);
    const grant = (write: string[]) =>
      http.post(`/api/companies/${demo.companyId}/permissions`, {
        cookie: admin,
        body: {
          type: 'user',
          id: demo.user(MANAGER),
          permissions: { remove: [], read: ['configuracoes_gerais'], write },
        },
      });
    await grant([]);
    expect((await http.get('/api/company/triage', { cookie: manager })).status).toBe(200);
    const r = await setMode('MANAGER');
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('Você não tem permissão de alteração');
    await grant(['configuracoes_gerais']);
    expect((await setMode('MANAGER')).status).toBe(200);
  });

  it("one company's choice never touches another's", async () => {
    const other = await http.login(OTHER_ADMIN);
    const [otherCo] = await ctx.db.select().from(companies).where(eq(companies.name, 'Outra Empresa'));
    const otherId = otherCo?.id ?? 0;
    expect(otherId).toBeGreaterThan(0);
    const before = (await storedMeta(otherId)).triage;
    expect((await setMode('MANAGER')).status).toBe(200);
    expect((await storedMeta(otherId)).triage).toBe(before);
    expect((await setMode('OPERATOR', other)).status).toBe(200);
    expect((await storedMeta(demo.companyId)).triage).toBe('MANAGER');
    expect((await http.get('/api/company/triage', { cookie: other })).body).toMatchObject({
      triage: 'OPERATOR',
    });
  });
});
