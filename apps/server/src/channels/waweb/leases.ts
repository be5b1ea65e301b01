import type { TWawebState } from '@prosa/shared/waweb-states';
import { and, eq, sql } from 'drizzle-orm';
import { channelServers, wawebSessions } from '../../db/schema/channels';
import { writeFacts } from '../../facts/write-facts';
import type { Db, Tx } from '../../platform/db';

// Which channel server holds which WhatsApp Web session (issue 13). A session that should run is held by one
// server at a time under a lease the holder renews every few seconds; when a server dies its leases run out and
// the next claim of another server takes the session over with the same credentials (no new QR). Every write
// about a session's connection is accepted only from its holder, so a server that lost a session cannot
// overwrite what the new holder says. Every change of a session's state or QR writes `waweb.channel_updated` in
// the same transaction: the WhatsApp panel and the Monitor hear of it from the facts, on every API node.

/** A held session is taken over at most this long after its server went silent (the issue asks for 30 s). */
export const SESSION_LEASE_MS = 20_000;

export type SessionRef = { companyId: number; channelId: number };

/** The fact of sessions whose state or QR changed. */
const updated = (tx: Tx, refs: SessionRef[]) =>
  writeFacts(
    tx,
    refs.map((ref) => ({
      name: 'waweb.channel_updated' as const,
      companyId: ref.companyId,
      data: { channel_id: ref.channelId },
    })),
  );

/** A channel server says it is alive (and where its control calls are); first call registers it. */
export async function pingServer(db: Db, server: { id: string; url: string }): Promise<void> {
  await db
    .insert(channelServers)
    .values({ id: server.id, url: server.url })
    .onConflictDoUpdate({ target: channelServers.id, set: { url: server.url, lastPingAt: sql`now()` } });
}

/** A person wants the channel's session running or stopped; the holder (or the next claim) acts on it. */
export async function wantSession(db: Db, ref: SessionRef, desired: 'running' | 'stopped'): Promise<void> {
  await db
    .insert(wawebSessions)
    .values({ companyId: ref.companyId, channelId: ref.channelId, desired })
    .onConflictDoUpdate({
      target: wawebSessions.channelId,
      set: { desired },
      where: eq(wawebSessions.companyId, ref.companyId),
    });
}

/**
 * Takes up to `max` sessions that should run and that nobody holds (never held, released, or their lease ran
 * out): they start (UNLAUNCHED) on this server.
 */
export async function claimSessions(
  db: Db,
  opts: { serverId: string; max: number; leaseMs?: number },
): Promise<SessionRef[]> {
  if (opts.max <= 0) return [];
  const leaseMs = Math.trunc(opts.leaseMs ?? SESSION_LEASE_MS);
  return db.transaction(async (tx) => {
    const r = await tx.execute<{ company_id: number; channel_id: number }>(sql`
    with free as (
      select channel_id from waweb_sessions
      where desired = 'running' and (server_id is null or lease_until is null or lease_until < now())
      order by channel_id
      limit ${Math.trunc(opts.max)}
      for update skip locked)
    update waweb_sessions s
    set server_id = ${opts.serverId}, lease_until = now() + ${leaseMs}::int * interval '1 millisecond',
      state = 'UNLAUNCHED', state_since = now(), qr = null, qr_at = null
    from free
    where s.channel_id = free.channel_id
    returning s.company_id, s.channel_id`);
    const refs = r.rows.map((x) => ({ companyId: x.company_id, channelId: x.channel_id }));
    await updated(tx, refs);
    return refs;
  });
}

/**
 * Renews the leases of the sessions this server holds; answers them with what is wanted of each. A session
 * missing from the answer was taken over by another server: this one must close it at once.
 */
export async function renewSessions(
  db: Db,
  opts: { serverId: string; leaseMs?: number },
): Promise<(SessionRef & { desired: 'running' | 'stopped' })[]> {
  const leaseMs = Math.trunc(opts.leaseMs ?? SESSION_LEASE_MS);
  const r = await db.execute<{ company_id: number; channel_id: number; desired: 'running' | 'stopped' }>(sql`
    update waweb_sessions
    set lease_until = now() + ${leaseMs}::int * interval '1 millisecond'
    where server_id = ${opts.serverId}
    returning company_id, channel_id, desired`);
  return r.rows.map((x) => ({ companyId: x.company_id, channelId: x.channel_id, desired: x.desired }));
}

/** Since when the session is in `state`: unchanged when it already was. */
const sinceFor = (state: TWawebState) =>
  sql`case when ${wawebSessions.state} = ${state} then ${wawebSessions.stateSince} else now() end`;

const held = (serverId: string, ref: SessionRef) =>
  and(
    eq(wawebSessions.companyId, ref.companyId),
    eq(wawebSessions.channelId, ref.channelId),
    eq(wawebSessions.serverId, serverId),
  );

/** The holder records the session's state (and the QR while pairing); false when it no longer holds it. */
export async function setSessionState(
  db: Db,
  serverId: string,
  ref: SessionRef,
  change: { state: TWawebState; qr?: string | null; error?: string | null },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(wawebSessions)
      .set({
        state: change.state,
        stateSince: sinceFor(change.state),
        ...(change.qr !== undefined ? { qr: change.qr, qrAt: change.qr === null ? null : sql`now()` } : {}),
        ...(change.error !== undefined ? { lastError: change.error } : {}),
      })
      .where(held(serverId, ref))
      .returning({ channelId: wawebSessions.channelId });
    if (rows.length > 0) await updated(tx, [ref]);
    return rows.length > 0;
  });
}

/** The holder lets the session go (stopped, or this server shutting down), leaving its last state. */
export async function releaseSession(
  db: Db,
  serverId: string,
  ref: SessionRef,
  state: TWawebState,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(wawebSessions)
      .set({
        serverId: null,
        leaseUntil: null,
        qr: null,
        qrAt: null,
        state,
        stateSince: sinceFor(state),
      })
      .where(held(serverId, ref))
      .returning({ channelId: wawebSessions.channelId });
    if (rows.length > 0) await updated(tx, [ref]);
    return rows.length > 0;
  });
}
