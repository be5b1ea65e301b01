import { ZTgConfig } from '@prosa/shared/telegram';
import { channels } from '../db/schema/channels';
import { encryptSecret } from '../platform/crypto';
import type { Tx } from '../platform/db';
import type { Sample } from './sample-types';

export const DEMO_TELEGRAM_NAME = 'Telegram da Empresa Demo';
export const DEMO_TELEGRAM_USERNAME = 'EmpresaDemoBot';
/** A placeholder: Telegram refuses it, so the channel shows "Token inválido ou revogado" until an admin sets a real one. */
export const DEMO_TELEGRAM_TOKEN = '1000000001:TOKEN-DE-EXEMPLO-troque-pelo-do-BotFather';

/**
 * The demo's Telegram bot, in polling mode with a placeholder token: the workers' first getUpdates is refused
 * (or finds no internet) and the channel shows the error, tried again only slowly, until an admin edits the
 * channel with a real token from @BotFather.
 */
export async function insertDemoTelegramBot(
  tx: Tx,
  companyId: number,
  sectorId: number,
  appSecret: string,
): Promise<number> {
  const [row] = await tx
    .insert(channels)
    .values({
      companyId,
      kind: 'tg',
      name: DEMO_TELEGRAM_NAME,
      defaultSectorId: sectorId,
      routeKey: '1000000001',
      config: ZTgConfig.parse({ bot_id: '1000000001', username: DEMO_TELEGRAM_USERNAME, mode: 'polling' }),
      secretsSealed: { token: encryptSecret(DEMO_TELEGRAM_TOKEN, appSecret), webhook_secret: '' },
    })
    .returning({ id: channels.id });
  if (!row) throw new Error('seed: telegram bot not created');
  return row.id;
}

/** Its conversations: a question waiting in Suporte, and a delivery question answered and finalized. */
export function telegramSamples(channelId: number): Sample[] {
  return [
    {
      kind: 'tg',
      channelId,
      externalId: '700123456',
      name: 'Gustavo Almeida',
      data: { username: 'gustavoalmeida' },
      sector: 'Suporte',
      operator: null,
      closed: null,
      lines: [
        { from: 'contact', text: 'Olá! Não consigo acessar minha conta pelo aplicativo.', minutesAgo: 9 },
        {
          from: 'contact',
          text: 'Localização: https://maps.google.com/?q=-23.5613,-46.6565',
          minutesAgo: 8,
          metadata: { location: { latitude: -23.5613, longitude: -46.6565 } },
        },
      ],
    },
    {
      kind: 'tg',
      channelId,
      externalId: '700654321',
      name: 'Beatriz Lima',
      data: { username: 'bia_lima' },
      sector: 'Suporte',
      operator: 'Ana',
      closed: { status: 'Resolvido', minutesAgo: 26 * 60 },
      lines: [
        { from: 'contact', text: 'Boa tarde! Meu pedido 4821 já foi enviado?', minutesAgo: 26 * 60 + 30 },
        {
          from: 'operator',
          text: 'Boa tarde, Beatriz! Foi enviado hoje cedo, chega em até 2 dias úteis.',
          minutesAgo: 26 * 60 + 25,
          delivery: 'sent',
        },
        { from: 'contact', text: 'Perfeito, obrigada!', minutesAgo: 26 * 60 + 10 },
      ],
    },
  ];
}
