import { and, eq, isNull } from 'drizzle-orm';
import type { GraphChannel } from '../../channels/waent/graph-client';
import { waentChannels } from '../../db/schema/waent';
import { decryptSecret } from '../../platform/crypto';
import type { Db, Tx } from '../../platform/db';
import type { OutboundGuard } from '../../platform/outbound-url';
import { ofCompany } from '../../platform/tenancy';

export type WaentChannelRow = typeof waentChannels.$inferSelect;

export async function listChannels(db: Db, companyId: number) {
  return db
    .select()
    .from(waentChannels)
    .where(ofCompany(waentChannels, companyId, isNull(waentChannels.deletedAt)))
    .orderBy(waentChannels.id);
}

export async function findChannel(db: Db | Tx, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(waentChannels)
    .where(ofCompany(waentChannels, companyId, eq(waentChannels.id, id), isNull(waentChannels.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** A live channel by its id alone (webhooks name the channel in the path, not the company). */
export async function findChannelById(db: Db | Tx, id: number) {
  const [row] = await db
    .select()
    .from(waentChannels)
    .where(and(eq(waentChannels.id, id), isNull(waentChannels.deletedAt)))
    .limit(1);
  return row ?? null;
}

export type OpenChannel = {
  row: WaentChannelRow;
  graph: GraphChannel;
  appSecret: string;
};

/** The channel with its secrets unsealed, for the Graph API (through the outbound guard) and signature checks. */
export function openChannel(
  row: WaentChannelRow,
  deps: { appSecret: string; outbound: OutboundGuard },
): OpenChannel {
  const serverSecret = deps.appSecret;
  return {
    row,
    graph: {
      apiBaseUrl: row.apiBaseUrl,
      phoneNumberId: row.phoneNumberId,
      wabaId: row.wabaId,
      accessToken: decryptSecret(row.accessTokenSealed, serverSecret),
      outbound: deps.outbound,
    },
    appSecret: decryptSecret(row.appSecretSealed, serverSecret),
  };
}
