import { z } from './zod';

// Spec 2 §4 Login: "the server may answer … a redirect to a new product url". Set per company (metadata
// redirect_url) by the platform owner or an admin in company edit; users of that company who log in are sent there.

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

export const ZLoginRedirectInput = z.object({
  /** null or an empty text clears it. */
  redirect_url: z
    .string({ error: LOGIN_REDIRECT_MSG.invalidUrl })
    .trim()
    .max(REDIRECT_URL_MAX, { error: LOGIN_REDIRECT_MSG.invalidUrl })
    .refine((v) => v === '' || isRedirectUrl(v), { error: LOGIN_REDIRECT_MSG.invalidUrl })
    .nullable(),
});
export type TLoginRedirectInput = z.input<typeof ZLoginRedirectInput>;

export const ZLoginRedirect = z.object({ redirect_url: z.string().nullable() });
export type TLoginRedirect = z.infer<typeof ZLoginRedirect>;
