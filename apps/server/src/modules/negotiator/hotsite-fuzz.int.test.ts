import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, setAllow } from '../../../test/helpers/attendance-fixtures';
import { appOperations, fuzzServerErrors, watchUnboundedInput } from '../../../test/helpers/fuzz-module';
import type { Operation } from '../../../test/helpers/openapi-fuzz';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { negotiators } from '../../db/schema/negotiator';

// The project's OpenAPI fuzzer over the hotsite's public calls, with a live negotiator's hash so the generated
// bodies reach the negotiation: no input answers 5xx, none reaches PostgreSQL unbounded.

const SEED = 20_261_128;
const PER_OPERATION = 40;

let ctx: TestContext;
let operations: Operation[];
let hash = '';
let unbounded: string[] = [];

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
  operations = (await appOperations(ctx)).filter((op) => op.path.startsWith('/api/negociar/'));
  unbounded = watchUnboundedInput();
});
afterAll(() => ctx?.close());

describe('hotsite public calls under generated bad input', () => {
  it('never answer 5xx nor send PostgreSQL an unbounded value', async () => {
    expect(operations.length).toBe(4);
    const found = await fuzzServerErrors(ctx, operations, {
      seed: SEED,
      perOperation: PER_OPERATION,
      pathValue: (name) => (name === 'hash' ? hash : 'x'),
      // A fresh address each time: the starts limit is not what is fuzzed.
      remoteAddress: (n) => `203.0.113.${(n % 250) + 1}`,
    });
    expect(found, found.join('\n')).toEqual([]);
    expect(unbounded, unbounded.join('\n')).toEqual([]);
  }, 300_000);
});
