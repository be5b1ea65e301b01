import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzRequests, type Operation, operationsOf } from '../../../test/helpers/openapi-fuzz';
import { api, createTestContext, MANAGER, type TestContext } from '../../../test/helpers/test-app';
import { onDbInputError } from '../../platform/db-input-error';

// The project's OpenAPI fuzzer over the triggers routes only, as a manager who reaches them: no generated input
// answers 5xx, and none reaches PostgreSQL unbounded (the whole-API sweep is fuzz.int.test.ts).

const SEED = 20_261_126;
const PER_OPERATION = 40;

let ctx: TestContext;
let operations: Operation[];
const unbounded: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  operations = operationsOf(JSON.parse(doc.body)).filter((op) =>
    /\/api\/(triggers|channel\/trigger_image|channels\/(get-triggers|save-triggers-text|save-other-triggers|save-trigger-order|delete-trigger|use-triggers-from))/.test(
      op.path,
    ),
  );
  onDbInputError((r) => unbounded.push(`${r.method} ${r.url.slice(0, 200)} → PostgreSQL ${r.code}`));
});
afterAll(() => ctx?.close());

describe('triggers routes under generated bad input', () => {
  it('never answer 5xx nor send PostgreSQL an unbounded value', async () => {
    expect(operations.length).toBe(12);
    const cookie = await api(ctx).login(MANAGER);
    const found: string[] = [];
    for (const op of operations) {
      for (const req of fuzzRequests(op, { seed: SEED, perOperation: PER_OPERATION, pathValue: () => '1' })) {
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
    expect(found, found.join('\n')).toEqual([]);
    expect(unbounded, unbounded.join('\n')).toEqual([]);
  }, 300_000);
});
