import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, setAllow } from '../../../test/helpers/attendance-fixtures';
import { fuzzRequests, type Operation, operationsOf } from '../../../test/helpers/openapi-fuzz';
import { api, createTestContext, OPERATOR, type TestContext } from '../../../test/helpers/test-app';
import { onDbInputError } from '../../platform/db-input-error';

// The project's OpenAPI fuzzer over the Google Calendar routes, as an operator of a company with the feature on and
// a Google client configured (its address closed: no call can succeed): no input answers 5xx, none reaches
// PostgreSQL unbounded.

const SEED = 20_261_127;
const PER_OPERATION = 60;
const CLOSED = 'http://127.0.0.1:9';

let ctx: TestContext;
let operations: Operation[];
let cookie: string;
const unbounded: string[] = [];

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
  const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  operations = operationsOf(JSON.parse(doc.body)).filter((op) => op.path.startsWith('/api/google-calendar'));
  onDbInputError((r) => unbounded.push(`${r.method} ${r.url.slice(0, 200)} → PostgreSQL ${r.code}`));
});
afterAll(() => ctx?.close());

describe('google calendar routes under generated bad input', () => {
  it('never answer 5xx nor send PostgreSQL an unbounded value', async () => {
    expect(operations.length).toBe(3);
    const found: string[] = [];
    for (const op of operations) {
      for (const req of fuzzRequests(op, { seed: SEED, perOperation: PER_OPERATION, pathValue: () => '1' })) {
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
    expect(found, found.join('\n')).toEqual([]);
    expect(unbounded, unbounded.join('\n')).toEqual([]);
  }, 300_000);
});
