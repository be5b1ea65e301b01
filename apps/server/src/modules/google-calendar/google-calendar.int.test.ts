import { GOOGLE_CALENDAR_MSG, type TGoogleCalendarState } from '@prosa/shared/google-calendar';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoIds, newVisitor, setAllow } from '../../../test/helpers/attendance-fixtures';
import {
  ADMIN,
  api,
  createTestContext,
  OPERATOR,
  OPERATOR2,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { waitFor } from '../../../test/helpers/wait-for';
import { type GooglePeer, startGooglePeer } from '../../../test/peers/google-peer';
import { attendances } from '../../db/schema/attendance';
import { companies } from '../../db/schema/companies';
import { googleCalendarLinks, scheduleCalendarEvents } from '../../db/schema/integrations';
import { decryptSecret } from '../../platform/crypto';
import { sealTokens, unsealTokens } from './repository';
import { syncScheduleEvent } from './sync-schedule';

let ctx: TestContext;
let peer: GooglePeer;
let http: ReturnType<typeof api>;
let ids: Awaited<ReturnType<typeof demoIds>>;
let admin: string;
let ana: string;
let bruno: string;
let other: string;

const minutesLater = (m: number) => new Date(Math.ceil((Date.now() + m * 60_000) / 60_000) * 60_000);
const state = async (cookie: string) =>
  (await http.get('/api/google-calendar', { cookie })).body as TGoogleCalendarState;

/** Follows the consent address as the browser would: the peer answers with the redirect to our page. */
async function consent(authorizeUrl: string) {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  const back = new URL(res.headers.get('location') ?? '');
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '', back };
}

async function linkOf(userId: number) {
  const [row] = await ctx.db
    .select()
    .from(googleCalendarLinks)
    .where(and(eq(googleCalendarLinks.companyId, ids.companyId), eq(googleCalendarLinks.userId, userId)));
  return row ?? null;
}

/** An open WhatsApp attendance of the operator (the web chat cannot be scheduled; its kind is changed). */
async function attendanceOf(name: string, operatorId: number) {
  const visitor = await newVisitor(ctx, name);
  await visitor.send('Olá, podem me ligar amanhã?');
  const [row] = await ctx.db.select().from(attendances).where(eq(attendances.name, name));
  if (!row) throw new Error('atendimento não criado');
  await ctx.db.update(attendances).set({ channelKind: 'waweb' }).where(eq(attendances.id, row.id));
  const r = await http.post(`/api/attendances/${row.id}/switch-operator`, {
    cookie: admin,
    body: { operator_id: ids.user(OPERATOR) },
  });
  expect(r.status).toBe(200);
  // Another operator (offline in this test, so not offered by switch-operator) holds it in the database.
  if (operatorId !== ids.user(OPERATOR))
    await ctx.db
      .update(attendances)
      .set({ operatorAssignedId: operatorId })
      .where(eq(attendances.id, row.id));
  return row.id;
}

async function scheduleReturn(attendanceId: number, at: Date, cookie = ana) {
  const r = await http.post(`/api/attendances/${attendanceId}/schedules`, {
    cookie,
    body: { return_at: at.toISOString(), sector_id: ids.sector('Suporte') },
  });
  expect(r.status).toBe(200);
  return (r.body.schedule as { id: number }).id;
}

const eventRow = async (scheduleId: number) =>
  (
    await ctx.db
      .select()
      .from(scheduleCalendarEvents)
      .where(eq(scheduleCalendarEvents.scheduleId, scheduleId))
  )[0] ?? null;

beforeAll(async () => {
  peer = await startGooglePeer();
  ctx = await createTestContext({
    scheduler: true,
    env: {
      GOOGLE_CLIENT_ID: peer.clientId,
      GOOGLE_CLIENT_SECRET: peer.clientSecret,
      GOOGLE_OAUTH_URL: peer.url,
      GOOGLE_TOKEN_URL: `${peer.url}/token`,
      GOOGLE_CALENDAR_URL: `${peer.url}/calendar/v3`,
    },
  });
  http = api(ctx);
  ids = await demoIds(ctx);
  admin = await http.login(ADMIN);
  ana = await http.login(OPERATOR);
  bruno = await http.login(OPERATOR2);
  other = await http.login(OTHER_ADMIN);
  const [row] = await ctx.db.select().from(companies).where(eq(companies.id, ids.companyId));
  await ctx.db
    .update(companies)
    .set({ metadata: { ...(row?.metadata ?? {}), auto_dist: { on: false } } })
    .where(eq(companies.id, ids.companyId));
});
afterAll(async () => {
  await ctx.close();
  await peer.close();
});
beforeEach(async () => {
  await setAllow(ctx, ids.companyId, { scheduling: true, 'google-calendar': true });
});

describe('calendar permission (OAuth)', () => {
  it('offers no consent while the company has the feature off', async () => {
    await setAllow(ctx, ids.companyId, { 'google-calendar': false });
    const s = await state(ana);
    expect(s).toMatchObject({ configured: true, enabled: false, connected: false, authorizeUrl: null });
    const r = await http.post('/api/google-calendar', { cookie: ana, body: { code: 'x', state: 'y' } });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(GOOGLE_CALENDAR_MSG.notEnabled);
  });

  it("gives Google's consent address for the user, bound to a signed state", async () => {
    const s = await state(ana);
    expect(s).toMatchObject({ configured: true, enabled: true, connected: false, email: null });
    const url = new URL(s.authorizeUrl ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(`${peer.url}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: peer.clientId,
      redirect_uri: 'http://prosa.test/google-calendar',
      response_type: 'code',
      access_type: 'offline',
      prompt: 'consent',
    });
    expect(url.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/calendar.events');
    expect(url.searchParams.get('state')).toBeTruthy();
  });

  it("refuses a state made for someone else, a forged one and a code Google doesn't know, storing nothing", async () => {
    const { code, state: anaState } = await consent((await state(ana)).authorizeUrl ?? '');
    const anaConsent = { code, state: anaState };
    const asBruno = await http.post('/api/google-calendar', { cookie: bruno, body: anaConsent });
    expect(asBruno.status).toBe(400);
    expect(asBruno.body.message).toBe(GOOGLE_CALENDAR_MSG.loadError);
    const forged = await http.post('/api/google-calendar', {
      cookie: ana,
      body: { code: anaConsent.code, state: `${anaConsent.state.split('.')[0]}.assinatura-falsa` },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(GOOGLE_CALENDAR_MSG.loadError);
    const unknown = await http.post('/api/google-calendar', {
      cookie: ana,
      body: { code: '4/codigo-inventado', state: anaConsent.state },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(GOOGLE_CALENDAR_MSG.loadError);
    const empty = await http.post('/api/google-calendar', { cookie: ana, body: { code: '', state: '' } });
    expect(empty.status).toBe(400);
    expect(await linkOf(ids.user(OPERATOR))).toBeNull();
    expect(await linkOf(ids.user(OPERATOR2))).toBeNull();
  });

  it('exchanges the code and keeps the tokens sealed', async () => {
    const back = await consent((await state(ana)).authorizeUrl ?? '');
    expect(back.back.pathname).toBe('/google-calendar');
    const r = await http.post('/api/google-calendar', {
      cookie: ana,
      body: { code: back.code, state: back.state },
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(GOOGLE_CALENDAR_MSG.connected);
    expect(r.body.state).toMatchObject({ connected: true, email: peer.email });
    const tokenCall = peer.calls.findLast((c) => c.path === '/token');
    expect(tokenCall?.body).toMatchObject({
      grant_type: 'authorization_code',
      code: back.code,
      redirect_uri: 'http://prosa.test/google-calendar',
    });
    const link = await linkOf(ids.user(OPERATOR));
    const tokens = JSON.parse(decryptSecret(link?.tokensSealed ?? '', ctx.deps.appSecret));
    expect(tokens.refreshToken).toMatch(/^1\/\/refresh-/);
    expect(link?.tokensSealed).not.toContain(tokens.accessToken);
    expect(link?.tokensSealed).not.toContain(tokens.refreshToken);
    // The same code again (a reload of the page): Google refuses it, the link stays.
    const again = await http.post('/api/google-calendar', {
      cookie: ana,
      body: { code: back.code, state: back.state },
    });
    expect(again.status).toBe(400);
    expect((await state(ana)).connected).toBe(true);
  });

  it("keeps each company's users apart", async () => {
    const s = await state(other);
    expect(s).toMatchObject({ connected: false, enabled: false });
    const del = await http.delete('/api/google-calendar', { cookie: other });
    expect(del.status).toBe(200);
    expect((await state(ana)).connected).toBe(true);
    expect((await http.get('/api/google-calendar')).status).toBe(401);
  });
});

describe('scheduled returns in the calendar', () => {
  it('creates the event, moves it when rescheduled and removes it when canceled', async () => {
    const attendanceId = await attendanceOf('Cliente Agenda', ids.user(OPERATOR));
    const at = minutesLater(90);
    const scheduleId = await scheduleReturn(attendanceId, at);
    const created = await waitFor(async () => {
      const row = await eventRow(scheduleId);
      return row ? peer.events.get(row.eventId) : null;
    });
    expect(created.calendarId).toBe('primary');
    expect(created.summary).toBe('Retorno: Cliente Agenda');
    expect(new Date(created.start).getTime()).toBe(at.getTime());
    expect(new Date(created.end).getTime() - at.getTime()).toBe(15 * 60_000);
    expect(created.description).toContain('http://prosa.test/chat');

    const moved = minutesLater(300);
    const upd = await http.patch(`/api/schedules/${scheduleId}`, {
      cookie: ana,
      body: { return_at: moved.toISOString() },
    });
    expect(upd.status).toBe(200);
    await waitFor(
      async () => new Date(peer.events.get(created.id)?.start ?? 0).getTime() === moved.getTime(),
    );
    expect((await eventRow(scheduleId))?.eventId).toBe(created.id);
    expect(peer.calls.some((c) => c.method === 'PATCH' && c.path.endsWith(`/events/${created.id}`))).toBe(
      true,
    );

    const del = await http.delete(`/api/schedules/${scheduleId}`, { cookie: ana });
    expect(del.status).toBe(200);
    await waitFor(async () => !peer.events.has(created.id) && (await eventRow(scheduleId)) === null);
  });

  it('refreshes an expired access token, and again when Google answers 401', async () => {
    const userId = ids.user(OPERATOR);
    const link = await linkOf(userId);
    if (!link) throw new Error('sem vínculo');
    const tokens = unsealTokens(link, ctx.deps.appSecret);
    await ctx.db
      .update(googleCalendarLinks)
      .set({ tokensSealed: sealTokens({ ...tokens, expiresAt: Date.now() - 1000 }, ctx.deps.appSecret) })
      .where(and(eq(googleCalendarLinks.companyId, ids.companyId), eq(googleCalendarLinks.userId, userId)));
    const refreshes = () =>
      peer.calls.filter(
        (c) => c.path === '/token' && (c.body as { grant_type?: string }).grant_type === 'refresh_token',
      ).length;
    const before = refreshes();
    const first = await scheduleReturn(await attendanceOf('Cliente Expirado', userId), minutesLater(60));
    await waitFor(async () => eventRow(first));
    expect(refreshes()).toBe(before + 1);
    const after = unsealTokens((await linkOf(userId)) ?? link, ctx.deps.appSecret);
    expect(after.accessToken).not.toBe(tokens.accessToken);
    expect(after.refreshToken).toBe(tokens.refreshToken);
    expect(after.expiresAt).toBeGreaterThan(Date.now());

    peer.expireAccessTokens();
    const second = await scheduleReturn(await attendanceOf('Cliente Revogado', userId), minutesLater(70));
    const row = await waitFor(async () => eventRow(second));
    expect(peer.events.get(row.eventId)?.summary).toBe('Retorno: Cliente Revogado');
    expect(refreshes()).toBe(before + 2);
  });

  it('does nothing for an operator without a calendar, or while the company has the feature off', async () => {
    const events = peer.events.size;
    const calls = peer.calls.length;
    const brunoSchedule = await scheduleReturn(
      await attendanceOf('Cliente do Bruno', ids.user(OPERATOR2)),
      minutesLater(60),
      admin,
    );
    await syncScheduleEvent(ctx.deps, { companyId: ids.companyId, scheduleId: brunoSchedule });

    await setAllow(ctx, ids.companyId, { 'google-calendar': false });
    const offSchedule = await scheduleReturn(
      await attendanceOf('Cliente Desligado', ids.user(OPERATOR)),
      minutesLater(60),
    );
    await syncScheduleEvent(ctx.deps, { companyId: ids.companyId, scheduleId: offSchedule });
    // Another company's id for Ana's schedule: nothing either.
    const [otherCompany] = await ctx.db.select().from(companies).where(eq(companies.name, 'Outra Empresa'));
    await setAllow(ctx, otherCompany?.id ?? 0, { 'google-calendar': true });
    await syncScheduleEvent(ctx.deps, { companyId: otherCompany?.id ?? 0, scheduleId: offSchedule });

    expect(await eventRow(brunoSchedule)).toBeNull();
    expect(await eventRow(offSchedule)).toBeNull();
    expect(peer.events.size).toBe(events);
    expect(peer.calls.length).toBe(calls);
  });

  it('disconnects: no further return reaches the calendar', async () => {
    const del = await http.delete('/api/google-calendar', { cookie: ana });
    expect(del.status).toBe(200);
    expect(del.body.message).toBe(GOOGLE_CALENDAR_MSG.disconnected);
    expect(await linkOf(ids.user(OPERATOR))).toBeNull();
    const calls = peer.calls.length;
    const s = await scheduleReturn(
      await attendanceOf('Cliente Depois', ids.user(OPERATOR)),
      minutesLater(60),
    );
    await syncScheduleEvent(ctx.deps, { companyId: ids.companyId, scheduleId: s });
    expect(await eventRow(s)).toBeNull();
    expect(peer.calls.length).toBe(calls);
  });
});
