import { type TFaConfig, ZFaConfig } from '@prosa/shared/meta';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { type ChannelRow, channels } from '../../db/schema/channels';
import type { Db } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';
import { insertMetaChannel, type MetaChannelValues, reviveMetaChannel } from './meta-channel-rows';

// Facebook pages are channels of kind 'fa' (route key = the page id, config ZFaConfig, sealed secret
// page_access_token). An unlinked page is soft-deleted with state 'unlinked'; connecting it again revives the
// same row, so its conversations keep their channel.
const FA = 'fa';
const isFa = eq(channels.kind, FA);

export type PageChannel = {
  companyId: number;
  id: number;
  name: string;
  defaultSectorId: number;
  config: TFaConfig;
  pageTokenSealed: string;
  deletedAt: Date | null;
};

function toPage(row: ChannelRow): PageChannel | null {
  const config = ZFaConfig.safeParse(row.config);
  if (!config.success) return null;
  return {
    companyId: row.companyId,
    id: row.id,
    name: row.name,
    defaultSectorId: row.defaultSectorId,
    config: config.data,
    pageTokenSealed: row.secretsSealed.page_access_token ?? '',
    deletedAt: row.deletedAt,
  };
}

const pages = (rows: ChannelRow[]) => rows.map(toPage).filter((p): p is PageChannel => p !== null);

export async function listPageChannels(db: Db, companyId: number) {
  return pages(
    await db
      .select()
      .from(channels)
      .where(ofCompany(channels, companyId, isFa, isNull(channels.deletedAt)))
      .orderBy(channels.id),
  );
}

/** The company's unlinked channels, oldest first (so a page's last unlink is the one that stays in a map). */
export async function listUnlinkedPages(db: Db, companyId: number) {
  return pages(
    await db
      .select()
      .from(channels)
      .where(ofCompany(channels, companyId, isFa, isNotNull(channels.deletedAt)))
      .orderBy(channels.id),
  );
}

export async function findPageChannel(db: Db, companyId: number, id: number) {
  const rows = await db
    .select()
    .from(channels)
    .where(ofCompany(channels, companyId, isFa, eq(channels.id, id), isNull(channels.deletedAt)))
    .limit(1);
  return pages(rows)[0] ?? null;
}

/** The live channel of a page on the whole platform (one live channel per page), of any company. */
export async function findLivePage(db: Db, pageId: string) {
  const rows = await db
    .select()
    .from(channels)
    .where(and(isFa, eq(channels.routeKey, pageId), isNull(channels.deletedAt)))
    .limit(1);
  return pages(rows)[0] ?? null;
}

/** The company's last unlinked channel of a page, to revive. */
export async function findRemovedPage(db: Db, companyId: number, pageId: string) {
  const rows = await db
    .select()
    .from(channels)
    .where(ofCompany(channels, companyId, isFa, eq(channels.routeKey, pageId), isNotNull(channels.deletedAt)))
    .orderBy(desc(channels.id))
    .limit(1);
  return pages(rows)[0] ?? null;
}

export type PageValues = MetaChannelValues<TFaConfig>;

export const insertPageChannel = (db: Db, companyId: number, values: PageValues) =>
  insertMetaChannel(db, companyId, FA, values.config.page_id, values);

/** Writes the page as `values` says, live (a removed row comes back). */
export const savePageChannel = (db: Db, companyId: number, id: number, values: PageValues) =>
  reviveMetaChannel(db, companyId, FA, id, values.config.page_id, values);

export async function setPageConfig(db: Db, companyId: number, id: number, config: TFaConfig) {
  await db
    .update(channels)
    .set({ config, updatedAt: new Date() })
    .where(ofCompany(channels, companyId, isFa, eq(channels.id, id)));
}

export async function setPageSector(db: Db, companyId: number, id: number, sectorId: number) {
  await db
    .update(channels)
    .set({ defaultSectorId: sectorId, updatedAt: new Date() })
    .where(ofCompany(channels, companyId, isFa, eq(channels.id, id)));
}

/** Unlinked: state 'unlinked', inactive and soft-deleted. */
export async function unlinkPageChannel(db: Db, companyId: number, id: number, config: TFaConfig) {
  await db
    .update(channels)
    .set({ config, active: false, deletedAt: new Date(), updatedAt: new Date() })
    .where(ofCompany(channels, companyId, isFa, eq(channels.id, id)));
}
