import { randomUUID } from 'node:crypto';
import { eq, isNull } from 'drizzle-orm';
import { type ChannelRow, channels } from '../../db/schema/channels';
import type { Db } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

// SMS ('sms') and Smart ('smart') channels are rows of `channels`: the broker's settings in `config`, its
// credentials and our webhook secret sealed in `secrets_sealed`; the route key is a random name (brokers call
// us by the channel's id and secret).
export type GatewayKind = 'sms' | 'smart';

export type GatewayValues = {
  companyId: number;
  name: string;
  defaultSectorId: number;
  active: boolean;
  config: Record<string, unknown>;
  secretsSealed: Record<string, string>;
};

export async function listGatewayChannels(
  db: Db,
  companyId: number,
  kind: GatewayKind,
): Promise<ChannelRow[]> {
  return db
    .select()
    .from(channels)
    .where(ofCompany(channels, companyId, eq(channels.kind, kind), isNull(channels.deletedAt)))
    .orderBy(channels.id);
}

export async function findGatewayChannel(
  db: Db,
  companyId: number,
  kind: GatewayKind,
  id: number,
): Promise<ChannelRow | null> {
  const [row] = await db
    .select()
    .from(channels)
    .where(
      ofCompany(
        channels,
        companyId,
        eq(channels.kind, kind),
        eq(channels.id, id),
        isNull(channels.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function insertGatewayChannel(db: Db, kind: GatewayKind, v: GatewayValues): Promise<number> {
  const [row] = await db
    .insert(channels)
    .values({
      companyId: v.companyId,
      kind,
      name: v.name,
      defaultSectorId: v.defaultSectorId,
      active: v.active,
      routeKey: `${kind}-${randomUUID()}`,
      config: v.config,
      secretsSealed: v.secretsSealed,
      connectionState: 'connected',
      connectionSince: new Date(),
    })
    .returning({ id: channels.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function saveGatewayChannel(db: Db, kind: GatewayKind, id: number, v: GatewayValues) {
  await db
    .update(channels)
    .set({
      name: v.name,
      defaultSectorId: v.defaultSectorId,
      active: v.active,
      config: v.config,
      secretsSealed: v.secretsSealed,
      updatedAt: new Date(),
    })
    .where(ofCompany(channels, v.companyId, eq(channels.kind, kind), eq(channels.id, id)));
}

export async function softDeleteGatewayChannel(db: Db, companyId: number, kind: GatewayKind, id: number) {
  await db
    .update(channels)
    .set({ deletedAt: new Date(), active: false, updatedAt: new Date() })
    .where(ofCompany(channels, companyId, eq(channels.kind, kind), eq(channels.id, id)));
}
