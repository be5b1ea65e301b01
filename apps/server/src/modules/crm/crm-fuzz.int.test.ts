import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOperations, fuzzServerErrors, watchUnboundedInput } from '../../../test/helpers/fuzz-module';
import type { Operation } from '../../../test/helpers/openapi-fuzz';
import { createTestContext, MANAGER, OPERATOR, type TestContext } from '../../../test/helpers/test-app';
import { crmWorld } from './crm-test-world';

// The project's OpenAPI fuzzer over the CRM routes, with an opportunity and an attendance of Ana's at the id the
// generator uses (1), as Ana (operator with CRM) and the manager: no input answers 5xx, none reaches PostgreSQL
// unbounded.

const SEED = 20_261_127;
const PER_OPERATION = 30;

let ctx: TestContext;
let operations: Operation[];
let unbounded: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  const w = await crmWorld(ctx);
  await w.attendanceOf('Cliente Fuzz', w.ids.user(OPERATOR));
  const ana = await w.http.login(OPERATOR);
  await w.http.post('/api/crm/leads', { cookie: ana, body: { title: 'Fuzz' } });
  operations = (await appOperations(ctx)).filter(
    (op) => op.path.startsWith('/api/crm') || op.path.includes('/opportunities'),
  );
  unbounded = watchUnboundedInput();
});
afterAll(() => ctx?.close());

describe('CRM routes under generated bad input', () => {
  it('never answer 5xx nor send PostgreSQL an unbounded value (operator, manager)', async () => {
    expect(operations.length).toBe(11);
    const found = await fuzzServerErrors(ctx, operations, {
      seed: SEED,
      perOperation: PER_OPERATION,
      pathValue: () => '1',
      as: [OPERATOR, MANAGER],
    });
    expect(found, found.join('\n')).toEqual([]);
    expect(unbounded, unbounded.join('\n')).toEqual([]);
  }, 300_000);
});
