import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzRequests, type Operation, operationsOf } from '../../../test/helpers/openapi-fuzz';
import { api, createTestContext, MANAGER, OPERATOR, type TestContext } from '../../../test/helpers/test-app';
import { onDbInputError } from '../../platform/db-input-error';
import { crmWorld } from './crm-test-world';

// The project's OpenAPI fuzzer over the CRM routes, with an opportunity and an attendance of Ana's at the id the
// generator uses (1), as Ana (operator with CRM) and the manager: no input answers 5xx, none reaches PostgreSQL
// unbounded.

const SEED = 20_261_127;
const PER_OPERATION = 30;

let ctx: TestContext;
let operations: Operation[];
const unbounded: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  const w = await crmWorld(ctx);
  await w.attendanceOf('Cliente Fuzz', w.ids.user(OPERATOR));
  const ana = await w.http.login(OPERATOR);
  await w.http.post('/api/crm/leads', { cookie: ana, body: { title: 'Fuzz' } });
  const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  operations = operationsOf(JSON.parse(doc.body)).filter(
    (op) => op.path.startsWith('/api/crm') || op.path.includes('/opportunities'),
  );
  onDbInputError((r) => unbounded.push(`${r.method} ${r.url.slice(0, 200)} → PostgreSQL ${r.code}`));
});
afterAll(() => ctx?.close());

describe('CRM routes under generated bad input', () => {
  it('never answer 5xx nor send PostgreSQL an unbounded value (operator, manager)', async () => {
    expect(operations.length).toBe(11);
    const found: string[] = [];
    for (const who of [OPERATOR, MANAGER]) {
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
