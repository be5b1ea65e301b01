import { GOOGLE_CALENDAR_MSG } from '@prosa/shared/google-calendar';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, forbidden } from '../../platform/errors';
import { getCalendarState, redirectUriOf } from './calendar-state';
import { googleClient, googleConfigured } from './google-client';
import { checkOAuthState } from './oauth-state';
import { calendarEnabled, saveLink, sealTokens } from './repository';

type Deps = Pick<AppDeps, 'db' | 'config' | 'outbound' | 'appSecret'>;

/**
 * Sets the caller's calendar permission (spec 3 §7 "POST set permission {code}"): the code Google sent back is
 * exchanged for tokens, kept sealed. A state not made for this user, an expired one or any refusal by Google:
 * 400 with the spec's message (spec 3 §8), nothing stored.
 */
export async function connectCalendar(deps: Deps, caller: Caller, input: { code: string; state: string }) {
  if (!googleConfigured(deps.config)) throw badRequest(GOOGLE_CALENDAR_MSG.notConfigured);
  if (!(await calendarEnabled(deps.db, caller.companyId))) throw forbidden(GOOGLE_CALENDAR_MSG.notEnabled);
  const who = { companyId: caller.companyId, userId: caller.userId };
  if (!checkOAuthState(input.state, who, deps.appSecret)) throw badRequest(GOOGLE_CALENDAR_MSG.loadError);
  let exchanged: Awaited<ReturnType<ReturnType<typeof googleClient>['exchangeCode']>>;
  try {
    exchanged = await googleClient(deps.config, deps.outbound).exchangeCode(input.code, redirectUriOf(deps));
  } catch {
    // An unknown or used code, a wrong client secret, Google out of reach: the user starts again from the page.
    throw badRequest(GOOGLE_CALENDAR_MSG.loadError);
  }
  // Without a refresh token the link would stop working within the hour: refused like any other failure.
  if (!exchanged.tokens.refreshToken) throw badRequest(GOOGLE_CALENDAR_MSG.loadError);
  await saveLink(deps.db, {
    ...who,
    tokensSealed: sealTokens(exchanged.tokens, deps.appSecret),
    email: exchanged.email,
  });
  return { message: GOOGLE_CALENDAR_MSG.connected, state: await getCalendarState(deps, caller) };
}
