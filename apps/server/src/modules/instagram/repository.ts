import { type TInstaConfig, ZInstaConfig } from '@prosa/shared/meta';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { type ChannelRow, channels } from '../../db/schema/channels';
import type { Db } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

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

export type InstaValues = {
  name: string;
  defaultSectorId: number;
  config: TInstaConfig;
  pageTokenSealed: string;
};

const columns = (v: InstaValues) => ({
  name: v.name,
  defaultSectorId: v.defaultSectorId,
  routeKey: v.config.account_id,
  config: v.config,
  secretsSealed: { page_access_token: v.pageTokenSealed },
});

export async function insertInstaChannel(db: Db, companyId: number, values: InstaValues) {
  const [row] = await db
    .insert(channels)
    .values({ companyId, kind: INSTA, active: true, ...columns(values) })
    .returning({ id: channels.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

/** Writes the account as `values` says, live (a removed row comes back). */
export async function saveInstaChannel(db: Db, companyId: number, id: number, values: InstaValues) {
  await db
    .update(channels)
    .set({ ...columns(values), active: true, deletedAt: null, updatedAt: new Date() })
    .where(ofCompany(channels, companyId, isInsta, eq(channels.id, id)));
}

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
