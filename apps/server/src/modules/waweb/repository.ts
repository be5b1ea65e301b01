import type { TWawebConfig } from '@prosa/shared/waweb';
import type { TWawebState } from '@prosa/shared/waweb-states';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { channelServers, channels, wawebSessions } from '../../db/schema/channels';
import type { Db } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

// WhatsApp numbers by QR are channels of kind 'waweb'; their session (wanted or not, held by which channel
// server, in which state) is the `waweb_sessions` row of the channel.

export type WawebConfig = TWawebConfig;

export type WawebNumberRow = {
  companyId: number;
  id: number;
  name: string;
  sectorId: number;
  config: WawebConfig;
  desired: 'running' | 'stopped';
  /** As the screens show it: a session whose server went silent is 'server-disconnected'. */
  state: TWawebState;
  stateSince: Date | null;
  qr: string | null;
  lastError: string | null;
  createdAt: Date;
};

/** A channel server silent this long is taken as gone (spec 2 §4: "Server não conectado"). */
const SERVER_SILENT = sql`interval '30 seconds'`;

const isWaweb = eq(channels.kind, 'waweb');

function select(db: Db) {
  return db
    .select({
      companyId: channels.companyId,
      id: channels.id,
      name: channels.name,
      sectorId: channels.defaultSectorId,
      config: channels.config,
      createdAt: channels.createdAt,
      desired: sql<'running' | 'stopped'>`coalesce(${wawebSessions.desired}, 'stopped')`,
      state: sql<TWawebState>`case
        when ${wawebSessions.serverId} is not null and ${channelServers.lastPingAt} < now() - ${SERVER_SILENT}
          then 'server-disconnected'
        else coalesce(${wawebSessions.state}, 'not-running') end`,
      stateSince: wawebSessions.stateSince,
      qr: wawebSessions.qr,
      lastError: wawebSessions.lastError,
    })
    .from(channels)
    .leftJoin(wawebSessions, eq(wawebSessions.channelId, channels.id))
    .leftJoin(channelServers, eq(channelServers.id, wawebSessions.serverId));
}

const toRow = (r: Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number]): WawebNumberRow => ({
  ...r,
  config: r.config as WawebConfig,
});

export async function listNumbers(db: Db, companyId: number): Promise<WawebNumberRow[]> {
  const rows = await select(db)
    .where(ofCompany(channels, companyId, isWaweb, isNull(channels.deletedAt)))
    .orderBy(asc(channels.name), asc(channels.id));
  return rows.map(toRow);
}

export async function findNumber(db: Db, companyId: number, id: number): Promise<WawebNumberRow | null> {
  const [row] = await select(db).where(
    ofCompany(channels, companyId, isWaweb, isNull(channels.deletedAt), eq(channels.id, id)),
  );
  return row ? toRow(row) : null;
}

export async function insertNumber(
  db: Db,
  v: { companyId: number; name: string; sectorId: number; config: WawebConfig; routeKey: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(channels)
      .values({
        companyId: v.companyId,
        kind: 'waweb',
        name: v.name,
        defaultSectorId: v.sectorId,
        routeKey: v.routeKey,
        config: v.config,
      })
      .returning({ id: channels.id });
    if (!row) throw new Error('canal não criado');
    await tx.insert(wawebSessions).values({ companyId: v.companyId, channelId: row.id });
    return row.id;
  });
}

export async function updateNumber(
  db: Db,
  companyId: number,
  id: number,
  v: { name: string; sectorId: number; config: WawebConfig },
): Promise<boolean> {
  const rows = await db
    .update(channels)
    .set({ name: v.name, defaultSectorId: v.sectorId, config: v.config, updatedAt: new Date() })
    .where(ofCompany(channels, companyId, isWaweb, isNull(channels.deletedAt), eq(channels.id, id)))
    .returning({ id: channels.id });
  return rows.length > 0;
}

/** Removes a number that is not running: false when it is (or was asked to run meanwhile). */
export async function softDeleteNumber(db: Db, companyId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [session] = await tx
      .select({ desired: wawebSessions.desired, serverId: wawebSessions.serverId })
      .from(wawebSessions)
      .where(and(eq(wawebSessions.companyId, companyId), eq(wawebSessions.channelId, id)))
      .for('update');
    if (session && (session.desired === 'running' || session.serverId !== null)) return false;
    await tx
      .update(channels)
      .set({ deletedAt: new Date(), active: false })
      .where(ofCompany(channels, companyId, isWaweb, isNull(channels.deletedAt), eq(channels.id, id)));
    return true;
  });
}
