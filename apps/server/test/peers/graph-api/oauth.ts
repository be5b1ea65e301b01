import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { escapeHtml, json, sendGraphError } from './http';
import type { GraphPeerState } from './state';

// Facebook Login as Meta serves it: the dialog (/dialog/oauth) a person confirms or cancels, then the code
// exchanged for a user token (/{v}/oauth/access_token) and that one for a long-lived token (fb_exchange_token).

const redirect = (res: ServerResponse, to: string) => {
  res.writeHead(302, { location: to });
  res.end();
};

/** GET /dialog/oauth: "Continuar como …" (a form to /dialog/oauth/confirm) and "Cancelar". */
export function dialogPage(s: GraphPeerState, url: URL, res: ServerResponse) {
  const q = url.searchParams;
  const redirectUri = q.get('redirect_uri') ?? '';
  if (q.get('client_id') !== s.appId || !/^https?:\/\//.test(redirectUri)) {
    res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><p>Parâmetros inválidos: client_id ou redirect_uri.</p>');
    return;
  }
  s.dialogs.push({ scope: q.get('scope') ?? '', state: q.get('state') ?? '', redirectUri });
  const hidden = ['redirect_uri', 'state', 'scope']
    .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q.get(k) ?? '')}">`)
    .join('');
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Facebook</title></head><body>
<h1>Entrar com o Facebook</h1><p>${escapeHtml(s.user.name)}, o app quer acessar suas páginas.</p>
<form method="get" action="/dialog/oauth/confirm">${hidden}
<button type="submit" name="answer" value="yes">Continuar como ${escapeHtml(s.user.name.split(' ')[0] ?? '')}</button>
<button type="submit" name="answer" value="no">Cancelar</button></form></body></html>`);
}

/** The person's answer: back to redirect_uri with a code, or with error=access_denied (or when the test denies). */
export function dialogAnswer(s: GraphPeerState, url: URL, res: ServerResponse) {
  const q = url.searchParams;
  const back = new URL(q.get('redirect_uri') ?? '');
  const state = q.get('state') ?? '';
  if (q.get('answer') !== 'yes' || s.options.denyLogin) {
    back.searchParams.set('error', 'access_denied');
    back.searchParams.set('error_code', '200');
    back.searchParams.set('error_description', 'Permissions error');
    back.searchParams.set('error_reason', 'user_denied');
  } else {
    const code = `code-${randomBytes(12).toString('base64url')}`;
    s.codes.set(code, back.toString());
    back.searchParams.set('code', code);
  }
  back.searchParams.set('state', state);
  redirect(res, back.toString());
}

/** GET /{v}/oauth/access_token: the code (once, same redirect_uri, the app's secret) or a token to extend. */
export function accessToken(s: GraphPeerState, url: URL, res: ServerResponse) {
  const q = url.searchParams;
  if (q.get('client_id') !== s.appId || q.get('client_secret') !== s.appSecret)
    return sendGraphError(res, {
      code: 1,
      type: 'OAuthException',
      message: 'Error validating client secret.',
    });
  if (q.get('grant_type') === 'fb_exchange_token') {
    const given = q.get('fb_exchange_token') ?? '';
    if (!s.userTokens.has(given))
      return sendGraphError(res, { code: 190, message: 'Invalid OAuth access token.' });
    const token = `EAAL-${randomBytes(16).toString('base64url')}`;
    s.userTokens.add(token);
    s.longLivedTokens.add(token);
    return json(res, 200, { access_token: token, token_type: 'bearer', expires_in: 5_184_000 });
  }
  const code = q.get('code') ?? '';
  const uri = s.codes.get(code);
  if (!uri || uri !== (q.get('redirect_uri') ?? ''))
    return sendGraphError(res, {
      code: 100,
      type: 'OAuthException',
      subcode: 36007,
      message: 'This authorization code has been used.',
    });
  s.codes.delete(code);
  const token = `EAAU-${randomBytes(16).toString('base64url')}`;
  s.userTokens.add(token);
  json(res, 200, { access_token: token, token_type: 'bearer', expires_in: 5_183_944 });
}
