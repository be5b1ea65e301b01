import type { TMessagingLimit } from '@prosa/shared/waent';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { WaentConfig } from '../../channels/waent/config';
import { type ChannelRow, channels } from '../../db/schema/channels';
import type { Db, Tx } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

// WhatsApp Enterprise numbers are channels of kind 'waent' (one `channels` table for every kind): Meta names the
// number by its phone_number_id, the route key; the token and app secret are the sealed secrets.
const WAENT = 'waent';

export type WaentChannelRow = {
  companyId: number;
  id: number;
  name: string;
  defaultSectorId: number;
  broker: string;
  phoneNumber: string | null;
  phoneNumberId: string;
  wabaId: string;
  displayName: string | null;
  accessTokenSealed: string;
  appSecretSealed: string;
  verifyToken: string;
  apiBaseUrl: string;
  messagesPerSecond: number;
  messagingLimit: TMessagingLimit;
  isActive: boolean;
  isCloud: boolean;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
};

const DEFAULT_RATE = 80;

function toRow(c: ChannelRow): WaentChannelRow {
  const config = c.config as Partial<WaentConfig>;
  return {
    companyId: c.companyId,
    id: c.id,
    name: c.name,
    defaultSectorId: c.defaultSectorId,
    broker: config.broker ?? 'meta',
    phoneNumber: config.phone_number ?? null,
    phoneNumberId: c.routeKey,
    wabaId: config.waba_id ?? '',
    displayName: config.display_name ?? null,
    accessTokenSealed: c.secretsSealed.access_token ?? '',
    appSecretSealed: c.secretsSealed.app_secret ?? '',
    verifyToken: config.verify_token ?? '',
    apiBaseUrl: config.api_base_url ?? '',
    messagesPerSecond: c.ratePerSecond ?? DEFAULT_RATE,
    messagingLimit: config.messaging_limit ?? 'unlimited',
    isActive: c.active,
    isCloud: config.is_cloud ?? true,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    deletedAt: c.deletedAt,
  };
}

export type WaentChannelValues = Omit<
  WaentChannelRow,
  'id' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'messagingLimit'
> & { messagingLimit?: TMessagingLimit };

function toColumns(v: WaentChannelValues) {
  return {
    companyId: v.companyId,
    kind: WAENT,
    name: v.name,
    defaultSectorId: v.defaultSectorId,
    active: v.isActive,
    routeKey: v.phoneNumberId,
    config: {
      broker: v.broker,
      phone_number: v.phoneNumber,
      waba_id: v.wabaId,
      display_name: v.displayName,
      verify_token: v.verifyToken,
      api_base_url: v.apiBaseUrl,
      is_cloud: v.isCloud,
      messaging_limit: v.messagingLimit ?? 'unlimited',
    } satisfies WaentConfig,
    secretsSealed: { access_token: v.accessTokenSealed, app_secret: v.appSecretSealed },
    ratePerSecond: v.messagesPerSecond,
  };
}

const isWaent = eq(channels.kind, WAENT);

export async function listChannels(db: Db, companyId: number) {
  const rows = await db
    .select()
    .from(channels)
    .where(ofCompany(channels, companyId, isWaent, isNull(channels.deletedAt)))
    .orderBy(channels.id);
  return rows.map(toRow);
}

export async function findChannel(db: Db | Tx, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(channels)
    .where(ofCompany(channels, companyId, isWaent, eq(channels.id, id), isNull(channels.deletedAt)))
    .limit(1);
  return row ? toRow(row) : null;
}

/** Another live channel already serving this number (one live channel per number on the platform). */
export async function numberTaken(db: Db, phoneNumberId: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: channels.id })
    .from(channels)
    .where(
      and(
        isWaent,
        eq(channels.routeKey, phoneNumberId),
        isNull(channels.deletedAt),
        exceptId ? ne(channels.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return taken !== undefined;
}

export async function insertWaentChannel(db: Db | Tx, values: WaentChannelValues) {
  const [row] = await db.insert(channels).values(toColumns(values)).returning();
  if (!row) throw new Error('insert returned nothing');
  return toRow(row);
}

/** Writes the channel as `values` describe it (the caller merged its change into the current row). */
export async function saveWaentChannel(db: Db, id: number, values: WaentChannelValues) {
  const columns = toColumns(values);
  await db
    .update(channels)
    // Merged: keys of the number's onboarding (waent-onboarding) live in the same config and outlast an edit.
    .set({
      ...columns,
      config: sql`${channels.config} || ${JSON.stringify(columns.config)}::jsonb`,
      updatedAt: new Date(),
    })
    .where(ofCompany(channels, values.companyId, isWaent, eq(channels.id, id)));
}

export async function softDeleteWaentChannel(db: Db, companyId: number, id: number) {
  await db
    .update(channels)
    .set({ deletedAt: new Date(), active: false, updatedAt: new Date() })
    .where(ofCompany(channels, companyId, isWaent, eq(channels.id, id)));
}
