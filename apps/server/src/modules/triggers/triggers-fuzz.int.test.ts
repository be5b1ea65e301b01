import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOperations, fuzzServerErrors, watchUnboundedInput } from '../../../test/helpers/fuzz-module';
import type { Operation } from '../../../test/helpers/openapi-fuzz';
import { api, createTestContext, MANAGER, type TestContext } from '../../../test/helpers/test-app';

// The project's OpenAPI fuzzer over the triggers routes only, as a manager who reaches them: no generated input
// answers 5xx, and none reaches PostgreSQL unbounded (the whole-API sweep is fuzz.int.test.ts).

const SEED = 20_261_126;
const PER_OPERATION = 40;

let ctx: TestContext;
let operations: Operation[];
let unbounded: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  operations = (await appOperations(ctx)).filter((op) =>
    /\/api\/(triggers|channel\/trigger_image|channels\/(get-triggers|save-triggers-text|save-other-triggers|save-trigger-order|delete-trigger|use-triggers-from))/.test(
      op.path,
    ),
  );
  unbounded = watchUnboundedInput();
});
afterAll(() => ctx?.close());

describe('triggers routes under generated bad input', () => {
  it('never answer 5xx nor send PostgreSQL an unbounded value', async () => {
    expect(operations.length).toBe(12);
    const cookie = await api(ctx).login(MANAGER);
    const found = await fuzzServerErrors(ctx, operations, {
      seed: SEED,
      perOperation: PER_OPERATION,
      pathValue: () => '1',
      cookie,
    });
    expect(found, found.join('\n')).toEqual([]);
    expect(unbounded, unbounded.join('\n')).toEqual([]);
  }, 300_000);
});
