import { CURRENT_RELEASE, RELEASE_MSG, RELEASES } from '@prosa/shared/releases';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OPERATOR2,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';

// Release notes against the real database: the first look records the current version, an older mark makes the
// notes unseen, "seen" moves the mark up only, per user and company, and bad versions are refused.

let ctx: TestContext;
let http: ReturnType<typeof api>;
const cookies: Record<string, string> = {};
const c = (email: string) => cookies[email] as string;

beforeAll(async () => {
  ctx = await createTestContext({ queue: false });
  http = api(ctx);
  for (const e of [ADMIN, MANAGER, OPERATOR, OPERATOR2, OTHER_ADMIN]) cookies[e] = await http.login(e);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

async function settingsOf(email: string) {
  const r = await ctx.deps.db.execute<{ settings: Record<string, unknown> }>(
    sql`select settings from users where email = ${email}`,
  );
  return r.rows[0]?.settings ?? {};
}
async function setSeen(email: string, value: unknown) {
  await ctx.deps.db.execute(sql`
    update users set settings = settings || jsonb_build_object('release_seen', ${JSON.stringify(value)}::jsonb)
    where email = ${email}`);
}
const releases = (email: string, q = '') => http.get(`/api/releases${q}`, { cookie: c(email) });
const seen = (email: string, version: unknown) =>
  http.post('/api/releases/seen', { cookie: c(email), body: { version } });

// The mark used for "an older version": 0.9.0 sorts after 0.13.0 as text, so a string comparison would fail here.
const OLDER = '0.9.0';

describe('release notes', () => {
  it('needs a session', async () => {
    expect((await http.get('/api/releases')).status).toBe(401);
    expect((await http.post('/api/releases/seen', { body: { version: OLDER } })).status).toBe(401);
  });

  it('records the current version on a first look and answers unseen=false', async () => {
    expect((await settingsOf(OPERATOR)).release_seen).toBeUndefined();
    const r = await releases(OPERATOR);
    expect(r.status).toBe(200);
    expect(r.body.version).toBe(CURRENT_RELEASE.version);
    expect(r.body.unseen).toBe(false);
    const list = r.body.releases as { version: string; title: string; items: unknown[] }[];
    expect(list.map((x) => x.version)).toEqual(RELEASES.map((x) => x.version));
    expect(list[0]?.title).toBe(CURRENT_RELEASE.title);
    expect((await settingsOf(OPERATOR)).release_seen).toBe(CURRENT_RELEASE.version);
    expect((await releases(OPERATOR)).body.unseen).toBe(false);
  });

  it('a user whose mark is older sees the notes until "seen"; another company is unaffected', async () => {
    await setSeen(OPERATOR2, OLDER);
    await setSeen(OTHER_ADMIN, OLDER);
    const before = await releases(OPERATOR2);
    expect(before.body.unseen).toBe(true);
    // Looking does not count as seeing: the mark stays until the user says so.
    expect((await settingsOf(OPERATOR2)).release_seen).toBe(OLDER);

    const r = await seen(OPERATOR2, CURRENT_RELEASE.version);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ version: CURRENT_RELEASE.version, unseen: false });
    expect((await releases(OPERATOR2)).body.unseen).toBe(false);

    expect((await settingsOf(OTHER_ADMIN)).release_seen).toBe(OLDER);
    expect((await releases(OTHER_ADMIN)).body.unseen).toBe(true);
  });

  it('moves the mark up number by number and never backwards', async () => {
    await setSeen(ADMIN, OLDER);
    const up = await seen(ADMIN, '0.10.0');
    expect(up.body).toEqual({ version: '0.10.0', unseen: true });
    expect((await settingsOf(ADMIN)).release_seen).toBe('0.10.0');

    const back = await seen(ADMIN, '0.2.0');
    expect(back.status).toBe(200);
    expect(back.body).toEqual({ version: '0.10.0', unseen: true });
    expect((await settingsOf(ADMIN)).release_seen).toBe('0.10.0');

    await seen(ADMIN, CURRENT_RELEASE.version);
    await seen(ADMIN, OLDER);
    expect((await settingsOf(ADMIN)).release_seen).toBe(CURRENT_RELEASE.version);
    expect((await releases(ADMIN)).body.unseen).toBe(false);
  });

  it('keeps the other settings of the user (merge, not replace)', async () => {
    await ctx.deps.db.execute(sql`
      update users set settings = settings || '{"mute_notifications": true, "release_seen": "0.9.0"}'::jsonb
      where email = ${MANAGER}`);
    await seen(MANAGER, CURRENT_RELEASE.version);
    const s = await settingsOf(MANAGER);
    expect(s.mute_notifications).toBe(true);
    expect(s.release_seen).toBe(CURRENT_RELEASE.version);
  });

  it('answers one version by ?version=, 404 for an unknown one and 400 for a malformed one', async () => {
    const one = await releases(OPERATOR, '?version=0.1.0');
    expect(one.status).toBe(200);
    const list = one.body.releases as { version: string; title: string }[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ version: '0.1.0', title: RELEASES.at(-1)?.title });

    const missing = await releases(OPERATOR, '?version=0.99.0');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(RELEASE_MSG.notFound);

    for (const bad of ['abc', '0.1', '01.1.0', '0.1.0.0', `${'9'.repeat(30)}.0.0`, '0.1.0&version=0.2.0']) {
      const r = await releases(OPERATOR, `?version=${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.body.message, bad).toBe(RELEASE_MSG.badVersion);
    }
  });

  it('refuses to mark an unknown or malformed version, changing nothing', async () => {
    await setSeen(OPERATOR2, OLDER);
    const unknown = await seen(OPERATOR2, '0.99.0');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(RELEASE_MSG.notFound);
    for (const bad of ['x', '', 13, null]) {
      const r = await seen(OPERATOR2, bad);
      expect(r.status, String(bad)).toBe(400);
      expect(typeof r.body.message).toBe('string');
    }
    expect((await http.post('/api/releases/seen', { cookie: c(OPERATOR2), body: {} })).status).toBe(400);
    expect((await settingsOf(OPERATOR2)).release_seen).toBe(OLDER);
  });

  it('a malformed stored mark counts as none: recorded as the current version, no error', async () => {
    await setSeen(OPERATOR2, 'versão antiga');
    const r = await releases(OPERATOR2);
    expect(r.status).toBe(200);
    expect(r.body.unseen).toBe(false);
    expect((await settingsOf(OPERATOR2)).release_seen).toBe(CURRENT_RELEASE.version);

    await setSeen(OPERATOR2, 7);
    expect((await releases(OPERATOR2)).status).toBe(200);
    expect((await settingsOf(OPERATOR2)).release_seen).toBe(CURRENT_RELEASE.version);
  });
});
