import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OPERATOR2,
  type TestContext,
} from '../../test/helpers/test-app';
import { DEMO_SURVEY_TITLE, seedSurveySamples } from './survey-samples';

let ctx: TestContext;
let http: ReturnType<typeof api>;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('survey samples', () => {
  it('seeds one answered survey once: the admin sees its answers, no demo user has it pending', async () => {
    expect(await seedSurveySamples(ctx.db)).toBe(true);
    expect(await seedSurveySamples(ctx.db)).toBe(false);
    const admin = await http.login(ADMIN);
    const list = await http.get(`/api/surveys?search=${encodeURIComponent(DEMO_SURVEY_TITLE)}`, {
      cookie: admin,
    });
    const result = list.body.result as { id: number; answers_count: number }[];
    expect(result).toHaveLength(1);
    expect(result[0]?.answers_count).toBe(4);
    const view = await http.get(`/api/surveys/${result[0]?.id}`, { cookie: admin });
    expect((view.body.summary as { others: string[] }[])[1]?.others).toEqual([
      'Modo escuro para o turno da noite',
    ]);
    for (const email of [ADMIN, MANAGER, OPERATOR, OPERATOR2]) {
      const pending = await http.get('/api/surveys/pending', { cookie: await http.login(email) });
      expect(pending.body, email).toEqual([]);
    }
  });
});
