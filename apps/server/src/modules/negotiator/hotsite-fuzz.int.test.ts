import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, setAllow } from '../../../test/helpers/attendance-fixtures';
import { fuzzRequests, type Operation, operationsOf } from '../../../test/helpers/openapi-fuzz';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { negotiators } from '../../db/schema/negotiator';
import { onDbInputError } from '../../platform/db-input-error';

// The project's OpenAPI fuzzer over the hotsite's public calls, with a live negotiator's hash so the generated
// bodies reach the negotiation: no input answers 5xx, none reaches PostgreSQL unbounded.

const SEED = 20_261_128;
const PER_OPERATION = 40;

let ctx: TestContext;
let operations: Operation[];
let hash = '';
const unbounded: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  const demo = await demoIds(ctx);
  await setAllow(ctx, demo.companyId, { negotiator: true });
  hash = randomBytes(12).toString('base64url');
  await ctx.db.insert(negotiators).values({
    companyId: demo.companyId,
    name: 'Negociador fuzz',
    mailingId: 1,
    multichannelId: 1,
    statusValidateDocument: 1,
    statusEmittedInvoice: 2,
    statusNotEmittedInvoice: 3,
    hash,
  });
  const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  operations = operationsOf(JSON.parse(doc.body)).filter((op) => op.path.startsWith('/api/negociar/'));
  onDbInputError((r) => unbounded.push(`${r.method} ${r.url.slice(0, 200)} → PostgreSQL ${r.code}`));
});
afterAll(() => ctx?.close());

describe('hotsite public calls under generated bad input', () => {
  it('never answer 5xx nor send PostgreSQL an unbounded value', async () => {
    expect(operations.length).toBe(4);
    const found: string[] = [];
    let ip = 0;
    for (const op of operations) {
      for (const req of fuzzRequests(op, {
        seed: SEED,
        perOperation: PER_OPERATION,
        pathValue: (name) => (name === 'hash' ? hash : 'x'),
      })) {
        const res = await ctx.app.inject({
          method: req.method as 'GET',
          url: req.url,
          headers: req.headers,
          // A fresh address each time: the starts limit is not what is fuzzed.
          remoteAddress: `203.0.113.${(ip++ % 250) + 1}`,
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
