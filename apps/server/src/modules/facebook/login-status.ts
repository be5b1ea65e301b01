import type { TFacebookLoginStatus } from '@prosa/shared/facebook';
import type { AppDeps, Caller } from '../../platform/deps';
import { openToken } from './facebook-app';
import { FacebookGraphError, me } from './graph-api';
import { findLogin } from './login-repository';

/** The login check (spec 2 §4: checking → logged / not logged): the company's token, asked to the Graph API. */
export async function facebookLoginStatus(
  deps: Pick<AppDeps, 'db' | 'config' | 'outbound' | 'appSecret'>,
  caller: Caller,
): Promise<TFacebookLoginStatus> {
  const login = await findLogin(deps.db, caller.companyId);
  const token = login ? openToken(login.tokenSealed, deps.appSecret) : '';
  if (!token) return { status: 'not_logged', name: null };
  try {
    const user = await me(deps, token);
    return { status: 'logged', name: user.name };
  } catch (err) {
    // An expired or revoked token is an answer (not logged); Facebook out of reach is not.
    if (err instanceof FacebookGraphError) return { status: 'not_logged', name: null };
    throw err;
  }
}
