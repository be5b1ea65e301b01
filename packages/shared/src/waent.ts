import { zId } from './ids';
import { z } from './zod';

// WhatsApp Enterprise (Cloud API) channels (spec 2 §3 WhatsApp Enterprise channel, §5 validation).
export const WAENT_MSG = {
  required: 'Os campos "Nome", "Setor", "Broker" são obrigatórios!',
  sectorInvalid: 'Setor inválido.',
  duplicateNumber: 'Este identificador do número já está cadastrado em outro canal.',
  notFound: 'Canal não encontrado.',
  saved: 'Canal salvo com sucesso!',
  removed: 'Canal removido com sucesso!',
  loadError: 'Erro ao carregar os canais',
  linkCopied: 'Link copiado com sucesso!',
  secretsRequired: 'Informe o token de acesso, o segredo do app e o token de verificação.',
  apiUrlInvalid: 'URL da API inválida (use http:// ou https://).',
  rateInvalid: 'Mensagens por segundo deve estar entre 1 e 1000.',
  phoneNumberIdRequired: 'Informe o identificador do número.',
  wabaIdRequired: 'Informe a conta do WhatsApp Business (WABA).',
  windowClosed: 'A janela de 24 horas para este contato está fechada. Envie um modelo (HSM).',
  windowClosedBanner: 'Janela de 24 horas fechada',
} as const;

/** The customer-service window: free-form messages only within 24 h of the contact's last message. */
export const WAENT_WINDOW_MS = 24 * 3600_000;

export const WAENT_DEFAULT_API = 'https://graph.facebook.com/v19.0';

/**
 * The business portfolio's 24-hour limit of unique contacts that campaigns respect (Meta's messaging limit tiers).
 * Throughput (messages a second) is messages_per_second: 80 for a number, up to 1,000 upgraded, 20 when the number
 * is shared with the WhatsApp Business app.
 */
export const MESSAGING_LIMIT_TIERS = ['250', '2000', '10000', '100000', 'unlimited'] as const;
export type TMessagingLimit = (typeof MESSAGING_LIMIT_TIERS)[number];
export const MESSAGING_LIMIT_LABEL: Record<TMessagingLimit, string> = {
  '250': '250 contatos por 24 horas',
  '2000': '2.000 contatos por 24 horas',
  '10000': '10.000 contatos por 24 horas',
  '100000': '100.000 contatos por 24 horas',
  unlimited: 'Ilimitado',
};

const optText = (max: number) => z.string().trim().max(max).optional();
const secret = z.string().trim().max(1000).optional();

const base = {
  name: z.string({ error: WAENT_MSG.required }).trim().max(80, { error: 'Nome muito longo.' }),
  default_sector_id: zId(WAENT_MSG.required),
  broker: z.string({ error: WAENT_MSG.required }).trim().max(60),
  phone_number: optText(20),
  phone_number_id: z.string().trim().max(40),
  waba_id: z.string().trim().max(40),
  display_name: optText(80),
  access_token: secret,
  app_secret: secret,
  verify_token: secret,
  api_base_url: z
    .string()
    .trim()
    .max(300)
    .regex(/^https?:\/\/[^\s]+$/, { error: WAENT_MSG.apiUrlInvalid })
    .optional()
    .or(z.literal('')),
  messages_per_second: z
    .number({ error: WAENT_MSG.rateInvalid })
    .int({ error: WAENT_MSG.rateInvalid })
    .min(1, { error: WAENT_MSG.rateInvalid })
    .max(1000, { error: WAENT_MSG.rateInvalid })
    .optional(),
  messaging_limit: z.enum(MESSAGING_LIMIT_TIERS).optional(),
  is_active: z.boolean().optional(),
};

const requiredFilled = (v: { name?: string; default_sector_id?: number; broker?: string }, all: boolean) => {
  const missing = (x: unknown) => x === undefined || x === '' || x === 0;
  return all
    ? !missing(v.name) && !missing(v.default_sector_id) && !missing(v.broker)
    : !(v.name === '' || v.default_sector_id === 0 || v.broker === '');
};

export const ZWaentChannelInput = z
  .object({
    ...base,
    name: base.name.optional(),
    default_sector_id: base.default_sector_id.optional(),
    broker: base.broker.optional(),
    phone_number_id: base.phone_number_id.min(1, { error: WAENT_MSG.phoneNumberIdRequired }),
    waba_id: base.waba_id.min(1, { error: WAENT_MSG.wabaIdRequired }),
  })
  .refine((v) => requiredFilled(v, true), { error: WAENT_MSG.required, path: ['name'], abort: true })
  .refine((v) => !!v.access_token && !!v.app_secret && !!v.verify_token, {
    error: WAENT_MSG.secretsRequired,
    path: ['access_token'],
  });
export type TWaentChannelInput = z.infer<typeof ZWaentChannelInput>;

export const ZWaentChannelPatch = z
  .object(base)
  .partial()
  .refine((v) => requiredFilled(v, false), { error: WAENT_MSG.required, path: ['name'] });
export type TWaentChannelPatch = z.infer<typeof ZWaentChannelPatch>;

export const ZWaentChannel = z.object({
  id: z.number(),
  name: z.string(),
  default_sector_id: z.number(),
  sector_name: z.string().nullable(),
  broker: z.string(),
  phone_number: z.string().nullable(),
  phone_number_id: z.string(),
  waba_id: z.string(),
  display_name: z.string().nullable(),
  /** Masked: "••••1a2b". */
  access_token: z.string(),
  app_secret: z.string(),
  verify_token: z.string(),
  api_base_url: z.string(),
  messages_per_second: z.number(),
  messaging_limit: z.enum(MESSAGING_LIMIT_TIERS),
  is_active: z.boolean(),
  is_cloud: z.boolean(),
  /** The callback URL to configure at Meta. */
  webhook_url: z.string(),
  created_at: z.string(),
});
export type TWaentChannel = z.infer<typeof ZWaentChannel>;

/** A secret as the browser may see it: only its last 4 characters. */
export function maskSecret(value: string): string {
  return value ? `••••${value.slice(-4)}` : '';
}

/** Whether the 24-hour window is open, from the contact's last inbound message time. */
export function windowOpen(lastInboundAt: Date | string | null | undefined, now = Date.now()): boolean {
  if (!lastInboundAt) return false;
  const t = typeof lastInboundAt === 'string' ? Date.parse(lastInboundAt) : lastInboundAt.getTime();
  return now - t < WAENT_WINDOW_MS;
}
