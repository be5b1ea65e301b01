import type { Config } from '../../platform/config';
import type { OutboundGuard } from '../../platform/outbound-url';

// Google's OAuth 2.0 web server flow and Calendar API v3 events, at the base URLs of the config (tests: a peer).
// Every call goes through the outbound-URL guard.

type GoogleConfig = Pick<
  Config,
  | 'GOOGLE_CLIENT_ID'
  | 'GOOGLE_CLIENT_SECRET'
  | 'GOOGLE_OAUTH_URL'
  | 'GOOGLE_TOKEN_URL'
  | 'GOOGLE_CALENDAR_URL'
>;

/** Events of the user's calendars, plus the account's e-mail address (openid email: the id_token names it). */
export const GOOGLE_SCOPES = 'openid email https://www.googleapis.com/auth/calendar.events';

/** Tokens as sealed in google_calendar_links.tokens_sealed. */
export type TGoogleTokens = { accessToken: string; refreshToken: string; expiresAt: number; scope: string };

/** Google answered with an error (or not at all): the detail is for the log and lastError, never the screen. */
export class GoogleError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(detail);
    this.name = 'GoogleError';
  }
}

export type TCalendarEvent = { summary: string; description: string; start: Date; end: Date };

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function googleConfigured(config: GoogleConfig): boolean {
  return Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);
}

async function readJson(res: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await res.json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The e-mail in an id_token received straight from the token endpoint (TLS: its signature need not be checked). */
function emailOf(idToken: unknown): string {
  if (typeof idToken !== 'string') return '';
  try {
    const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return typeof payload?.email === 'string' ? payload.email.slice(0, 320) : '';
  } catch {
    return '';
  }
}

function eventBody(e: TCalendarEvent) {
  return {
    summary: e.summary,
    description: e.description,
    start: { dateTime: e.start.toISOString() },
    end: { dateTime: e.end.toISOString() },
    reminders: { useDefault: true },
  };
}

export function googleClient(config: GoogleConfig, outbound: OutboundGuard, now: () => number = Date.now) {
  const clientId = config.GOOGLE_CLIENT_ID ?? '';
  const secret = config.GOOGLE_CLIENT_SECRET ?? '';
  const calendarBase = trimSlash(config.GOOGLE_CALENDAR_URL);

  async function token(fields: Record<string, string>, previous?: TGoogleTokens) {
    const res = await outbound.fetch(config.GOOGLE_TOKEN_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: clientId, client_secret: secret, ...fields }).toString(),
    });
    const body = await readJson(res);
    if (!res.ok || typeof body.access_token !== 'string')
      throw new GoogleError(res.status, `token ${res.status}: ${String(body.error ?? '')}`);
    const seconds = Number(body.expires_in);
    const tokens: TGoogleTokens = {
      accessToken: body.access_token,
      // A refresh answer usually has no new refresh token: the old one stays valid.
      refreshToken:
        typeof body.refresh_token === 'string' ? body.refresh_token : (previous?.refreshToken ?? ''),
      expiresAt: now() + (Number.isFinite(seconds) && seconds > 0 ? seconds : 3600) * 1000,
      scope: typeof body.scope === 'string' ? body.scope : (previous?.scope ?? ''),
    };
    return { tokens, email: emailOf(body.id_token) };
  }

  async function calendarCall(method: string, path: string, accessToken: string, body?: unknown) {
    return outbound.fetch(`${calendarBase}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  }

  const eventsPath = (calendarId: string) => `/calendars/${encodeURIComponent(calendarId)}/events`;

  return {
    authorizeUrl(redirectUri: string, state: string): string {
      const url = new URL(`${trimSlash(config.GOOGLE_OAUTH_URL)}/o/oauth2/v2/auth`);
      url.search = new URLSearchParams({
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: GOOGLE_SCOPES,
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        state,
      }).toString();
      return url.toString();
    },
    exchangeCode: (code: string, redirectUri: string) =>
      token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
    refresh: async (tokens: TGoogleTokens) =>
      (await token({ grant_type: 'refresh_token', refresh_token: tokens.refreshToken }, tokens)).tokens,
    /** Creates the event; its id. */
    async insertEvent(accessToken: string, calendarId: string, e: TCalendarEvent): Promise<string> {
      const res = await calendarCall('POST', eventsPath(calendarId), accessToken, eventBody(e));
      const body = await readJson(res);
      if (!res.ok || typeof body.id !== 'string')
        throw new GoogleError(res.status, `events.insert ${res.status}`);
      return body.id;
    },
    /** Moves the event; false when it no longer exists (deleted in the calendar). */
    async patchEvent(accessToken: string, calendarId: string, eventId: string, e: TCalendarEvent) {
      const path = `${eventsPath(calendarId)}/${encodeURIComponent(eventId)}`;
      const res = await calendarCall('PATCH', path, accessToken, eventBody(e));
      if (res.status === 404 || res.status === 410) return false;
      if (!res.ok) throw new GoogleError(res.status, `events.patch ${res.status}`);
      return true;
    },
    /** Removes the event; one already gone counts as removed. */
    async deleteEvent(accessToken: string, calendarId: string, eventId: string) {
      const path = `${eventsPath(calendarId)}/${encodeURIComponent(eventId)}`;
      const res = await calendarCall('DELETE', path, accessToken);
      if (res.ok || res.status === 404 || res.status === 410) return;
      throw new GoogleError(res.status, `events.delete ${res.status}`);
    },
  };
}

export type GoogleClient = ReturnType<typeof googleClient>;
