// Spec 2 §4 Login: "the server may answer … a redirect to a new product url". The texts and the address check
// without zod: the login page is part of the chat's first load (apps/web/src/lib/first-load.test.ts).

export const REDIRECT_URL_MAX = 2000;

export const LOGIN_REDIRECT_MSG = {
  saved: 'Redirecionamento salvo com sucesso.',
  cleared: 'Redirecionamento removido.',
  invalidUrl: 'Informe um endereço https válido, sem usuário e senha (ex.: https://novo.exemplo.com.br).',
  notPublic: 'O endereço precisa ser público: endereços internos não são aceitos.',
  loadError: 'Erro ao carregar o redirecionamento.',
  /** Shown on the login page while the browser goes to the new address. */
  notice: 'Sua empresa agora usa um novo endereço. Redirecionando…',
} as const;

/** The format rules of the outbound-URL guard that need no network: https, a host, no credentials. */
// A pattern, not `URL`: this package is shared by the server and the browser and assumes neither's library.
const HTTPS_URL =
  /^https:\/\/(?:\[[0-9A-Fa-f:.]+\]|(?:[A-Za-z0-9-]+\.)*[A-Za-z0-9-]+)(?::\d{1,5})?(?:[/?#][^\s]*)?$/;

export function isRedirectUrl(value: string): boolean {
  return HTTPS_URL.test(value);
}
