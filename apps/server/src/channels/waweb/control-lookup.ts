import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { channelServers, channels, wawebSessions } from '../../db/schema/channels';
import type { Db } from '../../platform/db';
import type { SessionRef } from './leases';

// Lookups of the control plane (spec 2 §7): a WhatsApp-by-QR channel by its id or uuid (route key), across
// companies (the control token authorizes the call; the API checks the company before it calls), and the
// channel server holding its session.

/** A holder silent this long is taken as gone (spec 2 §9: 30 s). */
const SERVER_SILENT = sql`interval '30 seconds'`;

export type ControlChannel = SessionRef & { routeKey: string; desired: 'running' | 'stopped' };

export async function findControlChannel(
  db: Db,
  by: { id: number } | { routeKey: string },
): Promise<ControlChannel | null> {
  const [row] = await db
    .select({
      companyId: channels.companyId,
      channelId: channels.id,
      routeKey: channels.routeKey,
      desired: sql<'running' | 'stopped'>`coalesce(${wawebSessions.desired}, 'stopped')`,
    })
    .from(channels)
    .leftJoin(wawebSessions, eq(wawebSessions.channelId, channels.id))
    .where(
      and(
        eq(channels.kind, 'waweb'),
        isNull(channels.deletedAt),
        'id' in by ? eq(channels.id, by.id) : eq(channels.routeKey, by.routeKey),
      ),
    );
  return row ?? null;
}

/** Where the session of a channel runs now: its holder's id and control URL, or null when nobody live holds it. */
export async function findHolder(db: Db, ref: SessionRef): Promise<{ serverId: string; url: string } | null> {
  const [row] = await db
    .select({ serverId: channelServers.id, url: channelServers.url })
    .from(wawebSessions)
    .innerJoin(channelServers, eq(channelServers.id, wawebSessions.serverId))
    .where(
      and(
        eq(wawebSessions.companyId, ref.companyId),
        eq(wawebSessions.channelId, ref.channelId),
        gt(channelServers.lastPingAt, sql`now() - ${SERVER_SILENT}`),
      ),
    );
  return row ?? null;
}

/** The state and QR its holder last recorded for a session. */
export async function readSessionScreen(db: Db, channelId: number) {
  const [row] = await db
    .select({ state: wawebSessions.state, qr: wawebSessions.qr })
    .from(wawebSessions)
    .where(eq(wawebSessions.channelId, channelId));
  return row ?? null;
}
