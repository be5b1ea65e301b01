import { ROLE } from '@prosa/shared/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOperations, fuzzServerErrors, watchUnboundedInput } from '../../../test/helpers/fuzz-module';
import type { Operation } from '../../../test/helpers/openapi-fuzz';
import { createTestContext, MANAGER, OPERATOR2, type TestContext } from '../../../test/helpers/test-app';
import { users } from '../../db/schema/users';

// The project's OpenAPI fuzzer over the feature flag routes, as the platform owner (Bruno promoted here) and a
// manager: no input answers 5xx, none reaches PostgreSQL unbounded.

let ctx: TestContext;
let operations: Operation[];
let unbounded: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  await ctx.db.update(users).set({ role: ROLE.lord }).where(eq(users.email, OPERATOR2));
  operations = (await appOperations(ctx)).filter((op) => op.path.startsWith('/api/feature-flags'));
  unbounded = watchUnboundedInput();
});
afterAll(() => ctx?.close());

describe('feature flag routes under generated bad input', () => {
  it('never answer 5xx nor send PostgreSQL an unbounded value (platform owner, manager)', async () => {
    expect(operations.length).toBe(3);
    for (const type of ['dist_v2', 'nope']) {
      const found = await fuzzServerErrors(ctx, operations, {
        seed: 20_261_127,
        perOperation: 30,
        pathValue: () => type,
        as: [OPERATOR2, MANAGER],
      });
      expect(found, found.join('\n')).toEqual([]);
    }
    expect(unbounded, unbounded.join('\n')).toEqual([]);
  }, 300_000);
});
