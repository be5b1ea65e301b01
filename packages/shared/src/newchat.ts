// NewChat (generic channel type 2, kind 'nc'): a full-page, installable chat. Its settings are the spec's
// "NewChat/Telegram widget preview keys" (spec 2 §3); the rules of spec 2 §5 are the pure `newchatProblem`, used by
// the wizard and the server alike.
import { GENERIC_CHANNEL_MSG } from './generic-channels';
import { NEWCHAT_QUEUE_PLACEHOLDER } from './newchat-queue';

export { NEWCHAT_TYPING_THROTTLE_MS, NEWCHAT_TYPING_TTL_MS } from './newchat-queue';

import type { TVisitorFormField } from './webchat-form';
import { z } from './zod';

export const NEWCHAT_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

export const NEWCHAT_MSG = {
  ...GENERIC_CHANNEL_MSG,
  finishStatusRequired: 'Campo Status de finalização é obrigatório!',
  queueMessageRequired: `A mensagem da fila deve conter ${NEWCHAT_QUEUE_PLACEHOLDER}.`,
  termsTextRequired: 'Campo Texto dos termos de uso é obrigatório!',
  termsTitleRequired: 'Campo Título dos termos de uso é obrigatório!',
  /** Spec 2 §8 (channels): the footer link is not an http(s) address. */
  footerUrlInvalid: 'O campo precisa ser uma URL',
  /** Spec 2 §8 (channels): a step is saved with a field in error (the field says which). */
  invalidFields: 'Há campos inválidos',
  fileInvalid: 'O arquivo precisa ser um PDF.',
  imageTooLarge: 'Tamanho máximo 2MB excedido!',
  notFound: 'NewChat não encontrado.',
  linkCopied: 'Link copiado com sucesso!',
  finished: 'Atendimento finalizado.',
  termsRequired: 'Aceite os termos de uso para continuar.',
  typing: 'digitando…',
} as const;

const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'Cor inválida (use #RRGGBB).' });
// Files are only ever our own upload URLs (the page shows them; nothing else may be injected).
const uploadedUrl = z
  .string()
  .regex(/^\/api\/newchat\/[A-Za-z0-9_-]{4,40}\/files\/[A-Za-z0-9_.-]{1,120}$/, {
    error: 'Arquivo inválido.',
  })
  .or(z.literal(''));

export const ZNewchatField = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Informe o identificador do campo.' })
    .max(40)
    .regex(/^[a-z0-9_]+$/, {
      error: 'O identificador do campo deve ter apenas letras minúsculas, números e _.',
    }),
  label: z.string().trim().min(1, { error: 'Informe o rótulo do campo.' }).max(60),
  type: z.enum(['text', 'number', 'email', 'phone']),
  required: z.boolean(),
  /** The text shown when the field is missing or invalid. */
  error: z.string().max(120).default(''),
});
export type TNewchatField = z.infer<typeof ZNewchatField>;

/** Phone and name exist by default (spec 2 §3). */
export const NEWCHAT_DEFAULT_FIELDS: TNewchatField[] = [
  { name: 'name', label: 'Nome', type: 'text', required: true, error: 'Informe seu nome.' },
  { name: 'phone', label: 'Telefone', type: 'phone', required: true, error: 'Informe um telefone válido.' },
];

export const ZNewchatSettings = z.object({
  title: z.string().trim().max(80).default(''),
  description: z.string().trim().max(300).default(''),
  baseColor: color.default('#1C7ED6'),
  footerText: z.string().trim().max(120).default(''),
  footerUrl: z.string().trim().max(300).default(''),
  position: z.enum(['left', 'right']).default('right'),
  img192: uploadedUrl.default(''),
  img512: uploadedUrl.default(''),
  customButton: z.string().trim().max(40).default(''),
  /** The name the page shows as the company's (the app's short name). */
  name: z.string().trim().max(40).default(''),
  showForm: z.boolean().default(true),
  form: z.array(ZNewchatField).max(20).default(NEWCHAT_DEFAULT_FIELDS),
  hasFinish: z.boolean().default(false),
  finishStatus: z.number().int().positive().max(2147483647).nullable().default(null),
  hasQueue: z.boolean().default(false),
  queueMessage: z.string().trim().max(300).default(''),
  hasTermsOfUse: z.boolean().default(false),
  termsOfUseType: z.enum(['text', 'file']).default('text'),
  termsOfUseText: z.string().trim().max(20000).default(''),
  termsOfUseTitle: z.string().trim().max(120).default(''),
  termsOfUseFile: uploadedUrl.default(''),
  showFormMessage: z.boolean().default(false),
  showTyping: z.boolean().default(true),
});
export type TNewchatSettings = z.infer<typeof ZNewchatSettings>;

export type TNewchatProblem = { field: string; message: string };

/** Spec 2 §5 for NewChat: the first rule broken, or null. */
export function newchatProblem(input: {
  name: string;
  sector_id: number | null;
  settings: Pick<
    TNewchatSettings,
    | 'hasFinish'
    | 'finishStatus'
    | 'hasQueue'
    | 'queueMessage'
    | 'hasTermsOfUse'
    | 'termsOfUseType'
    | 'termsOfUseText'
    | 'termsOfUseTitle'
    | 'footerUrl'
  >;
}): TNewchatProblem | null {
  const s = input.settings;
  if (!input.name.trim()) return { field: 'name', message: NEWCHAT_MSG.nameRequired };
  if (!input.sector_id) return { field: 'sector_id', message: NEWCHAT_MSG.sectorRequired };
  if (s.footerUrl && !/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(s.footerUrl))
    return { field: 'footerUrl', message: NEWCHAT_MSG.footerUrlInvalid };
  if (s.hasFinish && !s.finishStatus)
    return { field: 'finishStatus', message: NEWCHAT_MSG.finishStatusRequired };
  if (s.hasQueue && !s.queueMessage.includes(NEWCHAT_QUEUE_PLACEHOLDER))
    return { field: 'queueMessage', message: NEWCHAT_MSG.queueMessageRequired };
  if (s.hasTermsOfUse && s.termsOfUseType === 'text' && !s.termsOfUseText.trim())
    return { field: 'termsOfUseText', message: NEWCHAT_MSG.termsTextRequired };
  if (s.hasTermsOfUse && s.termsOfUseType === 'file' && !s.termsOfUseTitle.trim())
    return { field: 'termsOfUseTitle', message: NEWCHAT_MSG.termsTitleRequired };
  return null;
}

export const ZNewchatInput = z
  .object({
    name: z.string().trim().max(120).default(''),
    sector_id: z.number().int().min(0).max(2147483647).nullable().default(null),
    settings: ZNewchatSettings.default(ZNewchatSettings.parse({})),
  })
  .superRefine((input, ctx) => {
    const problem = newchatProblem(input);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
  });
export type TNewchatInput = z.input<typeof ZNewchatInput>;
export type TNewchatInputParsed = z.output<typeof ZNewchatInput>;

export const ZNewchat = z.object({
  id: z.number(),
  type_id: z.literal(2),
  code: z.string(),
  name: z.string(),
  sector_id: z.number(),
  settings: ZNewchatSettings,
  created_at: z.string(),
});
export type TNewchat = z.infer<typeof ZNewchat>;

/** What the public page needs: no ids of sectors or statuses. */
export const ZNewchatPublicConfig = z.object({
  code: z.string(),
  title: z.string(),
  description: z.string(),
  name: z.string(),
  baseColor: z.string(),
  footerText: z.string(),
  footerUrl: z.string(),
  position: z.enum(['left', 'right']),
  img192: z.string(),
  img512: z.string(),
  customButton: z.string(),
  showForm: z.boolean(),
  form: z.array(ZNewchatField),
  hasFinish: z.boolean(),
  hasQueue: z.boolean(),
  queueMessage: z.string(),
  hasTermsOfUse: z.boolean(),
  termsOfUseType: z.enum(['text', 'file']),
  termsOfUseText: z.string(),
  termsOfUseTitle: z.string(),
  termsOfUseFile: z.string(),
  showTyping: z.boolean(),
});
export type TNewchatPublicConfig = z.infer<typeof ZNewchatPublicConfig>;

/** The fields the visitor fills: the configured ones when the form is on, else only the name (as "Visitante"). */
export function newchatVisitorFields(s: Pick<TNewchatSettings, 'showForm' | 'form'>): TVisitorFormField[] {
  if (!s.showForm) return [];
  return s.form.map((f) => ({
    name: f.name,
    label: f.label,
    type: f.type === 'number' || f.type === 'phone' ? 'number' : 'text',
    required: f.required,
    ...(f.error ? { error: f.error } : {}),
  }));
}

/** showFormMessage: the answers as the first message the operator reads. */
export function formMessage(fields: readonly TNewchatField[], values: Record<string, string>): string {
  return fields
    .filter((f) => values[f.name])
    .map((f) => `${f.label}: ${values[f.name]}`)
    .join('\n');
}
