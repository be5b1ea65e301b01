import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../../test/helpers/attendance-fixtures';
import { appOperations, fuzzServerErrors, watchUnboundedInput } from '../../../test/helpers/fuzz-module';
import type { Operation } from '../../../test/helpers/openapi-fuzz';
import { createTestContext, MANAGER, OPERATOR, type TestContext } from '../../../test/helpers/test-app';
import { companies } from '../../db/schema/companies';

// The project's OpenAPI fuzzer over the blacklist routes, with the company's blacklist and suggestions on so the
// generated input reaches the operations: no input answers 5xx, none reaches PostgreSQL unbounded.

const SEED = 20_261_126;
const PER_OPERATION = 40;

let ctx: TestContext;
let operations: Operation[];
let unbounded: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  const demo = await demoIds(ctx);
  await ctx.db
    .update(companies)
    .set({
      metadata: sql`jsonb_set(${companies.metadata}, '{blacklist}', ${JSON.stringify({
        enabled: true,
        suggest: true,
        status_id: demo.status('Resolvido'),
      })}::jsonb, true)`,
    })
    .where(eq(companies.id, demo.companyId));
  operations = (await appOperations(ctx)).filter((op) =>
    /^\/api\/(blacklist|block-suggestions)/.test(op.path),
  );
  unbounded = watchUnboundedInput();
});
afterAll(() => ctx?.close());

describe('blacklist routes under generated bad input', () => {
  it('never answer 5xx nor send PostgreSQL an unbounded value (manager and operator)', async () => {
    expect(operations.length).toBe(13);
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
