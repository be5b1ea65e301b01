import { eq } from 'drizzle-orm';
import { channels } from '../../db/schema/channels';
import type { Db } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

// A Facebook page (kind 'fa') and an Instagram account (kind 'insta') are written the same way: named by their
// Meta id (the route key), with the config of their kind and the page's sealed token. One writer for both.

export type MetaChannelValues<C> = {
  name: string;
  defaultSectorId: number;
  config: C;
  pageTokenSealed: string;
};

type MetaKind = 'fa' | 'insta';

const columns = <C>(routeKey: string, v: MetaChannelValues<C>) => ({
  name: v.name,
  defaultSectorId: v.defaultSectorId,
  routeKey,
  config: v.config as Record<string, unknown>,
  secretsSealed: { page_access_token: v.pageTokenSealed },
});

export async function insertMetaChannel<C>(
  db: Db,
  companyId: number,
  kind: MetaKind,
  routeKey: string,
  values: MetaChannelValues<C>,
): Promise<number> {
  const [row] = await db
    .insert(channels)
    .values({ companyId, kind, active: true, ...columns(routeKey, values) })
    .returning({ id: channels.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

/** Writes the channel as `values` says, live (a removed row comes back). */
export async function reviveMetaChannel<C>(
  db: Db,
  companyId: number,
  kind: MetaKind,
  id: number,
  routeKey: string,
  values: MetaChannelValues<C>,
): Promise<void> {
  await db
    .update(channels)
    .set({ ...columns(routeKey, values), active: true, deletedAt: null, updatedAt: new Date() })
    .where(ofCompany(channels, companyId, eq(channels.kind, kind), eq(channels.id, id)));
}
