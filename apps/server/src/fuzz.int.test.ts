import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FuzzRequest,
  fuzzRequests,
  guardProbe,
  type Operation,
  operationsOf,
} from '../test/helpers/openapi-fuzz';
import { ADMIN, api, createTestContext, OPERATOR, type TestContext } from '../test/helpers/test-app';
import { onDbInputError } from './platform/db-input-error';

// Fixed: a failure found once is found again by the same run. Change it to explore other generated inputs.
const SEED = 20_261_111;
const GENERATED_PER_OPERATION = 6;
// A route the caller cannot reach answers the guard's 401/403 to any input: a few requests show it.
const UNREACHABLE_SAMPLE = 3;

// Calls that can end the caller's session or change what later calls see run last, with a session check.
const DESTRUCTIVE = /logout|password|socket-token|inactivate|activate|\/status|ip-filter|security|totp/;

let ctx: TestContext;
let operations: Operation[];
let companyId: number;
const found: string[] = [];
const unbounded: string[] = [];
const covered = new Set<string>();
let sent = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  operations = operationsOf(JSON.parse(doc.body));
  const destructive = (op: Operation) => op.method === 'DELETE' || DESTRUCTIVE.test(op.path);
  operations.sort((a, b) => Number(destructive(a)) - Number(destructive(b)));
  const admin = await api(ctx).login(ADMIN);
  const me = await api(ctx).get('/api/auth/me', { cookie: admin });
  companyId = me.body.companyId as number;
  await enableCompanyFeatures(admin);
  onDbInputError((r) => unbounded.push(`${r.method} ${r.url.slice(0, 200)} → PostgreSQL ${r.code}`));
}, 120_000);
afterAll(() => ctx?.close());

/** The company's optional features on, so the routes behind them are reached by the bad input too. */
async function enableCompanyFeatures(cookie: string) {
  const meta = (await api(ctx).get('/api/company/metadata', { cookie })).body;
  const allow = meta.allow as Record<string, boolean>;
  const exclusive = ['allowedSectors', 'restrictTransfer', 'report-bi', 'background_reports'];
  for (const key of Object.keys(allow)) allow[key] = !exclusive.includes(key);
  for (const key of ['audio', 'read_unread', 'seconds_control']) meta[key] = { enabled: true };
  const saved = await api(ctx).put('/api/company/metadata', { cookie, body: meta });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

function show(req: FuzzRequest): string {
  const payload =
    req.payload === undefined
      ? ''
      : ` payload=${JSON.stringify(req.payload.toString().slice(0, 300))}${req.payload.length > 300 ? '…' : ''}`;
  return `${req.method} ${req.url.slice(0, 200)} [${req.label}]${payload}`;
}

function send(req: FuzzRequest, cookie: string | null) {
  return ctx.app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers: { ...req.headers, ...(cookie ? { cookie } : {}) },
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
  });
}

/** Sends every operation's bad requests as one role; a session the calls ended is opened again. */
async function fuzzAs(role: string, email: string | null) {
  let cookie = email ? await api(ctx).login(email) : null;
  for (const op of operations) {
    const pathValue = (name: string) =>
      /company/i.test(name) || op.path.startsWith('/api/companies/{id}') ? String(companyId) : '1';
    let requests = fuzzRequests(op, { seed: SEED, perOperation: GENERATED_PER_OPERATION, pathValue });
    const probe = guardProbe(op, pathValue);
    if (probe) {
      const res = await send(probe, cookie);
      if (res.statusCode === 401 || res.statusCode === 403) requests = requests.slice(0, UNREACHABLE_SAMPLE);
    }
    for (const req of requests) {
      sent++;
      covered.add(`${role} ${op.method} ${op.path}`);
      try {
        const res = await send(req, cookie);
        if (res.statusCode >= 500)
          found.push(`${res.statusCode} as ${role}: ${show(req)} → ${res.body.slice(0, 200)}`);
      } catch (err) {
        found.push(`threw as ${role}: ${show(req)} → ${String(err)}`);
      }
    }
    if (email && cookie && (op.method === 'DELETE' || DESTRUCTIVE.test(op.path))) {
      const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      if (me.statusCode !== 200) cookie = await api(ctx).login(email);
    }
  }
}

describe('no input ever answers 500 (every operation of the OpenAPI document)', () => {
  for (const [role, email] of [
    ['anonymous', null],
    ['operator', OPERATOR],
    ['admin', ADMIN],
  ] as const) {
    it(`as ${role}`, async () => {
      const before = found.length;
      const beforeUnbounded = unbounded.length;
      await fuzzAs(role, email);
      const failures = found.slice(before);
      const refusedByDb = unbounded.slice(beforeUnbounded);
      expect(operations.length).toBeGreaterThan(100);
      expect(failures, `5xx answers:\n${failures.join('\n')}`).toEqual([]);
      // The error handler turns a value PostgreSQL refuses into 400, but each one is a schema missing a bound.
      expect(refusedByDb, `values only PostgreSQL refused:\n${refusedByDb.join('\n')}`).toEqual([]);
    }, 300_000);
  }

  it('sent bad input to every operation as every role', () => {
    console.log(`fuzz: ${operations.length} operations, ${sent} requests`);
    expect(covered.size).toBe(operations.length * 3);
  });
});
