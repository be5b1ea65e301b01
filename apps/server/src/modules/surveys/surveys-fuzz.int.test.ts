import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOperations, fuzzServerErrors, watchUnboundedInput } from '../../../test/helpers/fuzz-module';
import type { Operation } from '../../../test/helpers/openapi-fuzz';
import { ADMIN, createTestContext, OPERATOR, type TestContext } from '../../../test/helpers/test-app';
import { companies } from '../../db/schema/companies';
import { surveys } from '../../db/schema/notices';

// The project's OpenAPI fuzzer over the survey routes, with a survey of the demo company at the id the generator
// uses, so generated input reaches the operations: no input answers 5xx, none reaches PostgreSQL unbounded.

const SEED = 20_261_127;
const PER_OPERATION = 40;

let ctx: TestContext;
let operations: Operation[];
let unbounded: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  const demo = (await ctx.db.select().from(companies)).find((c) => c.name === 'Empresa Demo');
  await ctx.db.insert(surveys).values({
    type: 'questions',
    title: 'Pesquisa',
    questions: [{ text: 'P', options: ['A', 'B'], others: true }],
    companyIds: [demo?.id ?? 0],
  });
  operations = (await appOperations(ctx)).filter((op) => /^\/api\/survey/.test(op.path));
  unbounded = watchUnboundedInput();
}, 120_000);
afterAll(() => ctx?.close());

describe('survey routes under generated bad input', () => {
  it('never answer 5xx nor send PostgreSQL an unbounded value (admin and operator)', async () => {
    expect(operations.length).toBe(8);
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
