import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOperations, fuzzServerErrors, watchUnboundedInput } from '../../../test/helpers/fuzz-module';
import type { Operation } from '../../../test/helpers/openapi-fuzz';
import { api, createTestContext, MANAGER, type TestContext } from '../../../test/helpers/test-app';

// The project's OpenAPI fuzzer over the integrations routes, with an integration at the id the generator uses (1),
// as the manager: no input answers 5xx, none reaches PostgreSQL unbounded.

const SEED = 20_261_127;
const PER_OPERATION = 40;

let ctx: TestContext;
let operations: Operation[];
let cookie: string;
let unbounded: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  cookie = await api(ctx).login(MANAGER);
  const created = await api(ctx).post('/api/integrations', {
    cookie,
    body: {
      kind: 'rdstation_crm',
      name: 'Fuzz',
      email_field: 'person_email',
      configs: { clientId: 'i', clientSecret: 's', clientCode: 'c' },
    },
  });
  expect(created.status).toBe(200);
  operations = (await appOperations(ctx)).filter((op) => op.path.startsWith('/api/integrations'));
  unbounded = watchUnboundedInput();
});
afterAll(() => ctx?.close());

describe('integrations routes under generated bad input', () => {
  it('never answer 5xx nor send PostgreSQL an unbounded value', async () => {
    expect(operations.length).toBe(7);
    const found = await fuzzServerErrors(ctx, operations, {
      seed: SEED,
      perOperation: PER_OPERATION,
      pathValue: () => '1',
      cookie,
    });
    expect(found, found.join('\n')).toEqual([]);
    expect(unbounded, unbounded.join('\n')).toEqual([]);
  }, 300_000);
});
