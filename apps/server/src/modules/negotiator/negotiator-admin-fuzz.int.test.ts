import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, setAllow } from '../../../test/helpers/attendance-fixtures';
import { appOperations, fuzzServerErrors, watchUnboundedInput } from '../../../test/helpers/fuzz-module';
import type { Operation } from '../../../test/helpers/openapi-fuzz';
import { createTestContext, MANAGER, OPERATOR, type TestContext } from '../../../test/helpers/test-app';

// The project's OpenAPI fuzzer over the negotiators' administration, with the company's negotiator on so the
// generated input reaches the operations: no input answers 5xx, none reaches PostgreSQL unbounded.

const SEED = 20_261_127;
const PER_OPERATION = 40;

let ctx: TestContext;
let operations: Operation[];
let unbounded: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  const demo = await demoIds(ctx);
  await setAllow(ctx, demo.companyId, { negotiator: true });
  operations = (await appOperations(ctx)).filter((op) =>
    /^\/api\/(negotiators|negotiator-upload|negotiator-image)/.test(op.path),
  );
  unbounded = watchUnboundedInput();
});
afterAll(() => ctx?.close());

describe('negotiator administration routes under generated bad input', () => {
  it('never answer 5xx nor send PostgreSQL an unbounded value (manager and operator)', async () => {
    expect(operations.length).toBe(11);
    const found = await fuzzServerErrors(ctx, operations, {
      seed: SEED,
      perOperation: PER_OPERATION,
      pathValue: () => '1',
      as: [MANAGER, OPERATOR],
    });
    expect(found, found.join('\n')).toEqual([]);
    expect(unbounded, unbounded.join('\n')).toEqual([]);
  }, 300_000);
});
