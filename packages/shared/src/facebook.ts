import { zId } from './ids';
import { META_MSG, type TFaPageState } from './meta';
import { z } from './zod';

// The Facebook pages and Instagram accounts module (issue 14; spec 2 §2 main.facebook and the Instagram screen,
// §4 page states and login check, §5 Instagram validation, §8 errors): API inputs, outputs and texts. The
// channel configs themselves (ZFaConfig, ZInstaConfig) and the Graph constants are in ./meta.

export const FACEBOOK_MSG = {
  loginError: META_MSG.loginError,
  loginCancelled: META_MSG.loginCancelled,
  notConfigured:
    'O login do Facebook não está configurado neste servidor (FACEBOOK_APP_ID e FACEBOOK_APP_SECRET).',
  notLogged: 'Entre com o Facebook para listar e conectar as suas páginas.',
  pageNotFound: META_MSG.pageNotFound,
  pageOtherCompany: 'Esta página já está conectada em outra empresa.',
  sectorRequired: 'Campo Setor é obrigatório!',
  sectorInvalid: 'Setor inválido.',
  connected: 'Página conectada com sucesso!',
  resubscribed: 'Página inscrita novamente com sucesso!',
  updated: 'Página atualizada com sucesso!',
  unlinked: 'Página desvinculada com sucesso!',
  reauth: META_MSG.reauth,
  relink: META_MSG.relink,
  instagramNotFound: META_MSG.accountNotFound,
  instagramNameRequired: 'Campo Nome é obrigatório!',
  instagramPageRequired: 'Campo Página é obrigatório!',
  instagramSectorRequired: 'Campo Setor é obrigatório!',
  instagramTermsRequired: 'Campo Aceite dos termos é obrigatório!',
  instagramPageNotConnected: 'Conecte a página no Facebook antes de vincular o Instagram.',
  instagramNoAccount: 'Esta página não tem uma conta comercial do Instagram vinculada.',
  instagramTaken: 'Esta conta do Instagram já está cadastrada.',
  instagramSaved: 'Canal salvo com sucesso!',
  instagramRemoved: 'Canal removido com sucesso!',
} as const;

/** Where the callback sends the browser back (the pages screen reads `login`). */
export const FACEBOOK_SCREEN_PATH = '/channels/facebook';
export type TFacebookLoginResult = 'ok' | 'error' | 'cancelled';

/** Spec 2 §9: the scopes for pages, Instagram and business management. */
export const FACEBOOK_LOGIN_SCOPES = [
  'pages_show_list',
  'pages_messaging',
  'pages_manage_metadata',
  'pages_read_engagement',
  'instagram_basic',
  'instagram_manage_messages',
  'business_management',
] as const;

/** What a Graph API error asks of the user (spec 2 §8). */
export type TGraphErrorAction = 'reauth' | 'relink' | 'provider';

const RELINK_CODES = new Set([10, 190, 200, 299]);

/**
 * Spec 2 §8: code 230 or an OAuthException → re-authenticate in the input channels; 10, 190, 200, 299 → link the
 * page again; anything else shows the provider's message. (190 is an OAuthException too: the code wins.)
 */
export function graphErrorAction(err: { code?: number | null; type?: string | null }): TGraphErrorAction {
  if (typeof err.code === 'number' && RELINK_CODES.has(err.code)) return 'relink';
  if (err.code === 230 || err.type === 'OAuthException') return 'reauth';
  return 'provider';
}

/** The Portuguese text shown for a Graph API error (the provider's own message for the other codes). */
export function graphErrorMessage(err: {
  code?: number | null;
  type?: string | null;
  message: string;
}): string {
  const action = graphErrorAction(err);
  if (action === 'reauth') return META_MSG.reauth;
  if (action === 'relink') return META_MSG.relink;
  return err.message;
}

export const ZFacebookLoginStatus = z.object({
  status: z.enum(['logged', 'not_logged']),
  /** The Facebook user's name when logged. */
  name: z.string().nullable(),
});
export type TFacebookLoginStatus = z.infer<typeof ZFacebookLoginStatus>;

export const ZFacebookCallbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
  error_reason: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});

/** A page as the pages screen shows it: the user's page on Facebook, merged with the company's channel. */
export const ZFacebookPage = z.object({
  page_id: z.string(),
  name: z.string(),
  /** The `fa` channel, when the page was connected (not unlinked). */
  channel_id: z.number().nullable(),
  state: z.enum(['disconnected', 'subscribed', 'unlinked'] satisfies [TFaPageState, ...TFaPageState[]]),
  needs_reauth: z.boolean(),
  /** Subscribed and not needing a new login. */
  connected: z.boolean(),
  default_sector_id: z.number().nullable(),
  sector_name: z.string().nullable(),
  instagram_id: z.string().nullable(),
  username_instagram: z.string().nullable(),
  /**
   * In the list: whether the logged Facebook user manages the page (false: connected earlier, not in their
   * list). Absent from the answers about one page.
   */
  listed: z.boolean().optional(),
});
export type TFacebookPage = z.infer<typeof ZFacebookPage>;

export const ZFacebookPages = z.object({
  logged: z.boolean(),
  pages: z.array(ZFacebookPage),
});
export type TFacebookPages = z.infer<typeof ZFacebookPages>;

export const ZFacebookPageIdParam = z.object({
  pageId: z
    .string()
    .trim()
    .regex(/^\d{1,40}$/, { error: META_MSG.pageNotFound }),
});

export const ZFacebookConnectInput = z.object({
  sector_id: zId(FACEBOOK_MSG.sectorRequired),
});
export type TFacebookConnectInput = z.infer<typeof ZFacebookConnectInput>;

export const ZFacebookPagePatch = ZFacebookConnectInput;

export const ZFacebookPageResult = z.object({ message: z.string(), page: ZFacebookPage });

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });

export const ZInstagramInput = z.object({
  page_id: z
    .string({ error: FACEBOOK_MSG.instagramPageRequired })
    .trim()
    .regex(/^\d{1,40}$/, { error: FACEBOOK_MSG.instagramPageRequired }),
  name: requiredText(FACEBOOK_MSG.instagramNameRequired, 80),
  sector_id: zId(FACEBOOK_MSG.instagramSectorRequired),
  iagree: z.literal(true, { error: FACEBOOK_MSG.instagramTermsRequired }),
});
export type TInstagramInput = z.infer<typeof ZInstagramInput>;

export const ZInstagramPatch = z.object({
  name: requiredText(FACEBOOK_MSG.instagramNameRequired, 80).optional(),
  sector_id: zId(FACEBOOK_MSG.instagramSectorRequired).optional(),
});
export type TInstagramPatch = z.infer<typeof ZInstagramPatch>;

export const ZInstagramChannel = z.object({
  id: z.number(),
  name: z.string(),
  account_id: z.string(),
  username: z.string(),
  page_id: z.string(),
  page_name: z.string().nullable(),
  default_sector_id: z.number(),
  sector_name: z.string().nullable(),
  iagree: z.boolean(),
  created_at: z.string(),
});
export type TInstagramChannel = z.infer<typeof ZInstagramChannel>;
