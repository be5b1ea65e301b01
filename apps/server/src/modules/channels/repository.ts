import { and, asc, count, eq, inArray, isNull, notInArray, type SQL } from 'drizzle-orm';
import { type ChannelRow, channels } from '../../db/schema/channels';
import type { Db } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

// The channels of every kind, as the generic calls of spec 2 §7 read and change them. Each kind's own repository
// (webchat, waent) reads the same rows, so what changes here shows there too.

/** Which live channels a listing keeps: kinds the caller may not see are left out, `available` narrows further. */
export type ChannelFilter = { hiddenKinds: readonly string[]; available: boolean; kind?: string };

/**
 * "Available" (spec 2 §7 `GET /channels?available=true`, the lists a channel is picked from): a channel that can
 * carry messages now. It is active, and its connection is either not needed (state 'none': web chat, Cloud API)
 * or up ('connected'; spec 2 §4 channel states: "Only CONNECTED is online"); starting, disconnected or failed
 * sessions are not available.
 */
export const AVAILABLE_STATES = ['none', 'connected'] as const;

export function isAvailable(row: Pick<ChannelRow, 'active' | 'connectionState'>): boolean {
  return row.active && (AVAILABLE_STATES as readonly string[]).includes(row.connectionState);
}

function conditions(companyId: number, f: ChannelFilter): SQL {
  return ofCompany(
    channels,
    companyId,
    isNull(channels.deletedAt),
    f.hiddenKinds.length > 0 ? notInArray(channels.kind, [...f.hiddenKinds]) : undefined,
    f.kind ? eq(channels.kind, f.kind) : undefined,
    f.available
      ? and(eq(channels.active, true), inArray(channels.connectionState, [...AVAILABLE_STATES]))
      : undefined,
  );
}

const byName = [asc(channels.name), asc(channels.id)];

export async function selectChannels(db: Db, companyId: number, f: ChannelFilter) {
  return db
    .select()
    .from(channels)
    .where(conditions(companyId, f))
    .orderBy(...byName);
}

export async function selectChannelPage(
  db: Db,
  companyId: number,
  f: ChannelFilter & { limit: number; offset: number },
) {
  const where = conditions(companyId, f);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(channels)
      .where(where)
      .orderBy(...byName)
      .limit(f.limit)
      .offset(f.offset),
    db.select({ total: count() }).from(channels).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** A live channel of the company, of any kind (another company's id is simply not found). */
export async function findChannel(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(channels)
    .where(ofCompany(channels, companyId, eq(channels.id, id), isNull(channels.deletedAt)))
    .limit(1);
  return row ?? null;
}

export type ChannelChange = Partial<
  Pick<ChannelRow, 'useTriggerFromChannelId' | 'defaultSectorId' | 'statusMessage' | 'profilePicturePath'>
>;

export async function saveChannelChange(db: Db, companyId: number, id: number, change: ChannelChange) {
  const [row] = await db
    .update(channels)
    .set({ ...change, updatedAt: new Date() })
    .where(ofCompany(channels, companyId, eq(channels.id, id), isNull(channels.deletedAt)))
    .returning();
  return row ?? null;
}
