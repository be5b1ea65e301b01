import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzRequests, type Operation, operationsOf } from '../../../test/helpers/openapi-fuzz';
import { api, createTestContext, MANAGER, type TestContext } from '../../../test/helpers/test-app';
import { onDbInputError } from '../../platform/db-input-error';

// The project's OpenAPI fuzzer over the integrations routes, with an integration at the id the generator uses (1),
// as the manager: no input answers 5xx, none reaches PostgreSQL unbounded.

const SEED = 20_261_127;
const PER_OPERATION = 40;

let ctx: TestContext;
let operations: Operation[];
let cookie: string;
const unbounded: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  cookie = await api(ctx).login(MANAGER);
  const created = await api(ctx).post('/api/integrations', {
    cookie,
    body: {
      kind: 'rdstation_crm',
      name: 'Fuzz',
      email_field: 'person_email',
      configs: { clientId: 'i', clientSecret: 's', clientCode: 'c' },
    },
  });
  expect(created.status).toBe(200);
  const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  operations = operationsOf(JSON.parse(doc.body)).filter((op) => op.path.startsWith('/api/integrations'));
  onDbInputError((r) => unbounded.push(`${r.method} ${r.url.slice(0, 200)} → PostgreSQL ${r.code}`));
});
afterAll(() => ctx?.close());

describe('integrations routes under generated bad input', () => {
  it('never answer 5xx nor send PostgreSQL an unbounded value', async () => {
    expect(operations.length).toBe(7);
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
