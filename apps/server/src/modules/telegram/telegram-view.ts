import { isGenericKind } from '@prosa/shared/generic-channels';
import { maskTelegramToken, TELEGRAM_MSG, type TTelegramChannel, ZTgConfig } from '@prosa/shared/telegram';
import type { ChannelRow } from '../../db/schema/channels';
import { sectors } from '../../db/schema/organization';
import { decryptSecret } from '../../platform/crypto';
import type { AppDeps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { ofCompany } from '../../platform/tenancy';
import { findTgChannel } from './repository';

export type TelegramDeps = Pick<
  AppDeps,
  'db' | 'appSecret' | 'config' | 'outbound' | 'storage' | 'channels' | 'channelRepository'
>;

const unseal = (deps: TelegramDeps, sealed: string | undefined) => {
  try {
    return sealed ? decryptSecret(sealed, deps.appSecret) : '';
  } catch {
    return '';
  }
};

export function tokenOf(deps: TelegramDeps, row: ChannelRow): string {
  return unseal(deps, row.secretsSealed.token);
}

/** A channel as the screens see it: never the token (only its hint) nor the webhook secret. */
export function toTelegramChannel(
  deps: TelegramDeps,
  row: ChannelRow,
  sectorName: string | null,
): TTelegramChannel {
  const config = ZTgConfig.safeParse(row.config);
  return {
    id: row.id,
    type_id: 1,
    name: row.name,
    default_sector_id: row.defaultSectorId,
    sector_name: sectorName,
    bot_id: config.success ? config.data.bot_id : row.routeKey,
    username: config.success ? config.data.username : '',
    mode: config.success ? config.data.mode : 'polling',
    token_hint: maskTelegramToken(tokenOf(deps, row)),
    connection_state: row.connectionState,
    connection_error: row.connectionError,
    connection_since: row.connectionSince?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function sectorNames(deps: TelegramDeps, companyId: number) {
  const rows = await deps.db
    .select({ id: sectors.id, name: sectors.name })
    .from(sectors)
    .where(ofCompany(sectors, companyId));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * The company's live Telegram channel: another company's or an unknown id is not found; a NewChat channel (the
 * other generic type) is the wrong type (spec 2 §8: "Tipo de canal errado", the screen goes back to the list).
 */
export async function telegramRow(deps: TelegramDeps, companyId: number, id: number): Promise<ChannelRow> {
  const row = await findTgChannel(deps.db, companyId, id);
  if (!row || !isGenericKind(row.kind)) throw notFound(TELEGRAM_MSG.notFound);
  if (row.kind !== 'tg') throw badRequest(TELEGRAM_MSG.wrongType);
  return row;
}
