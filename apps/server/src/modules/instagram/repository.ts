import { type TInstaConfig, ZInstaConfig } from '@prosa/shared/meta';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { type ChannelRow, channels } from '../../db/schema/channels';
import type { Db } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';
import { insertMetaChannel, type MetaChannelValues, reviveMetaChannel } from '../facebook/meta-channel-rows';

// Instagram business accounts are channels of kind 'insta' (route key = the account id, config ZInstaConfig,
// sealed secret page_access_token: Instagram messaging uses the linked page's token).
const INSTA = 'insta';
const isInsta = eq(channels.kind, INSTA);

export type InstaChannel = {
  companyId: number;
  id: number;
  name: string;
  defaultSectorId: number;
  config: TInstaConfig;
  createdAt: Date;
};

function toInsta(row: ChannelRow): InstaChannel | null {
  const config = ZInstaConfig.safeParse(row.config);
  if (!config.success) return null;
  return {
    companyId: row.companyId,
    id: row.id,
    name: row.name,
    defaultSectorId: row.defaultSectorId,
    config: config.data,
    createdAt: row.createdAt,
  };
}

const accounts = (rows: ChannelRow[]) => rows.map(toInsta).filter((a): a is InstaChannel => a !== null);

export async function listInstaChannels(db: Db, companyId: number) {
  return accounts(
    await db
      .select()
      .from(channels)
      .where(ofCompany(channels, companyId, isInsta, isNull(channels.deletedAt)))
      .orderBy(channels.id),
  );
}

export async function findInstaChannel(db: Db, companyId: number, id: number) {
  const rows = await db
    .select()
    .from(channels)
    .where(ofCompany(channels, companyId, isInsta, eq(channels.id, id), isNull(channels.deletedAt)))
    .limit(1);
  return accounts(rows)[0] ?? null;
}

/** The live channel of an account on the whole platform, of any company. */
export async function findLiveAccount(db: Db, accountId: string) {
  const rows = await db
    .select()
    .from(channels)
    .where(and(isInsta, eq(channels.routeKey, accountId), isNull(channels.deletedAt)))
    .limit(1);
  return accounts(rows)[0] ?? null;
}

export async function findRemovedAccount(db: Db, companyId: number, accountId: string) {
  const rows = await db
    .select()
    .from(channels)
    .where(
      ofCompany(
        channels,
        companyId,
        isInsta,
        eq(channels.routeKey, accountId),
        isNotNull(channels.deletedAt),
      ),
    )
    .orderBy(desc(channels.id))
    .limit(1);
  return accounts(rows)[0] ?? null;
}

export type InstaValues = MetaChannelValues<TInstaConfig>;

export const insertInstaChannel = (db: Db, companyId: number, values: InstaValues) =>
  insertMetaChannel(db, companyId, INSTA, values.config.account_id, values);

/** Writes the account as `values` says, live (a removed row comes back). */
export const saveInstaChannel = (db: Db, companyId: number, id: number, values: InstaValues) =>
  reviveMetaChannel(db, companyId, INSTA, id, values.config.account_id, values);

export async function patchInstaChannel(
  db: Db,
  companyId: number,
  id: number,
  values: { name: string; defaultSectorId: number },
) {
  await db
    .update(channels)
    .set({ ...values, updatedAt: new Date() })
    .where(ofCompany(channels, companyId, isInsta, eq(channels.id, id)));
}

export async function removeInstaChannel(db: Db, companyId: number, id: number) {
  await db
    .update(channels)
    .set({ active: false, deletedAt: new Date(), updatedAt: new Date() })
    .where(ofCompany(channels, companyId, isInsta, eq(channels.id, id)));
}
