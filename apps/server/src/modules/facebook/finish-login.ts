import type { TFacebookLoginResult } from '@prosa/shared/facebook';
import { encryptSecret } from '../../platform/crypto';
import type { AppDeps, Caller } from '../../platform/deps';
import { facebookApp, facebookCallbackUrl } from './facebook-app';
import { exchangeCode, exchangeLongLived, me } from './graph-api';
import { saveLogin, takeLoginState } from './login-repository';
import { decodeLoginState } from './login-state';

export type CallbackQuery = { code?: string; state?: string; error?: string };

/**
 * Facebook Login, the callback: the state must be ours (signature), unexpired, started by this same caller and
 * not used before; then the code becomes a user token, the user token a long-lived one, kept sealed for the
 * company. 'cancelled' when the user refused the dialog (error=access_denied), 'error' for everything else.
 */
export async function finishFacebookLogin(
  deps: Pick<AppDeps, 'db' | 'config' | 'outbound' | 'appSecret'>,
  caller: Caller,
  query: CallbackQuery,
  log: (msg: string, err?: unknown) => void,
): Promise<TFacebookLoginResult> {
  const app = facebookApp(deps.config);
  if (!app || !query.state) return 'error';
  const state = decodeLoginState(query.state, app.secret);
  if (!state || state.companyId !== caller.companyId || state.userId !== caller.userId) return 'error';
  if (!(await takeLoginState(deps.db, state.nonce, state.companyId, state.userId))) return 'error';
  if (query.error) return query.error === 'access_denied' ? 'cancelled' : 'error';
  if (!query.code) return 'error';
  try {
    const short = await exchangeCode(deps, app, query.code, facebookCallbackUrl(deps.config));
    const long = await exchangeLongLived(deps, app, short.accessToken);
    const user = await me(deps, long.accessToken);
    await saveLogin(deps.db, {
      companyId: caller.companyId,
      userId: caller.userId,
      fbUserId: user.id,
      fbUserName: user.name,
      tokenSealed: encryptSecret(long.accessToken, deps.appSecret),
      expiresAt: long.expiresIn ? new Date(Date.now() + long.expiresIn * 1000) : null,
    });
    return 'ok';
  } catch (err) {
    log('facebook login: troca do código falhou', err);
    return 'error';
  }
}
