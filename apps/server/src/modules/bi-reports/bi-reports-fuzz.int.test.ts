import { ROLE } from '@prosa/shared/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOperations, fuzzServerErrors, watchUnboundedInput } from '../../../test/helpers/fuzz-module';
import type { Operation } from '../../../test/helpers/openapi-fuzz';
import {
  ADMIN,
  createTestContext,
  MANAGER,
  OPERATOR2,
  type TestContext,
} from '../../../test/helpers/test-app';
import { biReports } from '../../db/schema/back-office';
import { companies } from '../../db/schema/companies';
import { users } from '../../db/schema/users';

// The project's OpenAPI fuzzer over the BI routes, with a Metabase report of the demo company at the id the
// generator uses, as the owner (lord), an admin and a manager: no input answers 5xx, none reaches PostgreSQL
// unbounded.

const SEED = 20_261_127;
const PER_OPERATION = 40;

let ctx: TestContext;
let operations: Operation[];
let unbounded: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({
    queue: false,
    inbox: false,
    env: { METABASE_SITE_URL: 'https://metabase.prosa.test', METABASE_SECRET_KEY: 'fuzz-secret' },
  });
  const demo = (await ctx.db.select().from(companies)).find((c) => c.name === 'Empresa Demo');
  await ctx.db
    .insert(biReports)
    .values({ name: 'Painel', provider: 'metabase', reportId: '1', companyIds: [demo?.id ?? 0] });
  await ctx.db.update(users).set({ role: ROLE.lord }).where(eq(users.email, OPERATOR2));
  operations = (await appOperations(ctx)).filter((op) => op.path.startsWith('/api/bi-reports'));
  unbounded = watchUnboundedInput();
});
afterAll(() => ctx?.close());

describe('BI report routes under generated bad input', () => {
  it('never answer 5xx nor send PostgreSQL an unbounded value (owner, admin, manager)', async () => {
    expect(operations.length).toBe(8);
    const found = await fuzzServerErrors(ctx, operations, {
      seed: SEED,
      perOperation: PER_OPERATION,
      pathValue: () => '1',
      as: [OPERATOR2, ADMIN, MANAGER],
    });
    expect(found, found.join('\n')).toEqual([]);
    expect(unbounded, unbounded.join('\n')).toEqual([]);
  }, 300_000);
});
