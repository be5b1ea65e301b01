import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../../test/helpers/attendance-fixtures';
import { appOperations, fuzzServerErrors, watchUnboundedInput } from '../../../test/helpers/fuzz-module';
import type { Operation } from '../../../test/helpers/openapi-fuzz';
import {
  ADMIN,
  createTestContext,
  MANAGER,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';

// The project's OpenAPI fuzzer over company edit's automatic attendance and default status routes (issue 24): no
// input answers 5xx, none reaches PostgreSQL unbounded.

let ctx: TestContext;
let operations: Operation[];
let unbounded: string[] = [];
let companyId: number;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  companyId = (await demoIds(ctx)).companyId;
  operations = (await appOperations(ctx)).filter((op) =>
    /^\/api\/companies\/\{id\}\/(automation|default-status|automatic-attendance)$/.test(op.path),
  );
  unbounded = watchUnboundedInput();
});
afterAll(() => ctx?.close());

describe('company automation routes under generated bad input', () => {
  it('never answer 5xx nor send PostgreSQL an unbounded value (admin, other admin, manager)', async () => {
    expect(operations.length).toBe(3);
    for (const id of [String(companyId), '999999', 'x']) {
      const found = await fuzzServerErrors(ctx, operations, {
        seed: 20_261_127,
        perOperation: 30,
        pathValue: () => id,
        as: [ADMIN, OTHER_ADMIN, MANAGER],
      });
      expect(found, found.join('\n')).toEqual([]);
    }
    expect(unbounded, unbounded.join('\n')).toEqual([]);
  }, 300_000);
});
