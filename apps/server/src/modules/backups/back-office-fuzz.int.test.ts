import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOperations, fuzzServerErrors, watchUnboundedInput } from '../../../test/helpers/fuzz-module';
import type { Operation } from '../../../test/helpers/openapi-fuzz';
import { ADMIN, createTestContext, OPERATOR, type TestContext } from '../../../test/helpers/test-app';
import { historyBackups, organizations } from '../../db/schema/back-office';
import { companies } from '../../db/schema/companies';

// The project's OpenAPI fuzzer over the organizations and backups routes, with an organization and a finished
// backup of the demo company at the ids the generator uses: no input answers 5xx, none reaches PostgreSQL
// unbounded.

const SEED = 20_261_127;
const PER_OPERATION = 40;

let ctx: TestContext;
let operations: Operation[];
let unbounded: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  const demo = (await ctx.db.select().from(companies)).find((c) => c.name === 'Empresa Demo');
  await ctx.db.insert(organizations).values({ name: 'Grupo', cnpj: '11222333000181' });
  await ctx.db.insert(historyBackups).values({
    companyId: demo?.id ?? 0,
    dateFrom: '2026-01-01',
    dateTo: '2026-01-31',
    status: 'done',
    progress: 100,
    fileKey: 'backups/0/1/nada.jsonl.gz',
  });
  operations = (await appOperations(ctx)).filter((op) => /^\/api\/(organizations|backups)/.test(op.path));
  unbounded = watchUnboundedInput();
});
afterAll(() => ctx?.close());

describe('organization and backup routes under generated bad input', () => {
  it('never answer 5xx nor send PostgreSQL an unbounded value (admin and operator)', async () => {
    // 11 = organizations and backups, with the two reads of a restored backup.
    expect(operations.length).toBe(11);
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
