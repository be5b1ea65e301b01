import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, setAllow } from '../../../test/helpers/attendance-fixtures';
import { appOperations, fuzzServerErrors, watchUnboundedInput } from '../../../test/helpers/fuzz-module';
import type { Operation } from '../../../test/helpers/openapi-fuzz';
import { api, createTestContext, OPERATOR, type TestContext } from '../../../test/helpers/test-app';

// The project's OpenAPI fuzzer over the Google Calendar routes, as an operator of a company with the feature on and
// a Google client configured (its address closed: no call can succeed): no input answers 5xx, none reaches
// PostgreSQL unbounded.

const SEED = 20_261_127;
const PER_OPERATION = 60;
const CLOSED = 'http://127.0.0.1:9';

let ctx: TestContext;
let operations: Operation[];
let cookie: string;
let unbounded: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({
    queue: false,
    inbox: false,
    env: {
      GOOGLE_CLIENT_ID: 'fuzz.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'fuzz-secret',
      GOOGLE_OAUTH_URL: CLOSED,
      GOOGLE_TOKEN_URL: `${CLOSED}/token`,
      GOOGLE_CALENDAR_URL: `${CLOSED}/calendar/v3`,
    },
  });
  const ids = await demoIds(ctx);
  await setAllow(ctx, ids.companyId, { 'google-calendar': true });
  cookie = await api(ctx).login(OPERATOR);
  operations = (await appOperations(ctx)).filter((op) => op.path.startsWith('/api/google-calendar'));
  unbounded = watchUnboundedInput();
});
afterAll(() => ctx?.close());

describe('google calendar routes under generated bad input', () => {
  it('never answer 5xx nor send PostgreSQL an unbounded value', async () => {
    expect(operations.length).toBe(3);
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
