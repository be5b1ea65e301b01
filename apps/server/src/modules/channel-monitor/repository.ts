import type { TWawebState } from '@prosa/shared/waweb-states';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { channelBreakdowns } from '../../db/schema/channel-monitor';
import { channelServers, channels, wawebSessions } from '../../db/schema/channels';
import type { Db } from '../../platform/db';

// What the channel Monitor reads (spec 2 §3, §7): WhatsApp-by-QR channels with their session, and the channel
// servers. A company's managers see their channels and the servers holding them; the platform owner sees all.

export type MonitorChannelRow = {
  companyId: number;
  id: number;
  routeKey: string;
  name: string;
  config: unknown;
  /** As the screens show it: a session whose holder is silent is 'server-disconnected'. */
  state: TWawebState;
  stateSince: Date | null;
  serverId: string | null;
  qr: string | null;
  lastError: string | null;
};

export type MonitorServerRow = { id: string; url: string; lastPingAt: Date; silentMs: number };

/** `companyId` null: every company (the platform owner's Monitor). */
export async function listMonitorChannels(
  db: Db,
  opts: { companyId: number | null; channelId?: number; serverId?: string; silentMs: number },
): Promise<MonitorChannelRow[]> {
  const silent = sql`${channelServers.lastPingAt} < now() - ${Math.trunc(opts.silentMs)}::int * interval '1 millisecond'`;
  return db
    .select({
      companyId: channels.companyId,
      id: channels.id,
      routeKey: channels.routeKey,
      name: channels.name,
      config: channels.config,
      state: sql<TWawebState>`case when ${wawebSessions.serverId} is not null and ${silent}
        then 'server-disconnected' else coalesce(${wawebSessions.state}, 'not-running') end`,
      stateSince: wawebSessions.stateSince,
      serverId: wawebSessions.serverId,
      qr: wawebSessions.qr,
      lastError: wawebSessions.lastError,
    })
    .from(channels)
    .leftJoin(wawebSessions, eq(wawebSessions.channelId, channels.id))
    .leftJoin(channelServers, eq(channelServers.id, wawebSessions.serverId))
    .where(
      and(
        eq(channels.kind, 'waweb'),
        isNull(channels.deletedAt),
        opts.companyId === null ? undefined : eq(channels.companyId, opts.companyId),
        opts.channelId === undefined ? undefined : eq(channels.id, opts.channelId),
        opts.serverId === undefined ? undefined : eq(wawebSessions.serverId, opts.serverId),
      ),
    )
    .orderBy(asc(channels.name), asc(channels.id));
}

/** The servers (all, or those with these ids), with how long each has been silent. */
export async function listMonitorServers(db: Db, ids: string[] | null): Promise<MonitorServerRow[]> {
  if (ids !== null && ids.length === 0) return [];
  return db
    .select({
      id: channelServers.id,
      url: channelServers.url,
      lastPingAt: channelServers.lastPingAt,
      silentMs: sql<number>`(extract(epoch from now() - ${channelServers.lastPingAt}) * 1000)::float8`,
    })
    .from(channelServers)
    .where(ids === null ? undefined : inArray(channelServers.id, ids))
    .orderBy(asc(channelServers.id));
}

/** The database's clock: durations on the screen are measured from it. */
export async function dbNow(db: Db): Promise<Date> {
  const r = await db.execute<{ now: Date | string }>(sql`select now() as now`);
  return new Date(r.rows[0]?.now ?? Date.now());
}

/** How many sessions each server holds, per company. */
export async function countHeldSessions(
  db: Db,
): Promise<{ serverId: string; companyId: number; n: number }[]> {
  return db
    .select({
      serverId: sql<string>`${wawebSessions.serverId}`,
      companyId: wawebSessions.companyId,
      n: sql<number>`count(*)::int`,
    })
    .from(wawebSessions)
    .where(isNotNull(wawebSessions.serverId))
    .groupBy(wawebSessions.serverId, wawebSessions.companyId);
}

/** The channels marked "em pane", of one company or (null) of every company. */
export async function listBreakdownIds(db: Db, companyId: number | null): Promise<number[]> {
  const rows = await db
    .select({ id: channelBreakdowns.channelId })
    .from(channelBreakdowns)
    .where(companyId === null ? undefined : eq(channelBreakdowns.companyId, companyId))
    .orderBy(asc(channelBreakdowns.channelId));
  return rows.map((r) => r.id);
}

export async function setBreakdown(
  db: Db,
  opts: { companyId: number; channelId: number; userId: number; active: boolean },
): Promise<void> {
  if (opts.active) {
    await db
      .insert(channelBreakdowns)
      .values({ companyId: opts.companyId, channelId: opts.channelId, userId: opts.userId })
      .onConflictDoNothing();
    return;
  }
  await db
    .delete(channelBreakdowns)
    .where(
      and(eq(channelBreakdowns.companyId, opts.companyId), eq(channelBreakdowns.channelId, opts.channelId)),
    );
}
