// Multichannel links (spec 2 §3 "Multichannel link", "Widget"; §5 Multichannel; §8; §9): one public hotsite per
// hash and an embeddable widget listing the company's enabled channels. One schema for the server, the form and
// the public page; the validator returns the spec's texts verbatim.
import { zId } from './ids';
import { z } from './zod';

export const MULTICHANNEL_MSG = {
  nameRequired: 'Preencha o campo Nome.',
  noChannel: 'Configure e ative pelo menos um dos canais.',
  webchatRequired: 'Selecione e ative um Web Chat.',
  newchatRequired: 'Selecione e ative um Canal de NewChat.',
  wawebRequired: 'Selecione pelo menos um número de whatsapp.',
  cssInvalid: 'O campo de CSS possui dados não permitidos.',
  linkTextRequired: 'Preencha o campo Texto do link.',
  linkUrlRequired: 'Preencha o campo Endereço do link.',
  linkUrlInvalid:
    'O campo Endereço contém uma URL inválida. Inclua o protocolo http:// ou https:// no endereço.',
  emailInvalid: 'Informe um endereço de e-mail válido.',
  channelInvalid: 'O canal selecionado não existe nesta empresa.',
  logoInvalid: 'Arquivo inválido! Envie uma imagem PNG, JPG, GIF ou BMP.',
  notFound: 'Multicanal não encontrado.',
  copied: 'Link copiado com sucesso!',
  logoTooLarge: 'Tamanho máximo 2MB excedido!',
  uploadFailed: 'Erro ao realizar upload da foto.',
  saved: 'Multicanal salvo com sucesso!',
  removed: 'Multicanal removido com sucesso!',
} as const;

/** Spec 2 §9. */
export const MULTICHANNEL_PER_PAGE = 50;
export const MULTICHANNEL_LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const MULTICHANNEL_DEFAULT_COLORS = {
  grey: '#A4A8AE',
  green: '#82DD52',
  white: '#FFFFFF',
} as const;

/** The channel types of a link, in the order the hotsite lists them after the WhatsApp numbers. */
export const MULTICHANNEL_TYPES = ['waweb', 'fa', 'telegram', 'em', 'web', 'nc'] as const;
export type TMultichannelType = (typeof MULTICHANNEL_TYPES)[number];
/** Button texts: one per channel type, plus the "call me" button of the web chat. */
export type TMultichannelButton = TMultichannelType | 'call_me';

export const MULTICHANNEL_TYPE_LABEL: Record<TMultichannelButton, string> = {
  waweb: 'WhatsApp',
  fa: 'Facebook',
  telegram: 'Telegram',
  em: 'E-mail',
  web: 'Web chat',
  nc: 'NewChat',
  call_me: 'Me ligue',
};

const text = (max: number) =>
  z
    .string()
    .max(max, { error: `Use no máximo ${max} caracteres.` })
    .default('');
const color = (fallback: string) =>
  z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'Cor inválida (use #RRGGBB).' })
    .default(fallback);
const channelId = zId(MULTICHANNEL_MSG.channelInvalid).nullable().default(null);

const base = {
  enabled: z.boolean().default(false),
  show_in_hotsite: z.boolean().default(true),
  text_description: text(300),
};

export const ZMultichannelPayload = z.object({
  waweb: z
    .object({ ...base, number: z.array(zId(MULTICHANNEL_MSG.channelInvalid)).max(20).default([]) })
    .default({
      enabled: false,
      show_in_hotsite: true,
      text_description: '',
      number: [],
    }),
  /** The hotsite page itself: off means /hotsite/<hash> answers "Multicanal não encontrado."; its text is the intro. */
  hotsite: z.object({ ...base, enabled: z.boolean().default(true) }).default({
    enabled: true,
    show_in_hotsite: true,
    text_description: '',
  }),
  fa: z
    .object({
      ...base,
      /** The Facebook page's id or name (the page channel's route key): m.me/<page id>. */
      facebook_user_id: z
        .string()
        .regex(/^[A-Za-z0-9_.-]{0,100}$/, { error: MULTICHANNEL_MSG.channelInvalid })
        .default(''),
      /** Kept as given by imports of the old product; the hotsite does not use it. */
      widget_secret: z.string().max(200).optional(),
    })
    .default({ enabled: false, show_in_hotsite: true, text_description: '', facebook_user_id: '' }),
  web: z
    .object({
      ...base,
      /** The web chat channel's id. */
      webchat: channelId,
      call_me_enabled: z.boolean().default(false),
      call_me: z.object({ text_description: text(300) }).default({ text_description: '' }),
    })
    .default({
      enabled: false,
      show_in_hotsite: true,
      text_description: '',
      webchat: null,
      call_me_enabled: false,
      call_me: { text_description: '' },
    }),
  em: z
    .object({ ...base, email: z.string().trim().max(254).default('') })
    .default({ enabled: false, show_in_hotsite: true, text_description: '', email: '' }),
  telegram: z
    .object({
      ...base,
      telegram_channel: channelId,
      /** The bot's username (with or without @): t.me/<user>. */
      user_telegram: z
        .string()
        .trim()
        .regex(/^@?[A-Za-z0-9_]{0,64}$/, { error: 'Usuário do Telegram inválido.' })
        .default(''),
    })
    .default({
      enabled: false,
      show_in_hotsite: true,
      text_description: '',
      telegram_channel: null,
      user_telegram: '',
    }),
  nc: z
    .object({ ...base, newchat: channelId })
    .default({ enabled: false, show_in_hotsite: true, text_description: '', newchat: null }),
  custom_css: z.string().max(20_000).default(''),
  custom_links: z
    .array(z.object({ description: z.string().trim().max(120), url: z.string().trim().max(2000) }))
    .max(20)
    .default([]),
});
export type TMultichannelPayload = z.output<typeof ZMultichannelPayload>;
export type TMultichannelPayloadInput = z.input<typeof ZMultichannelPayload>;

const buttonTexts = z.object({
  waweb: text(60),
  fa: text(60),
  telegram: text(60),
  em: text(60),
  web: text(60),
  nc: text(60),
  call_me: text(60),
});

export const ZMultichannelWidget = z.object({
  title: text(120),
  welcome: text(300),
  greeting: text(300),
  buttons: buttonTexts.default({ waweb: '', fa: '', telegram: '', em: '', web: '', nc: '', call_me: '' }),
  welcome_color: color(MULTICHANNEL_DEFAULT_COLORS.grey),
  greeting_color: color(MULTICHANNEL_DEFAULT_COLORS.grey),
  buttons_color: color(MULTICHANNEL_DEFAULT_COLORS.green),
  buttons_text_color: color(MULTICHANNEL_DEFAULT_COLORS.white),
  icons_color: color(MULTICHANNEL_DEFAULT_COLORS.white),
  /** The URL /api/multichannel-upload answered, or null. */
  logo_image: z.string().max(300).nullable().default(null),
});
export type TMultichannelWidget = z.output<typeof ZMultichannelWidget>;

export const ZMultichannelInput = z
  .object({
    name: z.string().trim().max(120, { error: 'Use no máximo 120 caracteres.' }).default(''),
    widget: ZMultichannelWidget.default(ZMultichannelWidget.parse({})),
    payload: ZMultichannelPayload.default(ZMultichannelPayload.parse({})),
  })
  .superRefine((v, ctx) => {
    const problem = validateMultichannel(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path });
  });
export type TMultichannelInput = z.output<typeof ZMultichannelInput>;

export const ZMultichannel = z.object({
  id: z.number(),
  name: z.string(),
  hash: z.string(),
  widget: ZMultichannelWidget,
  payload: ZMultichannelPayload,
  created_at: z.string(),
  updated_at: z.string(),
});
export type TMultichannel = z.infer<typeof ZMultichannel>;

export const ZMultichannelListItem = z.object({
  id: z.number(),
  name: z.string(),
  hash: z.string(),
  /** The types that count as configured (enabled with a selection), in hotsite order. */
  channels: z.array(z.enum(MULTICHANNEL_TYPES)),
  updated_at: z.string(),
});
export const ZMultichannelPage = z.object({
  items: z.array(ZMultichannelListItem),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type TMultichannelPage = z.infer<typeof ZMultichannelPage>;

export const ZMultichannelListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  search: z.string().trim().max(120).optional(),
});

/** A channel the form can pick (the company's live channels of the kinds a link uses). */
export const ZMultichannelOption = z.object({
  id: z.number(),
  kind: z.enum(['waweb', 'fa', 'web', 'tg', 'nc']),
  name: z.string(),
  /** WhatsApp: the phone; Facebook: the page id; Telegram: the bot's username; web/NewChat: the code. */
  detail: z.string(),
});
export type TMultichannelOption = z.infer<typeof ZMultichannelOption>;

/** One button of the hotsite and of the widget, in order. */
export const ZMultichannelPublicButton = z.object({
  type: z.enum([...MULTICHANNEL_TYPES, 'call_me', 'link']),
  label: z.string(),
  description: z.string(),
  /** Where the button leads (wa.me, m.me, t.me, mailto:, /newchat/<code>, a custom link), or null for the web chat. */
  href: z.string().nullable(),
  /** The web chat's code, for buttons that open it in place. */
  webchat_code: z.string().nullable(),
});
export type TMultichannelPublicButton = z.infer<typeof ZMultichannelPublicButton>;

export const ZMultichannelPublic = z.object({
  hash: z.string(),
  title: z.string(),
  welcome: z.string(),
  greeting: z.string(),
  colors: z.object({
    welcome: z.string(),
    greeting: z.string(),
    buttons: z.string(),
    buttons_text: z.string(),
    icons: z.string(),
  }),
  logo_url: z.string().nullable(),
  hotsite_url: z.string().nullable(),
  buttons: z.array(ZMultichannelPublicButton),
});
export type TMultichannelPublic = z.infer<typeof ZMultichannelPublic>;

// ---- the validator (spec 2 §5 Multichannel) ----

type TValidatable = {
  name: string;
  payload: Pick<
    TMultichannelPayload,
    'waweb' | 'fa' | 'web' | 'em' | 'telegram' | 'nc' | 'custom_css' | 'custom_links'
  >;
};

/** Any HTML element, comment or closing tag (`<style`, `</style`, `<!--`, `<script`…) in the custom CSS. */
export function cssHasHtml(css: string): boolean {
  return /<\s*[/!?]?\s*[A-Za-z!?-]/.test(css) || /<\/?\s*style/i.test(css);
}

/** ftp, http or https followed by something that looks like a domain (name.tld, optional port and path). */
export function isLinkUrl(url: string): boolean {
  return /^(ftp|https?):\/\/([A-Za-z0-9-]+\.)+[A-Za-z]{2,}(:\d{1,5})?([/?#]\S*)?$/i.test(url.trim());
}

export function isEmailAddress(v: string): boolean {
  return /^[^\s@<>()"',;:]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(v.trim());
}

/** The channel types that count: enabled and with their selection set (Telegram: channel and user). */
export function configuredTypes(payload: TValidatable['payload']): TMultichannelType[] {
  const on: Record<TMultichannelType, boolean> = {
    waweb: payload.waweb.enabled && payload.waweb.number.length > 0,
    fa: payload.fa.enabled && payload.fa.facebook_user_id !== '',
    telegram:
      payload.telegram.enabled &&
      payload.telegram.telegram_channel !== null &&
      payload.telegram.user_telegram !== '',
    em: payload.em.enabled && payload.em.email.trim() !== '',
    web: payload.web.enabled && payload.web.webchat !== null,
    nc: payload.nc.enabled && payload.nc.newchat !== null,
  };
  return MULTICHANNEL_TYPES.filter((t) => on[t]);
}

/** The first rule a link breaks, with the spec's text and the field it points at; null when it is valid. */
export function validateMultichannel(v: TValidatable): { message: string; path: (string | number)[] } | null {
  const p = v.payload;
  if (v.name.trim() === '') return { message: MULTICHANNEL_MSG.nameRequired, path: ['name'] };
  if (cssHasHtml(p.custom_css))
    return { message: MULTICHANNEL_MSG.cssInvalid, path: ['payload', 'custom_css'] };
  if (p.waweb.enabled && p.waweb.number.length === 0)
    return { message: MULTICHANNEL_MSG.wawebRequired, path: ['payload', 'waweb', 'number'] };
  if (p.nc.enabled && p.nc.newchat === null)
    return { message: MULTICHANNEL_MSG.newchatRequired, path: ['payload', 'nc', 'newchat'] };
  if (p.web.call_me_enabled && !(p.web.enabled && p.web.webchat !== null))
    return { message: MULTICHANNEL_MSG.webchatRequired, path: ['payload', 'web', 'webchat'] };
  if (p.em.enabled && p.em.email.trim() !== '' && !isEmailAddress(p.em.email))
    return { message: MULTICHANNEL_MSG.emailInvalid, path: ['payload', 'em', 'email'] };
  for (const [i, link] of p.custom_links.entries()) {
    if (link.description.trim() === '')
      return {
        message: MULTICHANNEL_MSG.linkTextRequired,
        path: ['payload', 'custom_links', i, 'description'],
      };
    if (link.url.trim() === '')
      return { message: MULTICHANNEL_MSG.linkUrlRequired, path: ['payload', 'custom_links', i, 'url'] };
    if (!isLinkUrl(link.url))
      return { message: MULTICHANNEL_MSG.linkUrlInvalid, path: ['payload', 'custom_links', i, 'url'] };
  }
  if (configuredTypes(p).length === 0) return { message: MULTICHANNEL_MSG.noChannel, path: ['payload'] };
  return null;
}
