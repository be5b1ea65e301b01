import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOperations, fuzzServerErrors, watchUnboundedInput } from '../../../test/helpers/fuzz-module';
import type { Operation } from '../../../test/helpers/openapi-fuzz';
import { ADMIN, createTestContext, OPERATOR, type TestContext } from '../../../test/helpers/test-app';

// The project's OpenAPI fuzzer over the first-run guide and the training routes: no input answers 5xx, none
// reaches PostgreSQL unbounded (lesson ids of every shape included).

const SEED = 20_261_127;
const PER_OPERATION = 40;

let ctx: TestContext;
let operations: Operation[];
let unbounded: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  operations = (await appOperations(ctx)).filter((op) =>
    /^\/api\/(onboarding|training|companies\/\{id\}\/trial)/.test(op.path),
  );
  unbounded = watchUnboundedInput();
});
afterAll(() => ctx?.close());

describe('onboarding and training routes under generated bad input', () => {
  it('never answer 5xx nor send PostgreSQL an unbounded value (admin and operator)', async () => {
    expect(operations.length).toBe(7);
    const found = await fuzzServerErrors(ctx, operations, {
      seed: SEED,
      perOperation: PER_OPERATION,
      pathValue: (name) => (name === 'id' ? '1' : 'atendimento'),
      as: [ADMIN, OPERATOR],
    });
    expect(found, found.join('\n')).toEqual([]);
    expect(unbounded, unbounded.join('\n')).toEqual([]);
  }, 300_000);
});
