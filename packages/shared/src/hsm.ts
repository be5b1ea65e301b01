import { ATTACHMENT_KINDS } from './attachment-rules';
import { ZCard, ZMessage } from './attendance';
import { zId } from './ids';
import { z } from './zod';

// Message templates (HSM, spec 2 §3/§5/§9) and the active WhatsApp (spec 1 §5) — texts, pure rules, schemas.

export const HSM_MSG = {
  selectCompany: 'Selecione uma empresa.',
  selectHeaderType: 'Selecione o tipo do cabeçalho.',
  headerContent: 'Especifíque a mensagem/mídia do cabeçalho.',
  loadError: 'Erro ao carregar os modelos (HSM).',
  required: 'Por favor, preencha os campos obrigatórios!',
  name: 'Informe o nome do modelo.',
  elementName: 'Informe o nome do elemento.',
  template: 'Informe o texto do modelo.',
  linkedToPoll: 'Este modelo está vinculado a uma pesquisa e não pode ser alterado.',
  uploadError: 'Erro ao realizar upload da Mídia.',
  sendError: 'Erro ao enviar Modelo de mensagem.',
  invalidPhone: "Contato informado no campo 'Telefone' é inválido.",
  blockedPhone: "Contato informado no campo 'Telefone' está bloqueado.",
  noChannels: 'Você não tem canais para fazer ativo.',
  channelsError: 'Erro ao carregar canais do Whatsapp.',
  missingParams: (missing: number[]) =>
    `Preencha ${missing.length > 1 ? 'os parâmetros' : 'o parâmetro'} ${missing.map((n) => `{{${n}}}`).join(', ')} do modelo.`,
  notWaent: 'Este atendimento não é de um canal WhatsApp Enterprise.',
  /** The web number's media upload (spec 1 §5). */
  mediaTooLarge: 'São permitidos somente arquivos de até 2MB.',
  synced: (created: number, updated: number) =>
    `Sincronização concluída: ${created} novo(s), ${updated} atualizado(s).`,
} as const;

/** Authentication (OTP) templates have Meta's fixed text; the code expires in 90 minutes (spec 2 §9). */
export const HSM_AUTH_TEXT =
  '{{1}} é o seu código de verificação. Por segurança, não compartilhe este código. Este código expira em 90 minutos.';

export const HSM_HEADER_TYPES = ['text', 'image', 'video', 'document'] as const;
export type THsmHeaderType = (typeof HSM_HEADER_TYPES)[number];
export type THsmMediaType = Exclude<THsmHeaderType, 'text'>;

export const HSM_HEADER_LABEL: Record<THsmHeaderType, string> = {
  text: 'Texto',
  image: 'Imagem',
  video: 'Vídeo',
  document: 'Documento',
};

const MB = 1024 * 1024;

/** Header media accepted by WhatsApp (spec 2 §9): image jpeg/png 5 MB, video mp4/3gpp 16 MB, document pdf 100 MB. */
export const HSM_MEDIA_LIMITS: Record<
  THsmMediaType,
  { mimes: string[]; extensions: string; maxBytes: number; maxLabel: string; accept: string }
> = {
  image: {
    mimes: ['image/jpeg', 'image/png'],
    extensions: 'JPEG, JPG, PNG',
    maxBytes: 5 * MB,
    maxLabel: '5MB',
    accept: '.jpg,.jpeg,.png,image/jpeg,image/png',
  },
  video: {
    mimes: ['video/mp4', 'video/3gpp'],
    extensions: 'MP4, 3GPP',
    maxBytes: 16 * MB,
    maxLabel: '16MB',
    accept: '.mp4,.3gp,.3gpp,video/mp4,video/3gpp',
  },
  document: {
    mimes: ['application/pdf'],
    extensions: 'PDF',
    maxBytes: 100 * MB,
    maxLabel: '100MB',
    accept: '.pdf,application/pdf',
  },
};

export const hsmMediaUnsupported = (t: THsmMediaType) =>
  `Mídia não suportada. Extensões permitidas: ${HSM_MEDIA_LIMITS[t].extensions}`;
export const hsmMediaTooLarge = (t: THsmMediaType) =>
  `Mídia maior que o tamanho suportado (${HSM_MEDIA_LIMITS[t].maxLabel})`;

/** The refusal text for a header media of this type, or null when it is accepted. */
export function hsmMediaError(type: THsmMediaType, mime: string | null, size: number): string | null {
  const rule = HSM_MEDIA_LIMITS[type];
  if (!mime || !rule.mimes.includes(mime)) return hsmMediaUnsupported(type);
  if (size > rule.maxBytes) return hsmMediaTooLarge(type);
  return null;
}

/** The parameter numbers a template text uses ({{1}}, {{2}}…), ascending and once each. */
export function templateParams(text: string): number[] {
  const found = new Set<number>();
  for (const m of text.matchAll(/\{\{\s*(\d+)\s*\}\}/g)) found.add(Number(m[1]));
  return [...found].sort((a, b) => a - b);
}

/** How many values a template needs: its highest parameter number ({{1}}…{{n}} are positional). */
export const paramCount = (text: string) => Math.max(0, ...templateParams(text));

/** The numbers of the parameters left empty. */
export function missingParams(text: string, values: readonly string[]): number[] {
  return templateParams(text).filter((n) => !(values[n - 1] ?? '').trim());
}

/** The template with each {{n}} replaced by values[n-1]; an empty value keeps the placeholder (preview). */
export function fillTemplate(text: string, values: readonly string[]): string {
  return text.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => {
    const v = values[Number(n) - 1];
    return v?.trim() ? v : whole;
  });
}

export const MIN_PHONE_DIGITS = 8;
export const DEFAULT_DDI = '55';

/**
 * The active WhatsApp number (spec 1 §5): digits only; at least 8; over 11 digits the first 2 are the country
 * code, otherwise the DDI given (55 by default). Null when it is invalid.
 */
export function activePhone(
  ddi: string,
  phone: string,
): { ddi: string; number: string; full: string } | null {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < MIN_PHONE_DIGITS) return null;
  if (digits.length > 11) return { ddi: digits.slice(0, 2), number: digits.slice(2), full: digits };
  const d = ddi.replace(/\D/g, '') || DEFAULT_DDI;
  return { ddi: d, number: digits, full: `${d}${digits}` };
}

const trimmed = (msg: string, max = 200) => z.string({ error: msg }).trim().min(1, msg).max(max);

export const ZHsmInput = z
  .object({
    name: trimmed(HSM_MSG.name),
    element_name: trimmed(HSM_MSG.elementName, 512),
    namespace: z.string().trim().max(200).nullable().optional(),
    language: z.string().trim().min(2).max(20).default('pt_BR'),
    category: z.string().trim().max(40).default('UTILITY'),
    template: z.string().max(1024).default(''),
    template_type: z.enum(['headers', 'authentication']).default('headers'),
    auth_type: z.enum(['OTP']).nullable().optional(),
    header_type: z.enum(HSM_HEADER_TYPES).nullable().optional(),
    header_template: z.string().max(1024).nullable().optional(),
    /** The storage key the hsm-upload answered (for media headers). */
    header_media_key: z.string().max(300).nullable().optional(),
    use_header: z.boolean().default(false),
    use_in_poll: z.boolean().default(false),
    all_companies: z.boolean().default(false),
    companies: z.array(zId()).max(500).default([]),
  })
  .superRefine((v, ctx) => {
    if (v.template_type === 'headers' && !v.template.trim())
      ctx.addIssue({ code: 'custom', message: HSM_MSG.template, path: ['template'] });
    if (v.use_header && v.template_type === 'headers') {
      if (!v.header_type)
        ctx.addIssue({ code: 'custom', message: HSM_MSG.selectHeaderType, path: ['header_type'] });
      else if (v.header_type === 'text' ? !v.header_template?.trim() : !v.header_media_key)
        ctx.addIssue({ code: 'custom', message: HSM_MSG.headerContent, path: ['header_template'] });
    }
  });
export type THsmInput = z.input<typeof ZHsmInput>;

export const ZHsm = z.object({
  id: z.number(),
  owner_company_id: z.number(),
  name: z.string(),
  element_name: z.string(),
  namespace: z.string().nullable(),
  language: z.string(),
  category: z.string(),
  template: z.string(),
  template_type: z.enum(['headers', 'authentication']),
  auth_type: z.string().nullable(),
  header_type: z.enum(HSM_HEADER_TYPES).nullable(),
  header_template: z.string().nullable(),
  header_media_key: z.string().nullable(),
  header_media_url: z.string().nullable(),
  use_in_poll: z.boolean(),
  all_companies: z.boolean(),
  companies: z.array(z.number()),
  waba_id: z.string().nullable(),
  external_status: z.string().nullable(),
  params: z.array(z.number()),
  editable: z.boolean(),
});
export type THsm = z.infer<typeof ZHsm>;

export const ZHsmUploadResult = z.object({ success: z.boolean(), url: z.string(), key: z.string() });

export const ZHsmSyncResult = z.object({
  created: z.number(),
  updated: z.number(),
  total: z.number(),
  message: z.string(),
});

export const ZSendHsmInput = z.object({
  template_id: zId(HSM_MSG.required),
  parameters: z.array(z.string().max(1024)).max(50).default([]),
  header_media_key: z.string().max(300).nullable().optional(),
});

export const ZActiveWhatsappInput = ZSendHsmInput.extend({
  ddi: z.string().trim().max(4).default(DEFAULT_DDI),
  phone: z.string({ error: HSM_MSG.required }).trim().min(1, HSM_MSG.required).max(40),
  sector_id: zId(HSM_MSG.required),
  responsible_user_id: zId().nullable().optional(),
}).refine((v) => v.ddi.replace(/\D/g, '') !== '0', { message: HSM_MSG.required, path: ['ddi'] });
export type TActiveWhatsappInput = z.input<typeof ZActiveWhatsappInput>;

/** The numbers an active message leaves from: WhatsApp Enterprise (templates) or by QR code (free text). */
export const ACTIVE_CHANNEL_KINDS = ['waent', 'waweb'] as const;
export type TActiveChannelKind = (typeof ACTIVE_CHANNEL_KINDS)[number];

/** How the modal's channel list marks each kind. */
export const ACTIVE_CHANNEL_LABEL: Record<TActiveChannelKind, string> = {
  waent: 'WhatsApp Enterprise',
  waweb: 'WhatsApp por QR code',
};

/** The largest file a web number's active message carries (spec 1 §5). */
export const ACTIVE_MEDIA_MAX_BYTES = 2 * MB;

/** The browser's check of a file before /active-waweb-upload (the server judges the content again). */
export function activeMediaError(size: number): string | null {
  return size > ACTIVE_MEDIA_MAX_BYTES ? HSM_MSG.mediaTooLarge : null;
}

/**
 * The file of a web number's active message (spec 1 §3 media {type, public_path, key, name, provider}), as
 * /active-waweb-upload answers it and the modal sends it back: `sig` is the server's signature over the rest,
 * so nobody sends another company's file or changes its name, type or size.
 */
export const ZActiveMedia = z.object({
  type: z.enum(ATTACHMENT_KINDS),
  public_path: z.string().max(2000),
  key: z.string().max(300),
  name: z.string().max(255),
  provider: z.string().max(20),
  mime_type: z.string().max(100),
  size: z.number().int().min(0).max(ACTIVE_MEDIA_MAX_BYTES),
  sig: z.string().max(200),
});
export type TActiveMedia = z.infer<typeof ZActiveMedia>;

export const ZActiveMediaUploadResult = z.object({
  success: z.boolean(),
  url: z.string(),
  media: ZActiveMedia,
});

/** POST /create-active-whatsapp/{id}: a free-text message from a number by QR code (no template, no window). */
export const ZActiveWawebInput = z
  .object({
    ddi: z.string().trim().max(4).default(DEFAULT_DDI),
    phone: z.string({ error: HSM_MSG.required }).trim().min(1, HSM_MSG.required).max(40),
    message: z
      .string({ error: HSM_MSG.required })
      .max(4096)
      .refine((v) => v.trim() !== '', HSM_MSG.required),
    media: ZActiveMedia.nullable().optional(),
    sector_id: zId(HSM_MSG.required),
    responsible_user_id: zId().nullable().optional(),
  })
  .refine((v) => v.ddi.replace(/\D/g, '') !== '0', { message: HSM_MSG.required, path: ['ddi'] });
export type TActiveWawebInput = z.input<typeof ZActiveWawebInput>;

export const ZActiveWhatsappOptions = z.object({
  allowed: z.boolean(),
  company_flag: z.boolean(),
  has_permission: z.boolean(),
  channels: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      sector_id: z.number(),
      kind: z.enum(ACTIVE_CHANNEL_KINDS),
    }),
  ),
  sectors: z.array(z.object({ id: z.number(), name: z.string() })),
  operators: z.array(z.object({ id: z.number(), name: z.string(), sector_ids: z.array(z.number()) })),
  templates: z.array(ZHsm),
  total_today: z.number(),
});
export type TActiveWhatsappOptions = z.infer<typeof ZActiveWhatsappOptions>;

export const ZActivePermission = z.object({ user_id: z.number(), name: z.string(), enabled: z.boolean() });
export const ZActivePermissionsInput = z.object({
  permissions: z.array(z.object({ user_id: zId(), enabled: z.boolean() })).max(1000),
});

/** GET /hsm/form-options: the companies the user may choose and the WhatsApp Enterprise channels to sync. */
export const ZHsmFormOptions = z.object({
  companies: z.array(z.object({ id: z.number(), name: z.string() })),
  channels: z.array(z.object({ id: z.number(), name: z.string() })),
});

/** A template sent (active WhatsApp or into an open attendance): the card, the message and whether it left. */
export const ZTemplateSent = z.object({
  card: ZCard,
  message: ZMessage,
  sent: z.boolean(),
  error: z.string().nullable(),
});
