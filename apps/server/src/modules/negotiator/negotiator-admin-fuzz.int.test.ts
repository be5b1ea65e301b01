import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, setAllow } from '../../../test/helpers/attendance-fixtures';
import { fuzzRequests, type Operation, operationsOf } from '../../../test/helpers/openapi-fuzz';
import { api, createTestContext, MANAGER, OPERATOR, type TestContext } from '../../../test/helpers/test-app';
import { onDbInputError } from '../../platform/db-input-error';

// The project's OpenAPI fuzzer over the negotiators' administration, with the company's negotiator on so the
// generated input reaches the operations: no input answers 5xx, none reaches PostgreSQL unbounded.

const SEED = 20_261_127;
const PER_OPERATION = 40;

let ctx: TestContext;
let operations: Operation[];
const unbounded: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  const demo = await demoIds(ctx);
  await setAllow(ctx, demo.companyId, { negotiator: true });
  const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  operations = operationsOf(JSON.parse(doc.body)).filter((op) =>
    /^\/api\/(negotiators|negotiator-upload|negotiator-image)/.test(op.path),
  );
  onDbInputError((r) => unbounded.push(`${r.method} ${r.url.slice(0, 200)} → PostgreSQL ${r.code}`));
});
afterAll(() => ctx?.close());

describe('negotiator administration routes under generated bad input', () => {
  it('never answer 5xx nor send PostgreSQL an unbounded value (manager and operator)', async () => {
    expect(operations.length).toBe(11);
    const found: string[] = [];
    for (const who of [MANAGER, OPERATOR]) {
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
