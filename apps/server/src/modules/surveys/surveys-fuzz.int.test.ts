import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzRequests, type Operation, operationsOf } from '../../../test/helpers/openapi-fuzz';
import { ADMIN, api, createTestContext, OPERATOR, type TestContext } from '../../../test/helpers/test-app';
import { companies } from '../../db/schema/companies';
import { surveys } from '../../db/schema/notices';
import { onDbInputError } from '../../platform/db-input-error';

// The project's OpenAPI fuzzer over the survey routes, with a survey of the demo company at the id the generator
// uses, so generated input reaches the operations: no input answers 5xx, none reaches PostgreSQL unbounded.

const SEED = 20_261_127;
const PER_OPERATION = 40;

let ctx: TestContext;
let operations: Operation[];
const unbounded: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  const demo = (await ctx.db.select().from(companies)).find((c) => c.name === 'Empresa Demo');
  await ctx.db.insert(surveys).values({
    type: 'questions',
    title: 'Pesquisa',
    questions: [{ text: 'P', options: ['A', 'B'], others: true }],
    companyIds: [demo?.id ?? 0],
  });
  const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  operations = operationsOf(JSON.parse(doc.body)).filter((op) => /^\/api\/survey/.test(op.path));
  onDbInputError((r) => unbounded.push(`${r.method} ${r.url.slice(0, 200)} → PostgreSQL ${r.code}`));
}, 120_000);
afterAll(() => ctx?.close());

describe('survey routes under generated bad input', () => {
  it('never answer 5xx nor send PostgreSQL an unbounded value (admin and operator)', async () => {
    expect(operations.length).toBe(8);
    const found: string[] = [];
    for (const who of [ADMIN, OPERATOR]) {
      const cookie = await api(ctx).login(who);
      for (const op of operations) {
        for (const req of fuzzRequests(op, {
          seed: SEED,
          perOperation: PER_OPERATION,
          pathValue: () => '1',
        })) {
          const res = await ctx.app.inject({
            method: req.method as 'GET',
            url: req.url,
            headers: { ...req.headers, cookie },
            ...(req.payload !== undefined ? { payload: req.payload } : {}),
          });
          if (res.statusCode >= 500)
            found.push(`${res.statusCode}: ${req.method} ${req.url} → ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(found, found.join('\n')).toEqual([]);
    expect(unbounded, unbounded.join('\n')).toEqual([]);
  }, 300_000);
});
