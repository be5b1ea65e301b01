import { onDbInputError } from '../../src/platform/db-input-error';
import { fuzzRequests, type Operation, operationsOf } from './openapi-fuzz';
import { api, type TestContext } from './test-app';

// The per-module fuzz tests' common part: the module's operations from the OpenAPI document, the generated
// requests as each user (or anonymously), and what must never happen — a 5xx answer, or a value PostgreSQL refuses
// as out of range (an input no route bounded).

/** The app's operations, from its OpenAPI document (the test keeps its module's). */
export async function appOperations(ctx: TestContext): Promise<Operation[]> {
  const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  return operationsOf(JSON.parse(doc.body));
}

/** Collects the inputs that reached PostgreSQL unbounded from now on (call it in beforeAll). */
export function watchUnboundedInput(): string[] {
  const unbounded: string[] = [];
  onDbInputError((r) => unbounded.push(`${r.method} ${r.url.slice(0, 200)} → PostgreSQL ${r.code}`));
  return unbounded;
}

type FuzzOptions = {
  seed: number;
  perOperation: number;
  /** The value of a path parameter (an id the module's fixtures made). */
  pathValue: (name: string) => string;
  /** Logged-in users by e-mail; none: anonymous requests (public routes), or the session `cookie` given. */
  as?: readonly string[];
  /** A session the test made itself (used when `as` is not given). */
  cookie?: string;
  /** The client address of the n-th request (public routes limited per address). */
  remoteAddress?: (n: number) => string;
};

/** Sends every generated request and answers the ones that got a 5xx, described for the test's message. */
export async function fuzzServerErrors(
  ctx: TestContext,
  operations: readonly Operation[],
  options: FuzzOptions,
): Promise<string[]> {
  const found: string[] = [];
  const users: (string | null)[] = options.as?.length ? [...options.as] : [null];
  let n = 0;
  for (const who of users) {
    // Logged in just before its turn: the previous user's requests may not touch this session.
    const cookie = who ? await api(ctx).login(who) : options.cookie;
    for (const op of operations) {
      for (const req of fuzzRequests(op, {
        seed: options.seed,
        perOperation: options.perOperation,
        pathValue: options.pathValue,
      })) {
        const res = await ctx.app.inject({
          method: req.method as 'GET',
          url: req.url,
          headers: cookie ? { ...req.headers, cookie } : req.headers,
          ...(options.remoteAddress ? { remoteAddress: options.remoteAddress(n++) } : {}),
          ...(req.payload !== undefined ? { payload: req.payload } : {}),
        });
        if (res.statusCode >= 500)
          found.push(`${res.statusCode}: ${req.method} ${req.url} → ${res.body.slice(0, 200)}`);
      }
    }
  }
  return found;
}
