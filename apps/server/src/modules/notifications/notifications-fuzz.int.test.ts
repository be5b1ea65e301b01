import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOperations, fuzzServerErrors, watchUnboundedInput } from '../../../test/helpers/fuzz-module';
import type { Operation } from '../../../test/helpers/openapi-fuzz';
import { ADMIN, createTestContext, OPERATOR, type TestContext } from '../../../test/helpers/test-app';
import { companies } from '../../db/schema/companies';
import { notifications } from '../../db/schema/notices';

// The project's OpenAPI fuzzer over the notification routes, with an offer (model 2) of the demo company at the
// ids the generator uses, so generated input reaches the operations: no input answers 5xx, none reaches
// PostgreSQL unbounded.

const SEED = 20_261_127;
const PER_OPERATION = 40;

let ctx: TestContext;
let operations: Operation[];
let unbounded: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  const demo = (await ctx.db.select().from(companies)).find((c) => c.name === 'Empresa Demo');
  await ctx.db
    .insert(notifications)
    .values({ modelId: 2, title: 'Oferta', description: 'Texto', companyIds: [demo?.id ?? 0] });
  operations = (await appOperations(ctx)).filter((op) => /^\/api\/notification/.test(op.path));
  unbounded = watchUnboundedInput();
});
afterAll(() => ctx?.close());

describe('notification routes under generated bad input', () => {
  it('never answer 5xx nor send PostgreSQL an unbounded value (admin and operator)', async () => {
    expect(operations.length).toBe(13);
    const found = await fuzzServerErrors(ctx, operations, {
      seed: SEED,
      perOperation: PER_OPERATION,
      pathValue: () => '1',
      as: [ADMIN, OPERATOR],
    });
    expect(found, found.join('\n')).toEqual([]);
    expect(unbounded, unbounded.join('\n')).toEqual([]);
  }, 300_000);
});
