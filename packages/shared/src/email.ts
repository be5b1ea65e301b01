// E-mail configs as channels (issue 16; spec 2 §2 main.emails / main.create-email, §3 "E-mail config", §7 findOne,
// checkConfig, create, update, delete, §8 "E-mail check failure"): one channel of kind 'em' per config, reading a
// mailbox over IMAP and answering over SMTP. Passwords are sealed secrets and never go back to the browser.
import { ZAttachmentRefs } from './attachments';
import { zId } from './ids';
import { z } from './zod';

export const EMAIL_MSG = {
  /** Spec 1 §8 (uploads): a file of an active e-mail could not be uploaded. */
  uploadError: 'Erro ao realizar upload do arquivo',
  nameRequired: 'Campo Nome é obrigatório!',
  nameTooLong: 'Nome muito longo.',
  sectorRequired: 'Campo Setor é obrigatório!',
  sectorInvalid: 'Setor inválido.',
  hostRequired: 'Informe o servidor.',
  hostInvalid: 'Servidor inválido.',
  portInvalid: 'Porta inválida (1 a 65535).',
  userRequired: 'Informe o usuário.',
  passwordRequired: 'Informe a senha.',
  folderRequired: 'Informe a pasta.',
  senderNameRequired: 'Informe o nome do remetente.',
  senderAddressInvalid: 'Informe um e-mail de remetente válido.',
  mailboxTaken: 'Esta caixa de e-mail já está vinculada a outra configuração.',
  notFound: 'Configuração de e-mail não encontrada.',
  saved: 'Configuração de e-mail salva com sucesso!',
  removed: 'Configuração de e-mail removida com sucesso!',
  checkOk: 'Conexões IMAP e SMTP funcionando.',
  imapFailed: 'Falha na conexão IMAP',
  smtpFailed: 'Falha na conexão SMTP',
  loadError: 'Erro ao carregar as configurações de e-mail.',
  saveError: 'Erro ao salvar a configuração de e-mail.',
  removeError: 'Erro ao remover a configuração de e-mail.',
  checkError: 'Erro ao verificar a configuração de e-mail.',
  /** Active e-mail (spec 1 §5). */
  recipientRequired: 'Informe ao menos um destinatário no campo Para.',
  recipientInvalid: (field: string, address: string) => `E-mail inválido no campo ${field}: ${address}`,
  recipientBlocked: (field: string, address: string) =>
    `Contato informado no campo '${field}' está bloqueado: ${address}`,
  subjectRequired: 'Informe o assunto.',
  bodyRequired: 'Informe a mensagem.',
  configRequired: 'Selecione a configuração de e-mail.',
  tooManyRecipients: 'No máximo 50 destinatários por campo.',
  activeSent: 'E-mail enviado com sucesso!',
  noConfigs: 'Nenhuma configuração de e-mail cadastrada.',
} as const;

/** The names of the recipient fields, as the active e-mail's warnings say them (spec 1 §5). */
export const RECIPIENT_FIELD = { to: 'Para', cc: 'Cópia', bcc: 'Cópia Oculta' } as const;
export type TRecipientField = keyof typeof RECIPIENT_FIELD;

/** The most recipients per field (to, cc, bcc) of one message. */
export const EMAIL_MAX_RECIPIENTS = 50;
export const EMAIL_SUBJECT_MAX = 250;
export const EMAIL_BODY_MAX = 100_000;

const EMAIL_RE = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;
export const isEmailAddress = (s: string) => s.length <= 254 && EMAIL_RE.test(s);

const HOST_RE =
  /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const host = z
  .string({ error: EMAIL_MSG.hostRequired })
  .trim()
  .min(1, { error: EMAIL_MSG.hostRequired })
  .regex(HOST_RE, { error: EMAIL_MSG.hostInvalid });
const port = z
  .number({ error: EMAIL_MSG.portInvalid })
  .int({ error: EMAIL_MSG.portInvalid })
  .min(1, {
    error: EMAIL_MSG.portInvalid,
  })
  .max(65535, { error: EMAIL_MSG.portInvalid });
const user = z
  .string({ error: EMAIL_MSG.userRequired })
  .trim()
  .min(1, { error: EMAIL_MSG.userRequired })
  .max(254, { error: EMAIL_MSG.userRequired });
const password = z
  .string({ error: EMAIL_MSG.passwordRequired })
  .min(1, { error: EMAIL_MSG.passwordRequired })
  .max(500, { error: EMAIL_MSG.passwordRequired });
const folder = z
  .string({ error: EMAIL_MSG.folderRequired })
  .trim()
  .min(1, { error: EMAIL_MSG.folderRequired })
  .max(200, { error: EMAIL_MSG.folderRequired });
const address = z
  .string({ error: EMAIL_MSG.senderAddressInvalid })
  .trim()
  .toLowerCase()
  .refine(isEmailAddress, { error: EMAIL_MSG.senderAddressInvalid });

/** What the `channels.config` of an 'em' channel holds. */
export const ZEmConfig = z.object({
  imap: z.object({
    host: z.string(),
    port: z.number(),
    secure: z.boolean(),
    user: z.string(),
    folder: z.string().default('INBOX'),
    mark_seen: z.boolean().default(true),
  }),
  smtp: z.object({ host: z.string(), port: z.number(), secure: z.boolean(), user: z.string() }),
  sender_name: z.string(),
  sender_address: z.string(),
});
export type TEmConfig = z.infer<typeof ZEmConfig>;

const fields = {
  name: z
    .string({ error: EMAIL_MSG.nameRequired })
    .trim()
    .min(1, { error: EMAIL_MSG.nameRequired })
    .max(80, { error: EMAIL_MSG.nameTooLong }),
  default_sector_id: zId(EMAIL_MSG.sectorRequired),
  imap_host: host,
  imap_port: port,
  imap_secure: z.boolean(),
  imap_user: user,
  imap_folder: folder,
  mark_seen: z.boolean(),
  smtp_host: host,
  smtp_port: port,
  smtp_secure: z.boolean(),
  /** Empty: the SMTP server takes mail without login (a relay). */
  smtp_user: z.string().trim().max(254, { error: EMAIL_MSG.userRequired }),
  sender_name: z
    .string({ error: EMAIL_MSG.senderNameRequired })
    .trim()
    .min(1, { error: EMAIL_MSG.senderNameRequired })
    .max(120, { error: EMAIL_MSG.senderNameRequired }),
  sender_address: address,
};

export const ZEmailConfigInput = z.object({
  ...fields,
  imap_password: password,
  smtp_password: z.string().max(500, { error: EMAIL_MSG.passwordRequired }).default(''),
});
export type TEmailConfigInput = z.infer<typeof ZEmailConfigInput>;

/** A change: absent fields are kept, and so is a blank password. */
export const ZEmailConfigPatch = z
  .object({
    ...fields,
    imap_password: z.string().max(500, { error: EMAIL_MSG.passwordRequired }),
    smtp_password: z.string().max(500, { error: EMAIL_MSG.passwordRequired }),
  })
  .partial();
export type TEmailConfigPatch = z.infer<typeof ZEmailConfigPatch>;

export const EMAIL_STATES = ['none', 'starting', 'connected', 'disconnected', 'error'] as const;

/** A config as the screens see it: never a password, only whether one is set. */
export const ZEmailConfig = z.object({
  id: z.number(),
  name: z.string(),
  default_sector_id: z.number(),
  sector_name: z.string().nullable(),
  imap_host: z.string(),
  imap_port: z.number(),
  imap_secure: z.boolean(),
  imap_user: z.string(),
  imap_folder: z.string(),
  mark_seen: z.boolean(),
  smtp_host: z.string(),
  smtp_port: z.number(),
  smtp_secure: z.boolean(),
  smtp_user: z.string(),
  sender_name: z.string(),
  sender_address: z.string(),
  has_imap_password: z.boolean(),
  has_smtp_password: z.boolean(),
  connection_state: z.enum(EMAIL_STATES),
  connection_error: z.string().nullable(),
  connection_since: z.string().nullable(),
  created_at: z.string(),
});
export type TEmailConfig = z.infer<typeof ZEmailConfig>;

/** checkConfig's answer (spec 2 §8: a failure is shown as a warning naming which connection failed and why). */
export const ZEmailCheck = z.object({
  ok: z.boolean(),
  imap: z.object({ ok: z.boolean(), error: z.string().nullable() }),
  smtp: z.object({ ok: z.boolean(), error: z.string().nullable() }),
  message: z.string(),
});
export type TEmailCheck = z.infer<typeof ZEmailCheck>;

const recipients = (field: TRecipientField) =>
  z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .max(254, { error: EMAIL_MSG.recipientInvalid(RECIPIENT_FIELD[field], '') }),
    )
    .max(EMAIL_MAX_RECIPIENTS, { error: EMAIL_MSG.tooManyRecipients })
    .superRefine((list, ctx) => {
      const bad = list.find((a) => !isEmailAddress(a));
      if (bad !== undefined)
        ctx.addIssue({ code: 'custom', message: EMAIL_MSG.recipientInvalid(RECIPIENT_FIELD[field], bad) });
    })
    .default([]);

/** What the operator's reply on an em_ card may add (spec 1 §3 data: cc, subject). */
export const ZEmailReplyExtras = z.object({
  subject: z.string().trim().max(EMAIL_SUBJECT_MAX).optional(),
  cc: recipients('cc').optional(),
  bcc: recipients('bcc').optional(),
});
export type TEmailReplyExtras = z.infer<typeof ZEmailReplyExtras>;

/** The active e-mail (spec 1 §3 "Active e-mail: to, cc, bcc"; created by sector id, §7). */
export const ZActiveEmailInput = z.object({
  email_config_id: zId(EMAIL_MSG.configRequired),
  to: recipients('to'),
  cc: recipients('cc'),
  bcc: recipients('bcc'),
  subject: z
    .string({ error: EMAIL_MSG.subjectRequired })
    .trim()
    .min(1, { error: EMAIL_MSG.subjectRequired })
    .max(EMAIL_SUBJECT_MAX, { error: EMAIL_MSG.subjectRequired }),
  body: z
    .string({ error: EMAIL_MSG.bodyRequired })
    .trim()
    .min(1, { error: EMAIL_MSG.bodyRequired })
    .max(EMAIL_BODY_MAX, { error: EMAIL_MSG.bodyRequired }),
  /** Files uploaded first through the mail upload (its signed references). */
  attachments: ZAttachmentRefs.default([]),
  /** The sector the attendance opens in (spec 1 §7: active e-mail create by sector id). */
  sector_id: zId(EMAIL_MSG.sectorRequired),
});

export const ZActiveEmailResult = z.object({
  attendance_id: z.number(),
  sent: z.boolean(),
  error: z.string().nullable(),
  message: z.string(),
});
export type TActiveEmailResult = z.infer<typeof ZActiveEmailResult>;
export type TActiveEmailInput = z.infer<typeof ZActiveEmailInput>;

/** The mailbox a config reads, as its route key: one live config per mailbox and folder on the platform. */
export const mailboxKey = (c: {
  imap_host: string;
  imap_port: number;
  imap_user: string;
  imap_folder: string;
}) => `${c.imap_user.toLowerCase()}@${c.imap_host.toLowerCase()}:${c.imap_port}/${c.imap_folder}`;
