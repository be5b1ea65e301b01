import { ZAttachment, ZAttachmentRefs } from './attachments';
import { zId } from './ids';
import { z } from './zod';

export const WEBCHAT_MSG = {
  nameRequired: 'O campo "Nome" é obrigatório!',
  sectorRequired: 'Selecione um setor.',
  fieldRequired: (label: string) => `Campo ${label} obrigatório!`,
  fieldInvalid: (label: string) => `Campo ${label} é inválido!`,
  notFound: 'Web chat não encontrado.',
  saved: 'Web chat salvo com sucesso!',
  removed: 'Web chat removido com sucesso!',
  logoTooLarge: 'Tamanho máximo 2MB excedido!',
  logoInvalid: 'Arquivo inválido! Envie uma imagem PNG, JPG, GIF ou BMP.',
  logoUploadError: 'Erro ao realizar upload da foto.',
  visitorExpired: 'Sua conversa expirou. Recarregue a página para começar de novo.',
} as const;

export const ZWebchatField = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { error: 'Informe o identificador do campo.' })
      .max(40)
      .regex(/^[a-z0-9_]+$/, {
        error: 'O identificador do campo deve ter apenas letras minúsculas, números e _.',
      }),
    label: z.string().trim().min(1, { error: 'Informe o rótulo do campo.' }).max(60),
    type: z.enum(['text', 'number', 'select']),
    options: z.array(z.string().trim().min(1).max(80)).max(50).optional(),
    mask: z.string().max(40).optional(),
    required: z.boolean().optional(),
  })
  .refine((f) => f.type !== 'select' || (f.options?.length ?? 0) > 0, {
    error: 'Informe ao menos uma opção para a lista.',
    path: ['options'],
  });
export type TWebchatField = z.infer<typeof ZWebchatField>;

const color = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'Cor inválida (use #RRGGBB).' })
  .optional();

export const ZWebchatCustomData = z.object({
  nome: z.string().max(60).optional(),
  text_msg: z.string().max(300).optional(),
  text_button: z.string().max(40).optional(),
  widget_font_color: color,
  text_color: color,
  color: color,
  fields: z.array(ZWebchatField).max(15).optional(),
});

export const ZWebchatInput = z.object({
  name: z
    .string({ error: WEBCHAT_MSG.nameRequired })
    .trim()
    .min(1, { error: WEBCHAT_MSG.nameRequired })
    .max(80),
  sector_id: zId(WEBCHAT_MSG.sectorRequired),
  custom_data: ZWebchatCustomData.default({}),
});
export type TWebchatInput = z.infer<typeof ZWebchatInput>;

export const ZWebchat = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  sector_id: z.number(),
  custom_data: ZWebchatCustomData,
  logo_url: z.string().nullable(),
  created_at: z.string(),
});
export type TWebchat = z.infer<typeof ZWebchat>;

/** What the widget needs to draw itself: no ids or sectors of the company. */
export const ZWebchatPublicConfig = z.object({
  code: z.string(),
  name: z.string(),
  title: z.string(),
  welcome: z.string(),
  button: z.string(),
  color: z.string(),
  font_color: z.string(),
  logo_url: z.string().nullable(),
  fields: z.array(ZWebchatField),
});
export type TWebchatPublicConfig = z.infer<typeof ZWebchatPublicConfig>;

export const WEBCHAT_LOGO_MAX_BYTES = 2 * 1024 * 1024;

export const ZVisitorStartInput = z.object({ form: z.record(z.string(), z.string().max(300)) });
export const ZVisitorSendInput = z.object({
  text: z.string().max(4000, { error: 'Mensagem muito longa.' }),
  client_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'Identificador inválido.' }),
  /** Files uploaded by POST /api/webchat/visitor/upload, as it answered them. */
  attachments: ZAttachmentRefs.optional(),
});

export const ZVisitorMessage = z.object({
  id: z.number(),
  text: z.string(),
  from: z.enum(['visitor', 'operator']),
  operator_name: z.string().nullable(),
  sent_at: z.string(),
  attachments: z.array(ZAttachment),
  /** The message this one answers (a quoted reply): its text and who wrote it. */
  quoted: z
    .object({ text: z.string(), from: z.enum(['visitor', 'operator']) })
    .nullable()
    .optional(),
  /** A satisfaction poll's question: its options, shown as buttons (issue 17). */
  poll: z
    .object({ request_id: z.number(), options: z.array(z.object({ key: z.string(), value: z.string() })) })
    .nullable()
    .optional(),
});
export type TVisitorMessage = z.infer<typeof ZVisitorMessage>;

export const ZVisitorState = z.object({
  visitor_id: z.string(),
  name: z.string(),
  state: z.enum(['none', 'open', 'closed']),
  protocol: z.string().nullable(),
  /** An operator has answered the open attendance (until then the widget shows the waiting text). */
  answered: z.boolean().optional(),
  messages: z.array(ZVisitorMessage),
});
export type TVisitorState = z.infer<typeof ZVisitorState>;

/** The visitor's form against the web chat's fields (zod-free, in webchat-form: the widget uses it too). */
export { validateVisitorForm } from './webchat-form';
