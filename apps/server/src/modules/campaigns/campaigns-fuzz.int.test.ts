import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignFixtures, inDays } from '../../../test/helpers/campaign-fixtures';
import { appOperations, fuzzServerErrors, watchUnboundedInput } from '../../../test/helpers/fuzz-module';
import type { Operation } from '../../../test/helpers/openapi-fuzz';
import { api, createTestContext, MANAGER, type TestContext } from '../../../test/helpers/test-app';

// The project's OpenAPI fuzzer over the campaigns routes, as a manager, with a real campaign, mailing, channels and
// template in place: no generated input answers 5xx, and none reaches PostgreSQL unbounded.

const SEED = 20_261_126;
const PER_OPERATION = 40;

let ctx: TestContext;
let operations: Operation[];
let unbounded: string[] = [];
let pathId = '1';

beforeAll(async () => {
  ctx = await createTestContext({ queue: false, inbox: false });
  operations = (await appOperations(ctx)).filter((op) => /^\/api\/(campaigns|campaign-upload)/.test(op.path));
  unbounded = watchUnboundedInput();
});
afterAll(() => ctx?.close());

describe('campaigns routes under generated bad input', () => {
  it('never answer 5xx nor send PostgreSQL an unbounded value', async () => {
    expect(operations.length).toBeGreaterThanOrEqual(20);
    const http = api(ctx);
    const cookie = await http.login(MANAGER);
    const f = await campaignFixtures(ctx);
    const hsm = await f.template('fuzz', 'Oi {{1}}');
    const m = await f.mailing('Fuzz', ['nome', 'telefone'], [['Ana', '81999990001']]);
    const created = await http.post('/api/campaigns', {
      cookie,
      body: {
        title: 'Fuzz',
        channel: 'waent',
        channel_id: f.waent.id,
        mailing_id: m.id,
        valid_to: inDays(2),
        whatsapp: {
          active: true,
          hsm_template: hsm.id,
          mailing_columns: [{ column: 'nome' }],
          field: 'telefone',
        },
      },
    });
    expect(created.status).toBe(200);
    pathId = String((created.body.campaign as { id: number }).id);
    const found = await fuzzServerErrors(ctx, operations, {
      seed: SEED,
      perOperation: PER_OPERATION,
      pathValue: () => pathId,
      cookie,
    });
    expect(found, found.join('\n')).toEqual([]);
    expect(unbounded, unbounded.join('\n')).toEqual([]);
  }, 300_000);
});
