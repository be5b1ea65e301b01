import type { TTgConfig } from '@prosa/shared/telegram';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { type ChannelRow, channels } from '../../db/schema/channels';
import type { Db } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

// Telegram bots are channels of kind 'tg' (generic channel type 1): the route key is the bot's id (one live
// channel per bot on the whole platform), the token and the webhook secret are sealed secrets.
const TG = 'tg';
const isTg = eq(channels.kind, TG);

export type TgChannelValues = {
  companyId: number;
  name: string;
  defaultSectorId: number;
  config: TTgConfig;
  tokenSealed: string;
  webhookSecretSealed: string;
};

export async function listTgChannels(db: Db, companyId: number): Promise<ChannelRow[]> {
  return db
    .select()
    .from(channels)
    .where(ofCompany(channels, companyId, isTg, isNull(channels.deletedAt)))
    .orderBy(channels.id);
}

export async function findTgChannel(db: Db, companyId: number, id: number): Promise<ChannelRow | null> {
  const [row] = await db
    .select()
    .from(channels)
    .where(ofCompany(channels, companyId, eq(channels.id, id), isNull(channels.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Another live channel, of any company, already serving this bot. */
export async function botTaken(db: Db, botId: string, exceptId?: number): Promise<boolean> {
  const [taken] = await db
    .select({ id: channels.id })
    .from(channels)
    .where(
      and(
        isTg,
        eq(channels.routeKey, botId),
        isNull(channels.deletedAt),
        exceptId ? ne(channels.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return taken !== undefined;
}

export async function insertTgChannel(db: Db, v: TgChannelValues): Promise<number> {
  const [row] = await db
    .insert(channels)
    .values({
      companyId: v.companyId,
      kind: TG,
      name: v.name,
      defaultSectorId: v.defaultSectorId,
      active: true,
      routeKey: v.config.bot_id,
      config: v.config,
      secretsSealed: { token: v.tokenSealed, webhook_secret: v.webhookSecretSealed },
      connectionState: 'starting',
      connectionSince: new Date(),
    })
    .returning({ id: channels.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function saveTgChannel(db: Db, id: number, v: TgChannelValues): Promise<void> {
  await db
    .update(channels)
    .set({
      name: v.name,
      defaultSectorId: v.defaultSectorId,
      routeKey: v.config.bot_id,
      config: v.config,
      secretsSealed: { token: v.tokenSealed, webhook_secret: v.webhookSecretSealed },
      updatedAt: new Date(),
    })
    .where(ofCompany(channels, v.companyId, isTg, eq(channels.id, id)));
}

export async function setTgMode(db: Db, companyId: number, id: number, mode: TTgConfig['mode']) {
  const [row] = await db.select({ config: channels.config }).from(channels).where(eq(channels.id, id));
  await db
    .update(channels)
    .set({
      config: { ...(row?.config ?? {}), mode },
      connectionState: mode === 'webhook' ? 'connected' : 'starting',
      connectionError: null,
      connectionSince: new Date(),
      updatedAt: new Date(),
    })
    .where(ofCompany(channels, companyId, isTg, eq(channels.id, id)));
}

/** A channel whose bot could not be set up is not kept (nothing refers to it yet). */
export async function dropTgChannel(db: Db, companyId: number, id: number): Promise<void> {
  await db.delete(channels).where(ofCompany(channels, companyId, isTg, eq(channels.id, id)));
}

export async function softDeleteTgChannel(db: Db, companyId: number, id: number): Promise<void> {
  await db
    .update(channels)
    .set({ deletedAt: new Date(), active: false, updatedAt: new Date() })
    .where(ofCompany(channels, companyId, isTg, eq(channels.id, id)));
}
