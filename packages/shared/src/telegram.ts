// Telegram bots as channels (issue 15; spec 2 §3 "Generic channel" type 1, §5 and §8 texts).
import { GENERIC_CHANNEL_MSG } from './generic-channels';
import { zId } from './ids';
import { z } from './zod';

export const TELEGRAM_MSG = {
  ...GENERIC_CHANNEL_MSG,
  tokenInvalid: 'Token inválido: o Telegram não reconheceu este bot.',
  tokenFormat: 'Token inválido. Use o token que o @BotFather informou (ex.: 123456789:AAE…).',
  tokenRevoked: 'Token inválido ou revogado',
  conflict: 'Outro sistema está recebendo as mensagens deste bot (webhook ou getUpdates).',
  unreachable: 'Sem conexão com o Telegram',
  unsupported: 'O contato enviou uma mensagem de um tipo que o Prosa não mostra (enquete, jogo ou outro).',
  sectorInvalid: 'Setor inválido.',
  nameTooLong: 'Nome muito longo.',
  loadError: 'Erro ao carregar os canais',
} as const;

/** How the bot's updates reach us: Telegram calls our webhook (public https address) or we poll getUpdates. */
export const TELEGRAM_MODES = ['webhook', 'polling'] as const;
export type TTelegramMode = (typeof TELEGRAM_MODES)[number];

export const TELEGRAM_MODE_LABEL: Record<TTelegramMode, string> = { webhook: 'Webhook', polling: 'Polling' };

/** What the `channels.config` of a 'tg' channel holds (the token and the webhook secret are sealed secrets). */
export const ZTgConfig = z.object({
  type_id: z.literal(1).default(1),
  bot_id: z.string(),
  username: z.string(),
  mode: z.enum(TELEGRAM_MODES).default('polling'),
});
export type TTgConfig = z.infer<typeof ZTgConfig>;

/** A bot token as @BotFather gives it: the bot's id, a colon, the secret part. */
export const TELEGRAM_TOKEN_RE = /^\d{1,20}:[A-Za-z0-9_-]{20,100}$/;

const name = z
  .string({ error: TELEGRAM_MSG.nameRequired })
  .trim()
  .min(1, { error: TELEGRAM_MSG.nameRequired })
  .max(80, { error: TELEGRAM_MSG.nameTooLong });
const sector = zId(TELEGRAM_MSG.sectorRequired);
const token = z
  .string({ error: TELEGRAM_MSG.tokenRequired })
  .trim()
  .min(1, { error: TELEGRAM_MSG.tokenRequired })
  .max(120, { error: TELEGRAM_MSG.tokenFormat })
  .regex(TELEGRAM_TOKEN_RE, { error: TELEGRAM_MSG.tokenFormat });

export const ZTelegramChannelInput = z.object({
  name,
  default_sector_id: sector,
  token,
});
export type TTelegramChannelInput = z.infer<typeof ZTelegramChannelInput>;

/** A change: what is absent (or a blank token) is kept. */
export const ZTelegramChannelPatch = z.object({
  name: name.optional(),
  default_sector_id: sector.optional(),
  token: token.optional().or(z.literal('')),
});
export type TTelegramChannelPatch = z.infer<typeof ZTelegramChannelPatch>;

export const TELEGRAM_STATES = ['none', 'starting', 'connected', 'disconnected', 'error'] as const;

export const ZTelegramChannel = z.object({
  id: z.number(),
  type_id: z.literal(1),
  name: z.string(),
  default_sector_id: z.number(),
  sector_name: z.string().nullable(),
  bot_id: z.string(),
  username: z.string(),
  mode: z.enum(TELEGRAM_MODES),
  /** Only the last characters: the token never goes back to the browser. */
  token_hint: z.string(),
  connection_state: z.enum(TELEGRAM_STATES),
  connection_error: z.string().nullable(),
  connection_since: z.string().nullable(),
  created_at: z.string(),
});
export type TTelegramChannel = z.infer<typeof ZTelegramChannel>;

/** What the list shows for a channel's state. */
/** The token as the screens show it: the bot id and the last 4 characters. */
export function maskTelegramToken(value: string): string {
  if (!value) return '';
  const [id] = value.split(':');
  return `${id}:••••${value.slice(-4)}`;
}
