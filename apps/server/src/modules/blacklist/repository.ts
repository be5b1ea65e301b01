import {
  ALL_CHANNELS_LABEL,
  BLOCK_ACTION_LABEL,
  BLOCK_STATE_LABEL,
  prefixLabel,
  SUGGESTION_LABEL,
  type TBlockedContact,
  type TBlockHistoryEntry,
  type TSuggestion,
} from '@prosa/shared/blacklist';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { attendances } from '../../db/schema/attendance';
import {
  type BlockedContactRow,
  blacklistHistory,
  blockedContacts,
  blockSuggestions,
} from '../../db/schema/blacklist';
import { channels } from '../../db/schema/channels';
import { companies } from '../../db/schema/companies';
import { users } from '../../db/schema/users';
import type { Db, Tx } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

type SuggestionRow = typeof blockSuggestions.$inferSelect;

/** Display names of the company's users and channels named by some rows, in two queries. */
async function namesOf(
  db: Db | Tx,
  companyId: number,
  userIds: (number | null)[],
  channelIds: (number | null)[],
) {
  const uids = [...new Set(userIds.filter((x): x is number => x !== null))];
  const cids = [...new Set(channelIds.filter((x): x is number => x !== null))];
  const userRows = uids.length
    ? await db
        .select({ id: users.id, name: users.displayName })
        .from(users)
        .where(ofCompany(users, companyId, inArray(users.id, uids)))
    : [];
  const channelRows = cids.length
    ? await db
        .select({ id: channels.id, name: channels.name, deletedAt: channels.deletedAt })
        .from(channels)
        .where(ofCompany(channels, companyId, inArray(channels.id, cids)))
    : [];
  const user = new Map(userRows.map((u) => [u.id, u.name]));
  const channel = new Map(channelRows.map((c) => [c.id, c.deletedAt ? `${c.name} (Excluído)` : c.name]));
  return {
    user: (id: number | null) => (id === null ? null : (user.get(id) ?? null)),
    channel: (id: number | null) => (id === null ? ALL_CHANNELS_LABEL : (channel.get(id) ?? `Canal ${id}`)),
  };
}

export async function toBlockedContacts(db: Db | Tx, companyId: number, rows: BlockedContactRow[]) {
  const names = await namesOf(
    db,
    companyId,
    rows.flatMap((r) => [r.blockBy, r.suggestOperatorId]),
    rows.map((r) => r.channelId),
  );
  return rows.map(
    (r): TBlockedContact => ({
      id: r.id,
      prefix: r.prefix,
      prefix_label: prefixLabel(r.prefix),
      channel_id: r.channelId,
      channel_name: names.channel(r.channelId),
      contact: r.contact,
      contact_display: r.contactDisplay || r.contact,
      description: r.description,
      status: r.status,
      status_label: BLOCK_STATE_LABEL[r.status],
      block_by_name: names.user(r.blockBy),
      suggest_operator_name: names.user(r.suggestOperatorId),
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    }),
  );
}

export type BlockedFilters = {
  contact?: string;
  prefix?: string;
  status?: 'accepted' | 'denied';
  from_date?: string;
  to_date?: string;
};

/** One page of the company's blocked contacts, most recently changed first, and how many match. */
export async function listBlocked(
  db: Db,
  companyId: number,
  f: BlockedFilters,
  page: number,
  perPage: number,
) {
  const conds: (SQL | undefined)[] = [];
  const term = f.contact?.trim();
  if (term) {
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = term.replace(/\D/g, '');
    conds.push(
      or(
        ilike(blockedContacts.contact, like),
        ilike(blockedContacts.contactDisplay, like),
        digits.length >= 3 ? ilike(blockedContacts.contact, `%${digits}%`) : undefined,
      ),
    );
  }
  if (f.prefix) conds.push(eq(blockedContacts.prefix, f.prefix));
  if (f.status) conds.push(eq(blockedContacts.status, f.status));
  // Dates are the company's calendar days (its timezone), as the screen shows them.
  const day = sql`(${blockedContacts.updatedAt} at time zone (select timezone from ${companies} where ${companies.id} = ${companyId}))::date`;
  if (f.from_date) conds.push(sql`${day} >= ${f.from_date}::date`);
  if (f.to_date) conds.push(sql`${day} <= ${f.to_date}::date`);
  const where = ofCompany(blockedContacts, companyId, ...conds);
  const [total] = await db.select({ n: count() }).from(blockedContacts).where(where);
  const rows = await db
    .select()
    .from(blockedContacts)
    .where(where)
    .orderBy(desc(blockedContacts.updatedAt), desc(blockedContacts.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { rows, total: total?.n ?? 0 };
}

export async function findBlocked(db: Db | Tx, companyId: number, id: number, lock = false) {
  const q = db
    .select()
    .from(blockedContacts)
    .where(ofCompany(blockedContacts, companyId, eq(blockedContacts.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The row of a contact on a kind and channel (null: all channels of the kind), whatever its status. */
export async function findBlockedByKey(
  db: Db | Tx,
  companyId: number,
  key: { prefix: string; channelId: number | null; contact: string },
) {
  const [row] = await db
    .select()
    .from(blockedContacts)
    .where(
      ofCompany(
        blockedContacts,
        companyId,
        eq(blockedContacts.prefix, key.prefix),
        key.channelId === null
          ? isNull(blockedContacts.channelId)
          : eq(blockedContacts.channelId, key.channelId),
        eq(blockedContacts.contact, key.contact),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function insertBlocked(
  tx: Tx,
  values: {
    companyId: number;
    prefix: string;
    channelId: number | null;
    contact: string;
    contactDisplay: string;
    description: string;
    blockBy: number;
    suggestOperatorId: number | null;
  },
) {
  const [row] = await tx
    .insert(blockedContacts)
    .values({ ...values, status: 'accepted' })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function setBlockedStatus(
  tx: Tx,
  companyId: number,
  id: number,
  values: {
    status: 'accepted' | 'denied';
    description: string;
    blockBy?: number;
    suggestOperatorId?: number | null;
    contactDisplay?: string;
  },
) {
  const [row] = await tx
    .update(blockedContacts)
    .set({ ...values, updatedAt: new Date() })
    .where(ofCompany(blockedContacts, companyId, eq(blockedContacts.id, id)))
    .returning();
  return row ?? null;
}

export async function insertHistory(
  tx: Tx,
  values: {
    companyId: number;
    blockedContactId: number;
    type: 'accepted' | 'denied';
    description: string;
    userId: number;
  },
) {
  await tx.insert(blacklistHistory).values(values);
}

export async function historyOf(db: Db, companyId: number, blockedContactId: number) {
  const rows = await db
    .select({
      id: blacklistHistory.id,
      type: blacklistHistory.type,
      description: blacklistHistory.description,
      userName: users.displayName,
      createdAt: blacklistHistory.createdAt,
    })
    .from(blacklistHistory)
    .leftJoin(
      users,
      and(eq(users.companyId, blacklistHistory.companyId), eq(users.id, blacklistHistory.userId)),
    )
    .where(ofCompany(blacklistHistory, companyId, eq(blacklistHistory.blockedContactId, blockedContactId)))
    .orderBy(desc(blacklistHistory.createdAt), desc(blacklistHistory.id));
  return rows.map(
    (r): TBlockHistoryEntry => ({
      id: r.id,
      type: r.type,
      label: BLOCK_ACTION_LABEL[r.type],
      description: r.description,
      user_name: r.userName,
      created_at: r.createdAt.toISOString(),
    }),
  );
}

/** The denied suggestions of a contact on a kind (any channel). */
export async function deniedSuggestionsOf(
  db: Db,
  companyId: number,
  key: { prefix: string; contact: string },
) {
  return db
    .select()
    .from(blockSuggestions)
    .where(
      ofCompany(
        blockSuggestions,
        companyId,
        eq(blockSuggestions.prefix, key.prefix),
        eq(blockSuggestions.contact, key.contact),
        eq(blockSuggestions.status, 'denied'),
      ),
    )
    .orderBy(desc(blockSuggestions.decidedAt));
}

// ---- suggestions

export async function countPendingSuggestions(db: Db, companyId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(blockSuggestions)
    .where(ofCompany(blockSuggestions, companyId, eq(blockSuggestions.status, 'pending')));
  return row?.n ?? 0;
}

export async function listSuggestions(
  db: Db,
  companyId: number,
  status: 'pending' | 'decided',
  page: number,
  perPage: number,
) {
  const where = ofCompany(
    blockSuggestions,
    companyId,
    status === 'pending'
      ? eq(blockSuggestions.status, 'pending')
      : inArray(blockSuggestions.status, ['approved', 'denied']),
  );
  const [total] = await db.select({ n: count() }).from(blockSuggestions).where(where);
  const rows = await db
    .select()
    .from(blockSuggestions)
    .where(where)
    .orderBy(
      status === 'pending' ? asc(blockSuggestions.createdAt) : desc(blockSuggestions.decidedAt),
      desc(blockSuggestions.id),
    )
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { rows, total: total?.n ?? 0 };
}

export async function toSuggestions(db: Db, companyId: number, rows: SuggestionRow[]) {
  const names = await namesOf(
    db,
    companyId,
    rows.flatMap((r) => [r.operatorId, r.decidedBy]),
    rows.map((r) => r.channelId),
  );
  const attIds = [...new Set(rows.map((r) => r.attendanceId).filter((x): x is number => x !== null))];
  const protocols = new Map(
    (attIds.length
      ? await db
          .select({ id: attendances.id, protocol: attendances.protocol })
          .from(attendances)
          .where(ofCompany(attendances, companyId, inArray(attendances.id, attIds)))
      : []
    ).map((a) => [a.id, a.protocol]),
  );
  return rows.map(
    (r): TSuggestion => ({
      id: r.id,
      prefix: r.prefix,
      prefix_label: prefixLabel(r.prefix),
      channel_id: r.channelId,
      channel_name: names.channel(r.channelId),
      contact: r.contact,
      contact_display: r.contactDisplay || r.contact,
      attendance_id: r.attendanceId,
      protocol: r.attendanceId === null ? null : (protocols.get(r.attendanceId) ?? null),
      operator_name: names.user(r.operatorId),
      description: r.description,
      status: r.status,
      status_label: SUGGESTION_LABEL[r.status],
      decided_by_name: names.user(r.decidedBy),
      decision_description: r.decisionDescription,
      decided_at: r.decidedAt?.toISOString() ?? null,
      created_at: r.createdAt.toISOString(),
    }),
  );
}

export async function findSuggestion(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select()
    .from(blockSuggestions)
    .where(ofCompany(blockSuggestions, companyId, eq(blockSuggestions.id, id)))
    .for('update');
  return row ?? null;
}

export async function pendingSuggestionFor(
  tx: Tx,
  companyId: number,
  key: { prefix: string; channelId: number; contact: string },
) {
  const [row] = await tx
    .select({ id: blockSuggestions.id })
    .from(blockSuggestions)
    .where(
      ofCompany(
        blockSuggestions,
        companyId,
        eq(blockSuggestions.status, 'pending'),
        eq(blockSuggestions.prefix, key.prefix),
        eq(blockSuggestions.channelId, key.channelId),
        eq(blockSuggestions.contact, key.contact),
      ),
    );
  return row ?? null;
}

export async function insertSuggestion(
  tx: Tx,
  values: {
    companyId: number;
    prefix: string;
    channelId: number;
    contact: string;
    contactDisplay: string;
    attendanceId: number;
    operatorId: number;
    description: string;
  },
) {
  const [row] = await tx.insert(blockSuggestions).values(values).returning();
  if (!row) throw new Error('suggestion insert returned nothing');
  return row;
}

export async function decideSuggestion(
  tx: Tx,
  companyId: number,
  id: number,
  values: { status: 'approved' | 'denied'; decidedBy: number; decisionDescription: string },
) {
  await tx
    .update(blockSuggestions)
    .set({ ...values, decidedAt: new Date() })
    .where(ofCompany(blockSuggestions, companyId, eq(blockSuggestions.id, id)));
}

/** The company's live channels (for the block form's channel select). */
export async function liveChannels(db: Db, companyId: number) {
  return db
    .select({ id: channels.id, name: channels.name, kind: channels.kind })
    .from(channels)
    .where(ofCompany(channels, companyId, isNull(channels.deletedAt)))
    .orderBy(asc(channels.kind), asc(channels.name));
}

export async function findLiveChannel(db: Db | Tx, companyId: number, id: number) {
  const [row] = await db
    .select({ id: channels.id, kind: channels.kind })
    .from(channels)
    .where(ofCompany(channels, companyId, eq(channels.id, id), isNull(channels.deletedAt)));
  return row ?? null;
}
