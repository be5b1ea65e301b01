import { OPTIN_CHANNEL_KINDS, type TSubscriberSource, type TSubscriberStatus } from '@prosa/shared/optin';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { subscribers } from '../../db/schema/campaigns';
import { channels } from '../../db/schema/channels';
import { users } from '../../db/schema/users';
import { writeFacts } from '../../facts/write-facts';
import type { Db, Tx } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

export type SubscriberRow = typeof subscribers.$inferSelect;

/** The company's channels that have subscribers (WhatsApp Enterprise, WhatsApp by QR, SMS), with active counts. */
export async function listOptinChannels(db: Db, companyId: number) {
  const active = db
    .select({ channelId: subscribers.channelId, n: count().as('n') })
    .from(subscribers)
    .where(and(eq(subscribers.companyId, companyId), eq(subscribers.subscriberStatus, 'active')))
    .groupBy(subscribers.channelId)
    .as('active');
  return db
    .select({
      id: channels.id,
      name: channels.name,
      kind: channels.kind,
      active_subscribers: sql<number>`coalesce(${active.n}, 0)::int`,
    })
    .from(channels)
    .leftJoin(active, eq(active.channelId, channels.id))
    .where(
      ofCompany(
        channels,
        companyId,
        inArray(channels.kind, [...OPTIN_CHANNEL_KINDS]),
        isNull(channels.deletedAt),
      ),
    )
    .orderBy(asc(channels.name), asc(channels.id));
}

export async function findOptinChannel(db: Db | Tx, companyId: number, channelId: number) {
  const [row] = await db
    .select({ id: channels.id, kind: channels.kind, name: channels.name })
    .from(channels)
    .where(
      ofCompany(
        channels,
        companyId,
        eq(channels.id, channelId),
        inArray(channels.kind, [...OPTIN_CHANNEL_KINDS]),
        isNull(channels.deletedAt),
      ),
    );
  return row ?? null;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of a channel's subscribers: by number (digits) or name, status; the latest changed first. */
export async function searchSubscribers(
  db: Db,
  q: {
    companyId: number;
    channelId: number;
    term?: string;
    status: 'all' | TSubscriberStatus;
    page: number;
    perPage: number;
  },
) {
  const term = q.term?.trim() ?? '';
  const digits = term.replace(/\D/g, '');
  const termCond = term
    ? or(
        ilike(subscribers.name, `%${escapeLike(term)}%`),
        digits ? ilike(subscribers.uid, `%${escapeLike(digits)}%`) : undefined,
      )
    : undefined;
  const where = ofCompany(
    subscribers,
    q.companyId,
    eq(subscribers.channelId, q.channelId),
    q.status === 'all' ? undefined : eq(subscribers.subscriberStatus, q.status),
    termCond,
  );
  const [total] = await db.select({ n: count() }).from(subscribers).where(where);
  const rows = await db
    .select({ s: subscribers, changedByName: users.name })
    .from(subscribers)
    .leftJoin(users, and(eq(users.companyId, subscribers.companyId), eq(users.id, subscribers.changedBy)))
    .where(where)
    .orderBy(desc(subscribers.updatedAt), desc(subscribers.id))
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage);
  return { total: total?.n ?? 0, rows };
}

/** Sets the status of some subscribers of a channel (by id); returns the rows changed. */
export async function setStatusByIds(
  tx: Tx,
  q: {
    companyId: number;
    channelId: number;
    ids: number[];
    status: TSubscriberStatus;
    source: TSubscriberSource;
    userId: number | null;
  },
) {
  return tx
    .update(subscribers)
    .set({ subscriberStatus: q.status, source: q.source, changedBy: q.userId, updatedAt: new Date() })
    .where(
      ofCompany(
        subscribers,
        q.companyId,
        eq(subscribers.channelId, q.channelId),
        inArray(subscribers.id, q.ids),
      ),
    )
    .returning();
}

/** Sets the status of one number on a channel, creating its row if the channel has none. */
export async function upsertStatus(
  tx: Tx,
  q: {
    companyId: number;
    channelId: number;
    uid: string;
    name?: string;
    status: TSubscriberStatus;
    source: TSubscriberSource;
    userId: number | null;
  },
) {
  const [row] = await tx
    .insert(subscribers)
    .values({
      companyId: q.companyId,
      channelId: q.channelId,
      uid: q.uid,
      name: q.name ?? '',
      subscriberStatus: q.status,
      source: q.source,
      changedBy: q.userId,
    })
    .onConflictDoUpdate({
      target: [subscribers.companyId, subscribers.channelId, subscribers.uid],
      set: { subscriberStatus: q.status, source: q.source, changedBy: q.userId, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('optin: upsert returned nothing');
  return row;
}

/** The contact becomes an active subscriber of the channel if it has no row yet (an opted-out one stays out). */
export async function subscribeIfNew(
  tx: Tx,
  q: { companyId: number; channelId: number; uid: string; name: string },
) {
  await tx
    .insert(subscribers)
    .values({ ...q, subscriberStatus: 'active', source: 'inbound' })
    .onConflictDoNothing({ target: [subscribers.companyId, subscribers.channelId, subscribers.uid] });
  const [row] = await tx
    .select()
    .from(subscribers)
    .where(
      ofCompany(subscribers, q.companyId, eq(subscribers.channelId, q.channelId), eq(subscribers.uid, q.uid)),
    );
  return row ?? null;
}

/**
 * An opted-out key receives nothing more from the channel's campaigns: its pending recipients (not yet claimed by
 * the engine) are cancelled with error 'opt-out', each campaign's processed count follows, and `campaign.updated`
 * tells the screens — all in the caller's transaction.
 */
export async function cancelPendingCampaignContacts(
  tx: Tx,
  q: { companyId: number; channelId: number; keys: string[] },
): Promise<number> {
  if (q.keys.length === 0) return 0;
  const r = await tx.execute<{ campaign_id: number; n: number }>(sql`
    with cancelled as (
      update campaign_contacts cc set status = 'cancelled', error = 'opt-out', updated_at = now()
      from campaigns ca
      where cc.company_id = ${q.companyId} and ca.company_id = cc.company_id and ca.id = cc.campaign_id
        and ca.channel_id = ${q.channelId} and ca.deleted_at is null
        and cc.contact_key = any(${sql.param(q.keys)}::text[]) and cc.status = 'pending'
      returning cc.campaign_id
    ), counted as (
      select campaign_id, count(*)::int as n from cancelled group by campaign_id
    )
    update campaigns c set processed_contacts = c.processed_contacts + counted.n, updated_at = now()
    from counted
    where c.company_id = ${q.companyId} and c.id = counted.campaign_id
    returning c.id as campaign_id, counted.n as n`);
  await writeFacts(
    tx,
    r.rows.map((row) => ({
      companyId: q.companyId,
      name: 'campaign.updated' as const,
      data: { campaign_id: Number(row.campaign_id) },
    })),
  );
  return r.rows.reduce((sum, row) => sum + Number(row.n), 0);
}
