import { ROLE } from '@prosa/shared/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzRequests, type Operation, operationsOf } from '../../../test/helpers/openapi-fuzz';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR2,
  type TestContext,
} from '../../../test/helpers/test-app';
import { biReports } from '../../db/schema/back-office';
import { companies } from '../../db/schema/companies';
import { users } from '../../db/schema/users';
import { onDbInputError } from '../../platform/db-input-error';

// The project's OpenAPI fuzzer over the BI routes, with a Metabase report of the demo company at the id the
// generator uses, as the owner (lord), an admin and a manager: no input answers 5xx, none reaches PostgreSQL
// unbounded.

const SEED = 20_261_127;
const PER_OPERATION = 40;

let ctx: TestContext;
let operations: Operation[];
const unbounded: string[] = [];

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
  const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  operations = operationsOf(JSON.parse(doc.body)).filter((op) => op.path.startsWith('/api/bi-reports'));
  onDbInputError((r) => unbounded.push(`${r.method} ${r.url.slice(0, 200)} → PostgreSQL ${r.code}`));
});
afterAll(() => ctx?.close());

describe('BI report routes under generated bad input', () => {
  it('never answer 5xx nor send PostgreSQL an unbounded value (owner, admin, manager)', async () => {
    expect(operations.length).toBe(8);
    const found: string[] = [];
    for (const who of [OPERATOR2, ADMIN, MANAGER]) {
      const cookie = await api(ctx).login(who);
      for (const op of operations) {
        for (const req of fuzzRequests(op, {
          seed: SEED,
          perOperation: PER_OPERATION,
          pathValue: () => '1',
        })) {
          const res = await ctx.app.inject({
            method: req.method as 'GET',
            url: req.url,
            headers: { ...req.headers, cookie },
            ...(req.payload !== undefined ? { payload: req.payload } : {}),
          });
          if (res.statusCode >= 500)
            found.push(`${res.statusCode}: ${req.method} ${req.url} → ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(found, found.join('\n')).toEqual([]);
    expect(unbounded, unbounded.join('\n')).toEqual([]);
  }, 300_000);
});
