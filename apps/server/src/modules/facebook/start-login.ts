import { FACEBOOK_LOGIN_SCOPES, FACEBOOK_SCREEN_PATH } from '@prosa/shared/facebook';
import type { AppDeps, Caller } from '../../platform/deps';
import { facebookApp, facebookCallbackUrl } from './facebook-app';
import { insertLoginState } from './login-repository';
import { encodeLoginState, newLoginState } from './login-state';

/**
 * Facebook Login, first step: the address of Meta's OAuth dialog for this caller, with the app's id, the
 * callback, the scopes of spec 2 §9 and a signed single-use `state`. Without a Meta app configured, the pages
 * screen with the login error.
 */
export async function startFacebookLogin(deps: Pick<AppDeps, 'db' | 'config'>, caller: Caller) {
  const app = facebookApp(deps.config);
  if (!app) return `${FACEBOOK_SCREEN_PATH}?login=error`;
  const state = newLoginState(caller.companyId, caller.userId);
  await insertLoginState(deps.db, {
    nonce: state.nonce,
    companyId: state.companyId,
    userId: state.userId,
    expiresAt: new Date(state.expiresAt),
  });
  const dialog = new URL(
    `${deps.config.FACEBOOK_DIALOG_URL.replace(/\/+$/, '')}/${deps.config.FACEBOOK_GRAPH_VERSION}/dialog/oauth`,
  );
  dialog.searchParams.set('client_id', app.id);
  dialog.searchParams.set('redirect_uri', facebookCallbackUrl(deps.config));
  dialog.searchParams.set('state', encodeLoginState(state, app.secret));
  dialog.searchParams.set('response_type', 'code');
  dialog.searchParams.set('scope', FACEBOOK_LOGIN_SCOPES.join(','));
  return dialog.toString();
}
