import type { TGoogleCalendarState } from '@prosa/shared/google-calendar';
import { publicUrl } from '../../platform/config';
import type { AppDeps, Caller } from '../../platform/deps';
import { googleClient, googleConfigured } from './google-client';
import { createOAuthState } from './oauth-state';
import { calendarEnabled, findLink } from './repository';

/** Where Google sends the user back with ?code&state (the web page /google-calendar). */
export const redirectUriOf = (deps: Pick<AppDeps, 'config'>) =>
  `${publicUrl(deps.config).replace(/\/+$/, '')}/google-calendar`;

/** The caller's calendar permission (spec 3 §7 "GET calendar permission"), with a fresh consent address. */
export async function getCalendarState(
  deps: Pick<AppDeps, 'db' | 'config' | 'outbound' | 'appSecret'>,
  caller: Caller,
): Promise<TGoogleCalendarState> {
  const configured = googleConfigured(deps.config);
  const enabled = await calendarEnabled(deps.db, caller.companyId);
  const link = await findLink(deps.db, caller.companyId, caller.userId);
  const state = createOAuthState({ companyId: caller.companyId, userId: caller.userId }, deps.appSecret);
  return {
    configured,
    enabled,
    connected: link !== null,
    email: link ? link.email || null : null,
    authorizeUrl:
      configured && enabled
        ? googleClient(deps.config, deps.outbound).authorizeUrl(redirectUriOf(deps), state)
        : null,
    lastError: link?.lastError ?? null,
  };
}
