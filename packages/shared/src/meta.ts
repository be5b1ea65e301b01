import { META_WINDOW_MSG } from './meta-window';
import { z } from './zod';

// Facebook pages (Messenger) and Instagram business accounts (Instagram Direct): the config of their `channels`
// rows (kinds `fa` and `insta`), the Graph API constants of spec 2 §9 and the texts of spec 2 §8.

/** Page states (spec 2 §4): disconnected → subscribed → unlinked; needs_reauth shows the page not connected. */
export const FA_PAGE_STATES = ['disconnected', 'subscribed', 'unlinked'] as const;
export type TFaPageState = (typeof FA_PAGE_STATES)[number];

/**
 * A Facebook page's config (kind `fa`, route key = the page id). Its sealed secrets: `{ page_access_token }`.
 */
export const ZFaConfig = z.object({
  page_id: z.string().min(1).max(40),
  page_name: z.string().max(200),
  state: z.enum(FA_PAGE_STATES),
  needs_reauth: z.boolean(),
  instagram_id: z.string().max(40).nullable(),
  username_instagram: z.string().max(200).nullable(),
});
export type TFaConfig = z.infer<typeof ZFaConfig>;

/**
 * An Instagram business account's config (kind `insta`, route key = the account id), linked to a page whose
 * token it uses. Its sealed secrets: `{ page_access_token }`.
 */
export const ZInstaConfig = z.object({
  account_id: z.string().min(1).max(40),
  username: z.string().max(200),
  page_id: z.string().min(1).max(40),
  iagree: z.boolean(),
});
export type TInstaConfig = z.infer<typeof ZInstaConfig>;

/** Spec 2 §9. */
export const FACEBOOK_GRAPH_VERSION = 'v19.0';
export const FACEBOOK_PAGE_FETCH_LIMIT = 25;
export const FACEBOOK_SUBSCRIBED_FIELDS = [
  'messages',
  'messaging_postbacks',
  'message_reads',
  'messaging_referrals',
] as const;

export const META_MSG = {
  loginError: 'Erro ao efetuar login no Facebook, por favor tente novamente mais tarde.',
  loginCancelled: 'Login cancelado ou não autorizado.',
  /** Codes 230 or OAuthException (spec 2 §8). */
  reauth: 'A página precisa ser autenticada novamente no Facebook. Refaça o login em Canais de entrada.',
  /** Codes 10, 190, 200, 299 (spec 2 §8). */
  relink: 'A página perdeu a permissão no Facebook. Vincule a página novamente.',
  ...META_WINDOW_MSG,
  pageNotFound: 'Página do Facebook não encontrada.',
  accountNotFound: 'Conta do Instagram não encontrada.',
  storyMention: 'Mencionou você em um story',
  storyReply: 'Respondeu ao seu story',
  unsupported: 'Mensagem de um tipo não suportado.',
} as const;

/** One referral of an attendance (GET /api/referral-tracking/{protocol}): how the person came to the page. */
export const ZReferral = z.object({
  source: z.string().nullable(),
  type: z.string().nullable(),
  ref: z.string().nullable(),
  ad_id: z.string().nullable(),
  at: z.string(),
});
export type TReferral = z.infer<typeof ZReferral>;

export const ZReferralTracking = z.object({ protocol: z.string(), referrals: z.array(ZReferral) });

export const ZReferralParams = z.object({
  protocol: z
    .string()
    .trim()
    .min(1, { error: 'Informe o protocolo.' })
    .max(40, { error: 'Protocolo inválido.' })
    .regex(/^[A-Za-z0-9._-]+$/, { error: 'Protocolo inválido.' }),
});
