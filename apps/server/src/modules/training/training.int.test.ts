import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OPERATOR2,
  type TestContext,
} from '../../../test/helpers/test-app';

// The training screen's progress against the real database: per user, only the lessons of the user's role path,
// marked and unmarked without losing the user's other settings; bad lesson ids are refused in Portuguese.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let operator = '';
let manager = '';

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  operator = await http.login(OPERATOR);
  manager = await http.login(MANAGER);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const progress = async (cookie: string) => {
  const r = await http.get('/api/training', { cookie });
  expect(r.status).toBe(200);
  return r.body as { done: string[]; total: number };
};
const mark = (cookie: string, id: string, body: unknown) =>
  http.put(`/api/training/lessons/${id}`, { cookie, body });

describe('training progress', () => {
  it("each role has its own path: operators' lessons, and the managers' on top", async () => {
    expect(await progress(operator)).toEqual({ done: [], total: 5 });
    expect(await progress(manager)).toEqual({ done: [], total: 8 });
  });

  it('a lesson marked as done is kept for that user only, and can be unmarked', async () => {
    const r = await mark(operator, 'transferencias', { done: true });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ done: ['transferencias'], total: 5 });
    await mark(operator, 'atendimento', { done: true });
    // Marked twice, counted once; the list follows the path's order.
    await mark(operator, 'atendimento', { done: true });
    expect(await progress(operator)).toEqual({ done: ['atendimento', 'transferencias'], total: 5 });
    expect((await progress(await http.login(OPERATOR2))).done).toEqual([]);

    expect((await mark(operator, 'transferencias', { done: false })).body).toEqual({
      done: ['atendimento'],
      total: 5,
    });
    // The user's other settings stay.
    const rows = await ctx.db.execute<{ settings: Record<string, unknown> }>(
      sql`select settings from users where email = ${OPERATOR}`,
    );
    expect(rows.rows[0]?.settings).toMatchObject({
      crm: { view: true, edit: true },
      training_done: ['atendimento'],
    });
  });

  it("a lesson outside the user's path, or unknown, is not found; bad input is refused in Portuguese", async () => {
    const managersOnly = await mark(operator, 'campanhas', { done: true });
    expect(managersOnly.status).toBe(404);
    expect(managersOnly.body.message).toBe('Lição não encontrada.');
    expect((await mark(manager, 'campanhas', { done: true })).status).toBe(200);
    expect((await mark(operator, 'nao-existe', { done: true })).status).toBe(404);

    const badId = await mark(operator, 'DROP%20TABLE', { done: true });
    expect(badId.status).toBe(400);
    expect(badId.body.message).toBe('Lição não encontrada.');
    const badBody = await mark(operator, 'atendimento', { done: 'sim' });
    expect(badBody.status).toBe(400);
    expect(badBody.body.message).toBe('Informe se a lição está concluída.');
    expect((await progress(operator)).done).toEqual(['atendimento']);
  });

  it('a malformed stored list reads as empty, and is replaced by the next mark', async () => {
    await ctx.db.execute(
      sql`update users set settings = settings || '{"training_done":"x"}'::jsonb where email = ${OPERATOR}`,
    );
    expect((await progress(operator)).done).toEqual([]);
    expect((await mark(operator, 'status', { done: true })).body).toEqual({ done: ['status'], total: 5 });
  });

  it('anonymous callers are refused', async () => {
    expect((await http.get('/api/training')).status).toBe(401);
    expect((await http.put('/api/training/lessons/status', { body: { done: true } })).status).toBe(401);
  });
});
