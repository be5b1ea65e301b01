import { FACEBOOK_LOGIN_SCOPES, FACEBOOK_MSG, type TFacebookPage } from '@prosa/shared/facebook';
import { FACEBOOK_SUBSCRIBED_FIELDS } from '@prosa/shared/meta';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  api,
  createTestContext,
  MANAGER,
  OPERATOR,
  OTHER_ADMIN,
  type TestContext,
} from '../../../test/helpers/test-app';
import { type GraphApiPeer, startGraphApiPeer } from '../../../test/peers/graph-api/peer';
import { channels } from '../../db/schema/channels';
import { facebookLogins } from '../../db/schema/facebook';
import { decryptSecret } from '../../platform/crypto';

// Facebook Login, the pages of /me/accounts and their subscriptions, and Instagram accounts, through the app
// (inject) against the Graph API peer.

let ctx: TestContext;
let http: ReturnType<typeof api>;
let peer: GraphApiPeer;
let manager: string;
let admin: string;
let operator: string;
let otherAdmin: string;
let sectorId: number;
let otherSectorId: number;

const pageId = (i: number) => String(7_000_000 + i);
const PAGES = Array.from({ length: 30 }, (_, i) => ({
  id: pageId(i),
  name: `Página ${i + 1}`,
  accessToken: `page-token-${i}`,
  instagram: i === 0 ? { id: '17841400000000001', username: 'loja.prosa' } : null,
}));

async function redirectOf(url: string, cookie: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  return { status: res.statusCode, location: String(res.headers.location ?? '') };
}

/** The manager goes through the login: our 302, the peer's dialog (answered), our callback. */
async function login(cookie: string, answer: 'yes' | 'no' = 'yes') {
  const start = await redirectOf('/api/facebook/login', cookie);
  expect(start.status).toBe(302);
  const dialog = new URL(start.location);
  const page = await fetch(dialog);
  expect(await page.text()).toContain('Continuar como Maria');
  const confirm = new URL(`${peer.url}/dialog/oauth/confirm`);
  for (const k of ['redirect_uri', 'state', 'scope'])
    confirm.searchParams.set(k, dialog.searchParams.get(k) ?? '');
  confirm.searchParams.set('answer', answer);
  const back = await fetch(confirm, { redirect: 'manual' });
  const callback = new URL(back.headers.get('location') ?? '');
  expect(`${callback.origin}${callback.pathname}`).toBe('http://prosa.test/api/facebook/callback');
  return {
    state: dialog.searchParams.get('state') ?? '',
    callback: `${callback.pathname}${callback.search}`,
    result: await redirectOf(`${callback.pathname}${callback.search}`, cookie),
  };
}

const pagesOf = async (cookie: string) => {
  const r = await http.get('/api/facebook/pages', { cookie });
  expect(r.status).toBe(200);
  return r.body as unknown as { logged: boolean; pages: TFacebookPage[] };
};

async function faChannel(page: string) {
  const [row] = await ctx.db
    .select()
    .from(channels)
    .where(and(eq(channels.kind, 'fa'), eq(channels.routeKey, page)))
    .orderBy(channels.id);
  return row;
}

beforeAll(async () => {
  peer = await startGraphApiPeer({ pages: PAGES });
  ctx = await createTestContext({
    queue: false,
    inbox: false,
    env: {
      FACEBOOK_APP_ID: peer.appId,
      FACEBOOK_APP_SECRET: peer.appSecret,
      FACEBOOK_GRAPH_URL: peer.url,
      FACEBOOK_DIALOG_URL: peer.url,
      FACEBOOK_VERIFY_TOKEN: 'verifica-fb',
    },
  });
  http = api(ctx);
  manager = await http.login(MANAGER);
  admin = await http.login(ADMIN);
  operator = await http.login(OPERATOR);
  otherAdmin = await http.login(OTHER_ADMIN);
  const sectors = (await http.get('/api/sectors', { cookie: manager })).body as unknown as { id: number }[];
  sectorId = sectors[0]?.id ?? 0;
  otherSectorId = sectors[1]?.id ?? 0;
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await peer?.stop();
});

describe('Facebook Login', () => {
  it('before any login the check says not logged and the list has no pages', async () => {
    const status = await http.get('/api/facebook/login-status', { cookie: manager });
    expect(status.body).toEqual({ status: 'not_logged', name: null });
    expect(await pagesOf(manager)).toEqual({ logged: false, pages: [] });
  });

  it('sends the manager to the v19.0 dialog with the app, the callback, the scopes and a signed state', async () => {
    const r = await redirectOf('/api/facebook/login', manager);
    expect(r.status).toBe(302);
    const url = new URL(r.location);
    expect(`${url.origin}${url.pathname}`).toBe(`${peer.url}/v19.0/dialog/oauth`);
    expect(url.searchParams.get('client_id')).toBe(peer.appId);
    expect(url.searchParams.get('redirect_uri')).toBe('http://prosa.test/api/facebook/callback');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')?.split(',').sort()).toEqual([...FACEBOOK_LOGIN_SCOPES].sort());
    expect(url.searchParams.get('state')).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('a cancelled dialog comes back as cancelled and keeps no login', async () => {
    const r = await login(manager, 'no');
    expect(r.result).toEqual({ status: 302, location: '/channels/facebook?login=cancelled' });
    expect(await ctx.db.select().from(facebookLogins)).toHaveLength(0);
  });

  it('a changed state is refused; the callback exchanges the code for a long-lived token, kept sealed', async () => {
    const start = await redirectOf('/api/facebook/login', manager);
    const state = new URL(start.location).searchParams.get('state') ?? '';
    const [payload, mac] = state.split('.');
    const forged = `${Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), c: 2 }),
    ).toString('base64url')}.${mac}`;
    expect(await redirectOf(`/api/facebook/callback?code=x&state=${forged}`, manager)).toEqual({
      status: 302,
      location: '/channels/facebook?login=error',
    });
    expect(await ctx.db.select().from(facebookLogins)).toHaveLength(0);

    const r = await login(manager);
    expect(r.result).toEqual({ status: 302, location: '/channels/facebook?login=ok' });
    const [row] = await ctx.db.select().from(facebookLogins);
    expect(row?.fbUserName).toBe('Maria Administradora');
    const token = decryptSecret(row?.tokenSealed ?? '', ctx.deps.appSecret);
    expect(peer.state.longLivedTokens.has(token)).toBe(true);
    expect(row?.tokenSealed).not.toContain(token);
    expect(row?.expiresAt?.getTime() ?? 0).toBeGreaterThan(Date.now() + 50 * 86_400_000);

    const status = await http.get('/api/facebook/login-status', { cookie: manager });
    expect(status.body).toEqual({ status: 'logged', name: 'Maria Administradora' });

    // The same state a second time (a replayed callback) is refused, and the login stays as it was.
    expect(await redirectOf(r.callback, manager)).toEqual({
      status: 302,
      location: '/channels/facebook?login=error',
    });
  });

  it('a state started by another user of the company is refused at its callback', async () => {
    const start = await redirectOf('/api/facebook/login', manager);
    const state = new URL(start.location).searchParams.get('state') ?? '';
    expect((await redirectOf(`/api/facebook/callback?code=x&state=${state}`, admin)).location).toBe(
      '/channels/facebook?login=error',
    );
  });

  it('operators cannot start a login; nobody unauthenticated reaches the callback', async () => {
    expect((await redirectOf('/api/facebook/login', operator)).status).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/facebook/callback?code=x&state=y' })).statusCode,
    ).toBe(401);
  });
});

describe('pages', () => {
  it('lists every page of /me/accounts, beyond the first 25', async () => {
    const list = await pagesOf(manager);
    expect(list.logged).toBe(true);
    expect(list.pages.map((p) => p.page_id)).toEqual(PAGES.map((p) => p.id));
    expect(list.pages.every((p) => p.state === 'disconnected' && !p.connected && p.listed)).toBe(true);
  });

  it('connect needs a sector of the company, and a page the user manages', async () => {
    const noSector = await http.post(`/api/facebook/pages/${pageId(0)}/connect`, {
      cookie: manager,
      body: {},
    });
    expect(noSector.status).toBe(400);
    expect(noSector.body.message).toBe(FACEBOOK_MSG.sectorRequired);
    const unknown = await http.post('/api/facebook/pages/123/connect', {
      cookie: manager,
      body: { sector_id: sectorId },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(FACEBOOK_MSG.pageNotFound);
    expect(await faChannel('123')).toBeUndefined();
  });

  it('connect subscribes the app with the four fields and keeps the page token sealed', async () => {
    const r = await http.post(`/api/facebook/pages/${pageId(0)}/connect`, {
      cookie: manager,
      body: { sector_id: sectorId },
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(FACEBOOK_MSG.connected);
    expect(peer.subscriptions.get(pageId(0))).toEqual([...FACEBOOK_SUBSCRIBED_FIELDS]);
    const row = await faChannel(pageId(0));
    expect(row?.config).toEqual({
      page_id: pageId(0),
      page_name: 'Página 1',
      state: 'subscribed',
      needs_reauth: false,
      instagram_id: '17841400000000001',
      username_instagram: 'loja.prosa',
    });
    expect(row?.defaultSectorId).toBe(sectorId);
    expect(JSON.stringify(row?.secretsSealed)).not.toContain('page-token-0');
    expect(decryptSecret(row?.secretsSealed.page_access_token ?? '', ctx.deps.appSecret)).toBe(
      'page-token-0',
    );
    const listed = (await pagesOf(manager)).pages.find((p) => p.page_id === pageId(0));
    expect(listed).toMatchObject({
      state: 'subscribed',
      connected: true,
      channel_id: row?.id,
      sector_name: expect.any(String),
    });
  });

  it('resubscribe unsubscribes and subscribes the page again', async () => {
    const row = await faChannel(pageId(0));
    peer.subscriptions.set(pageId(0), ['messages']);
    const r = await http.post(`/api/facebook/pages/${row?.id}/resubscribe`, { cookie: manager });
    expect(r.status).toBe(200);
    expect(peer.subscriptions.get(pageId(0))).toEqual([...FACEBOOK_SUBSCRIBED_FIELDS]);
  });

  it('a page whose token Facebook refuses (190) is needs_reauth, not connected, until login and connect again', async () => {
    const row = await faChannel(pageId(0));
    const page = peer.pages[0];
    if (!page) throw new Error('sem página');
    page.accessToken = 'page-token-0-renovado';
    const r = await http.post(`/api/facebook/pages/${row?.id}/resubscribe`, { cookie: manager });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(FACEBOOK_MSG.relink);
    expect((await faChannel(pageId(0)))?.config).toMatchObject({ state: 'subscribed', needs_reauth: true });
    const listed = (await pagesOf(manager)).pages.find((p) => p.page_id === pageId(0));
    expect(listed).toMatchObject({ needs_reauth: true, connected: false });

    const again = await http.post(`/api/facebook/pages/${pageId(0)}/connect`, {
      cookie: manager,
      body: { sector_id: sectorId },
    });
    expect(again.status).toBe(200);
    const revived = await faChannel(pageId(0));
    expect(revived?.id).toBe(row?.id);
    expect(revived?.config).toMatchObject({ state: 'subscribed', needs_reauth: false });
    expect(decryptSecret(revived?.secretsSealed.page_access_token ?? '', ctx.deps.appSecret)).toBe(
      'page-token-0-renovado',
    );
  });

  it('changes the default sector (one of the company’s)', async () => {
    const row = await faChannel(pageId(0));
    const bad = await http.patch(`/api/facebook/pages/${row?.id}`, {
      cookie: manager,
      body: { sector_id: 999999 },
    });
    expect(bad.status).toBe(400);
    const r = await http.patch(`/api/facebook/pages/${row?.id}`, {
      cookie: manager,
      body: { sector_id: otherSectorId },
    });
    expect(r.status).toBe(200);
    expect((await faChannel(pageId(0)))?.defaultSectorId).toBe(otherSectorId);
  });

  it('another company sees none of it: 404 on its ids, and cannot connect a page already connected', async () => {
    const row = await faChannel(pageId(0));
    expect(
      (await http.patch(`/api/facebook/pages/${row?.id}`, { cookie: otherAdmin, body: { sector_id: 1 } }))
        .status,
    ).toBe(404);
    expect(
      (await http.post(`/api/facebook/pages/${row?.id}/resubscribe`, { cookie: otherAdmin })).status,
    ).toBe(404);
    expect((await http.delete(`/api/facebook/pages/${row?.id}`, { cookie: otherAdmin })).status).toBe(404);
    expect(await pagesOf(otherAdmin)).toEqual({ logged: false, pages: [] });
    expect((await http.get('/api/facebook/pages', { cookie: operator })).status).toBe(403);

    const other = await login(otherAdmin);
    expect(other.result.location).toBe('/channels/facebook?login=ok');
    const otherSectors = (await http.get('/api/sectors', { cookie: otherAdmin })).body as unknown as {
      id: number;
    }[];
    const taken = await http.post(`/api/facebook/pages/${pageId(0)}/connect`, {
      cookie: otherAdmin,
      body: { sector_id: otherSectors[0]?.id ?? 0 },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe(FACEBOOK_MSG.pageOtherCompany);
    expect((await faChannel(pageId(0)))?.companyId).toBe(row?.companyId);
  });
});

describe('Instagram', () => {
  it('asks for the terms, and for a connected page with an Instagram business account', async () => {
    const base = { page_id: pageId(0), name: 'Loja no Instagram', sector_id: sectorId };
    const noTerms = await http.post('/api/instagram', { cookie: manager, body: { ...base, iagree: false } });
    expect(noTerms.status).toBe(400);
    expect(noTerms.body.message).toBe(FACEBOOK_MSG.instagramTermsRequired);
    const noName = await http.post('/api/instagram', {
      cookie: manager,
      body: { ...base, name: '', iagree: true },
    });
    expect(noName.body.message).toBe(FACEBOOK_MSG.instagramNameRequired);
    const notConnected = await http.post('/api/instagram', {
      cookie: manager,
      body: { ...base, page_id: pageId(1), iagree: true },
    });
    expect(notConnected.status).toBe(400);
    expect(notConnected.body.message).toBe(FACEBOOK_MSG.instagramPageNotConnected);

    await http.post(`/api/facebook/pages/${pageId(1)}/connect`, {
      cookie: manager,
      body: { sector_id: sectorId },
    });
    const noAccount = await http.post('/api/instagram', {
      cookie: manager,
      body: { ...base, page_id: pageId(1), iagree: true },
    });
    expect(noAccount.status).toBe(400);
    expect(noAccount.body.message).toBe(FACEBOOK_MSG.instagramNoAccount);
    expect(await ctx.db.select().from(channels).where(eq(channels.kind, 'insta'))).toHaveLength(0);
  });

  it('creates the account with the username read from the Graph API, lists, changes the sector, removes', async () => {
    const r = await http.post('/api/instagram', {
      cookie: manager,
      body: { page_id: pageId(0), name: 'Loja no Instagram', sector_id: sectorId, iagree: true },
    });
    expect(r.status).toBe(200);
    const channel = r.body.channel as { id: number; username: string; account_id: string; iagree: boolean };
    expect(channel).toMatchObject({ username: 'loja.prosa', account_id: '17841400000000001', iagree: true });
    const [row] = await ctx.db.select().from(channels).where(eq(channels.id, channel.id));
    expect(row).toMatchObject({ kind: 'insta', routeKey: '17841400000000001' });
    expect(decryptSecret(row?.secretsSealed.page_access_token ?? '', ctx.deps.appSecret)).toBe(
      'page-token-0-renovado',
    );
    const twice = await http.post('/api/instagram', {
      cookie: manager,
      body: { page_id: pageId(0), name: 'De novo', sector_id: sectorId, iagree: true },
    });
    expect(twice.body.message).toBe(FACEBOOK_MSG.instagramTaken);

    const list = await http.get('/api/instagram', { cookie: manager });
    expect(
      (list.body as unknown as { id: number; page_name: string }[]).map((c) => [c.id, c.page_name]),
    ).toEqual([[channel.id, 'Página 1']]);
    expect((await http.get('/api/instagram', { cookie: otherAdmin })).body).toEqual([]);
    expect(
      (await http.patch(`/api/instagram/${channel.id}`, { cookie: otherAdmin, body: { sector_id: 1 } }))
        .status,
    ).toBe(404);
    expect((await http.delete(`/api/instagram/${channel.id}`, { cookie: otherAdmin })).status).toBe(404);
    expect((await http.get('/api/instagram', { cookie: operator })).status).toBe(403);

    const patched = await http.patch(`/api/instagram/${channel.id}`, {
      cookie: manager,
      body: { sector_id: otherSectorId },
    });
    expect(patched.body.channel).toMatchObject({ default_sector_id: otherSectorId });

    expect((await http.delete(`/api/instagram/${channel.id}`, { cookie: manager })).status).toBe(200);
    expect((await http.get('/api/instagram', { cookie: manager })).body).toEqual([]);
    expect((await faChannel(pageId(0)))?.config).toMatchObject({
      instagram_id: null,
      username_instagram: null,
    });
  });
});

describe('unlink', () => {
  it('unsubscribes the app, unlinks the page; connecting it again revives the same channel', async () => {
    const row = await faChannel(pageId(0));
    const r = await http.delete(`/api/facebook/pages/${row?.id}`, { cookie: manager });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(FACEBOOK_MSG.unlinked);
    expect(peer.subscriptions.has(pageId(0))).toBe(false);
    const unlinked = await faChannel(pageId(0));
    expect(unlinked?.deletedAt).not.toBeNull();
    expect(unlinked?.config).toMatchObject({ state: 'unlinked' });
    const listed = (await pagesOf(manager)).pages.find((p) => p.page_id === pageId(0));
    expect(listed).toMatchObject({
      channel_id: null,
      state: 'unlinked',
      connected: false,
      sector_name: null,
    });
    expect((await http.delete(`/api/facebook/pages/${row?.id}`, { cookie: manager })).status).toBe(404);

    const again = await http.post(`/api/facebook/pages/${pageId(0)}/connect`, {
      cookie: manager,
      body: { sector_id: sectorId },
    });
    expect((again.body.page as TFacebookPage).channel_id).toBe(row?.id);
    expect((await faChannel(pageId(0)))?.deletedAt).toBeNull();
    const revived = (await pagesOf(manager)).pages.find((p) => p.page_id === pageId(0));
    expect(revived).toMatchObject({ channel_id: row?.id, state: 'subscribed', connected: true });
  });
});

describe('a login Facebook no longer accepts', () => {
  it('shows not logged, and the connected pages still listed (not in the user’s list)', async () => {
    for (const t of peer.state.longLivedTokens) peer.state.userTokens.delete(t);
    expect((await http.get('/api/facebook/login-status', { cookie: manager })).body).toEqual({
      status: 'not_logged',
      name: null,
    });
    const list = await pagesOf(manager);
    expect(list.logged).toBe(false);
    expect(list.pages.map((p) => [p.page_id, p.connected, p.listed])).toEqual([
      [pageId(0), true, false],
      [pageId(1), true, false],
    ]);
    const connect = await http.post(`/api/facebook/pages/${pageId(2)}/connect`, {
      cookie: manager,
      body: { sector_id: sectorId },
    });
    expect(connect.status).toBe(400);
    expect(connect.body.message).toBe(FACEBOOK_MSG.notLogged);
    expect(await faChannel(pageId(2))).toBeUndefined();
  });
});
