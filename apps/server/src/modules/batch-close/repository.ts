import {
  BATCH_CLOSE_IN_PROGRESS,
  BATCH_CLOSE_ITEMS_PER_PAGE,
  BATCH_CLOSE_MAX_ITEMS,
  type TBatchCloseItem,
  type TBatchCloseItemState,
  type TBatchCloseQueue,
  type TBatchCloseState,
  type TOpenHistory,
} from '@prosa/shared/batch-close';
import { startOfDayIn } from '@prosa/shared/dates';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { attendances, messages } from '../../db/schema/attendance';
import { batchCloseItems, batchCloseQueues } from '../../db/schema/batch-close';
import { sectors, statuses } from '../../db/schema/organization';
import { users } from '../../db/schema/users';
import type { Db, Tx } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';
import { visibleTo } from '../attendance/repository';
import type { Viewer } from '../attendance/viewer';

const q = batchCloseQueues;
const it = batchCloseItems;
const a = attendances;

export type QueueRow = typeof batchCloseQueues.$inferSelect;

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

function nextDay(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export type OpenFilters = {
  fromDate: string;
  toDate: string;
  userId?: number;
  message?: string;
  statusId?: number;
  tz: string;
};

/** The open attendances the viewer sees (the chat's visibility rules) that match the filters. */
function openConditions(viewer: Viewer, f: OpenFilters): SQL[] {
  const conds: SQL[] = [
    ...visibleTo(viewer),
    isNull(a.closedAt),
    gte(a.createdAt, startOfDayIn(f.fromDate, f.tz)),
    lt(a.createdAt, startOfDayIn(nextDay(f.toDate), f.tz)),
  ];
  if (f.userId) conds.push(eq(a.operatorAssignedId, f.userId));
  if (f.statusId) conds.push(eq(a.statusId, f.statusId));
  if (f.message) {
    const pattern = `%${escapeLike(f.message)}%`;
    conds.push(
      sql`(unaccent_lower(${a.name}) like unaccent_lower(${pattern}) or exists (
        select 1 from ${messages} m where m.company_id = ${a.companyId} and m.attendance_id = ${a.id}
        and unaccent_lower(m.text) like unaccent_lower(${pattern})))`,
    );
  }
  return conds;
}

export async function searchOpenAttendances(
  db: Db,
  viewer: Viewer,
  f: OpenFilters,
): Promise<{ rows: TOpenHistory[]; total: number }> {
  const conds = openConditions(viewer, f);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: a.id,
        protocol: a.protocol,
        contact_id: a.contactId,
        name: a.name,
        channel_kind: a.channelKind,
        sector_id: a.sectorId,
        sector_name: sectors.name,
        operator_id: a.operatorAssignedId,
        operator_name: a.operatorAssignedName,
        status_id: a.statusId,
        status_name: statuses.name,
        started_at: a.createdAt,
        last_message_at: a.lastMessageAt,
        last_message_preview: a.lastMessagePreview,
      })
      .from(a)
      .leftJoin(sectors, and(eq(sectors.companyId, a.companyId), eq(sectors.id, a.sectorId)))
      .leftJoin(statuses, and(eq(statuses.companyId, a.companyId), eq(statuses.id, a.statusId)))
      .where(and(...conds))
      .orderBy(desc(a.lastMessageAt), desc(a.id))
      .limit(BATCH_CLOSE_MAX_ITEMS),
    db
      .select({ n: count() })
      .from(a)
      .where(and(...conds)),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      started_at: r.started_at.toISOString(),
      last_message_at: r.last_message_at.toISOString(),
    })),
    total: counted?.n ?? 0,
  };
}

/** Of the ids asked, the open attendances the viewer sees, with their contacts. */
export async function visibleOpenAmong(db: Db, viewer: Viewer, ids: number[]) {
  return db
    .select({ id: a.id, contactId: a.contactId })
    .from(a)
    .where(and(...visibleTo(viewer), isNull(a.closedAt), inArray(a.id, ids)))
    .orderBy(asc(a.id));
}

// ── Queues ───────────────────────────────────────────────────────────────────────────────────────────

const creator = alias(users, 'creator');
const canceler = alias(users, 'canceler');
const target = alias(users, 'target');

function queueSelect(db: Db | Tx) {
  return db
    .select({
      row: q,
      statusName: statuses.name,
      sectorName: sectors.name,
      userName: target.displayName,
      createdByName: creator.displayName,
      canceledByName: canceler.displayName,
    })
    .from(q)
    .leftJoin(statuses, and(eq(statuses.companyId, q.companyId), eq(statuses.id, q.statusId)))
    .leftJoin(sectors, and(eq(sectors.companyId, q.companyId), eq(sectors.id, q.sectorId)))
    .leftJoin(target, and(eq(target.companyId, q.companyId), eq(target.id, q.userId)))
    .leftJoin(creator, and(eq(creator.companyId, q.companyId), eq(creator.id, q.createdBy)))
    .leftJoin(canceler, and(eq(canceler.companyId, q.companyId), eq(canceler.id, q.canceledBy)));
}

type Joined = Awaited<ReturnType<ReturnType<typeof queueSelect>['where']>>[number];

function toQueue(j: Joined): TBatchCloseQueue {
  const r = j.row;
  return {
    id: r.id,
    status: r.status as TBatchCloseState,
    action_id: r.actionId,
    status_id: r.statusId,
    status_name: j.statusName,
    sector_id: r.sectorId,
    sector_name: j.sectorName,
    user_id: r.userId,
    user_name: r.actionId === 3 && !r.userId ? null : j.userName,
    message: r.message,
    filters: r.filters,
    total: r.total,
    done_count: r.doneCount,
    failed_count: r.failedCount,
    pending_count: Math.max(0, r.total - r.doneCount - r.failedCount),
    created_by: r.createdBy,
    created_by_name: j.createdByName,
    canceled_by_name: j.canceledByName,
    error: r.error,
    locked_at: r.lockedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
    started_at: r.startedAt?.toISOString() ?? null,
    finished_at: r.finishedAt?.toISOString() ?? null,
  };
}

export async function listQueues(db: Db, companyId: number, limit = 100): Promise<TBatchCloseQueue[]> {
  const rows = await queueSelect(db)
    .where(eq(q.companyId, companyId))
    .orderBy(desc(q.createdAt), desc(q.id))
    .limit(limit);
  return rows.map(toQueue);
}

export async function findQueue(
  db: Db | Tx,
  companyId: number,
  id: number,
): Promise<TBatchCloseQueue | null> {
  const [row] = await queueSelect(db).where(ofCompany(q, companyId, eq(q.id, id)));
  return row ? toQueue(row) : null;
}

export async function findQueueRow(db: Db | Tx, companyId: number, id: number): Promise<QueueRow | null> {
  const [row] = await db
    .select()
    .from(q)
    .where(ofCompany(q, companyId, eq(q.id, id)));
  return row ?? null;
}

export async function hasQueueInProgress(db: Db | Tx, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: q.id })
    .from(q)
    .where(ofCompany(q, companyId, inArray(q.status, [...BATCH_CLOSE_IN_PROGRESS])))
    .limit(1);
  return !!row;
}

export async function listItems(
  db: Db,
  companyId: number,
  queueId: number,
  page: number,
  state?: TBatchCloseItemState,
): Promise<{ items: TBatchCloseItem[]; total: number }> {
  const where = ofCompany(it, companyId, eq(it.queueId, queueId), state ? eq(it.status, state) : undefined);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        item: it,
        protocol: a.protocol,
        contactName: a.name,
        closedAt: a.closedAt,
        statusName: statuses.name,
      })
      .from(it)
      .leftJoin(a, and(eq(a.companyId, it.companyId), eq(a.id, it.attendanceId)))
      .leftJoin(statuses, and(eq(statuses.companyId, a.companyId), eq(statuses.id, a.statusId)))
      .where(where)
      .orderBy(asc(it.attendanceId))
      .limit(BATCH_CLOSE_ITEMS_PER_PAGE)
      .offset((page - 1) * BATCH_CLOSE_ITEMS_PER_PAGE),
    db.select({ n: count() }).from(it).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      attendance_id: r.item.attendanceId,
      protocol: r.protocol,
      contact_id: r.item.contactId,
      contact_name: r.contactName,
      attendance_status_name: r.statusName,
      closed: r.closedAt !== null,
      status: r.item.status,
      error: r.item.error,
      processed_at: r.item.processedAt?.toISOString() ?? null,
    })),
    total: counted?.n ?? 0,
  };
}

/** The next pending items of a queue, in attendance order. */
export async function pendingItems(db: Db, companyId: number, queueId: number, limit: number) {
  return db
    .select({ attendanceId: it.attendanceId })
    .from(it)
    .where(ofCompany(it, companyId, eq(it.queueId, queueId), eq(it.status, 'pending')))
    .orderBy(asc(it.attendanceId))
    .limit(limit);
}

export const queueTable = q;
export const itemTable = it;
