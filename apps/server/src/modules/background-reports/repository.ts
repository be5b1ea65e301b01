import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { backgroundReports, type TBackgroundReportStatus } from '../../db/schema/reports';
import { users } from '../../db/schema/users';
import type { Db } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

const t = backgroundReports;

export type BackgroundReportRecord = typeof backgroundReports.$inferSelect;

export async function insertBackgroundReport(
  db: Db,
  v: {
    companyId: number;
    userId: number | null;
    type: string;
    filters: Record<string, unknown>;
    emailTo: string[];
  },
): Promise<string> {
  const [row] = await db.insert(t).values(v).returning({ id: t.id });
  if (!row?.id) throw new Error('background report insert returned nothing');
  return row.id;
}

export async function findBackgroundReport(db: Db, companyId: number, id: string) {
  const [row] = await db
    .select()
    .from(t)
    .where(ofCompany(t, companyId, eq(t.id, id)));
  return row ?? null;
}

/** One page of a company's background reports, newest first, with the requester's name. */
export async function listBackgroundReports(
  db: Db,
  companyId: number,
  q: { status?: TBackgroundReportStatus; page: number; count: number },
) {
  const where = ofCompany(t, companyId, q.status ? eq(t.status, q.status) : undefined);
  const [rows, total] = await Promise.all([
    db
      .select({ report: t, requester: users.name })
      .from(t)
      .leftJoin(users, and(eq(users.companyId, t.companyId), eq(users.id, t.userId)))
      .where(where)
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(q.count)
      .offset((q.page - 1) * q.count),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** Queued → processing, only from queued (a cancelled or finished one stays as it is). */
export async function claimBackgroundReport(db: Db, companyId: number, id: string) {
  const [row] = await db
    .update(t)
    .set({ status: 'processing', startedAt: new Date(), error: null })
    .where(ofCompany(t, companyId, eq(t.id, id), eq(t.status, 'queued')))
    .returning();
  return row ?? null;
}

/** The end of a run; only while still processing, so a cancellation meanwhile is not overwritten. */
export async function finishBackgroundReport(
  db: Db,
  companyId: number,
  id: string,
  v:
    | { status: 'done'; rows: number; fileName: string; filePath: string }
    | { status: 'failed'; error: string },
) {
  const [row] = await db
    .update(t)
    .set({ ...v, finishedAt: new Date() })
    .where(ofCompany(t, companyId, eq(t.id, id), eq(t.status, 'processing')))
    .returning({ id: t.id });
  return row !== undefined;
}

export async function cancelBackgroundReport(db: Db, companyId: number, id: string) {
  const [row] = await db
    .update(t)
    .set({ status: 'cancelled', finishedAt: new Date() })
    .where(ofCompany(t, companyId, eq(t.id, id), inArray(t.status, ['queued', 'processing'])))
    .returning({ id: t.id });
  return row !== undefined;
}

export async function deleteBackgroundReport(db: Db, companyId: number, id: string) {
  const [row] = await db
    .delete(t)
    .where(ofCompany(t, companyId, eq(t.id, id)))
    .returning({ filePath: t.filePath });
  return row ?? null;
}

/**
 * Reports whose job may be lost: queued for more than `queuedMs`, or processing without an end for more than
 * `processingMs` (its worker died); the latter go back to the queue.
 */
export async function staleBackgroundReports(db: Db, now: Date, queuedMs: number, processingMs: number) {
  await db
    .update(t)
    .set({ status: 'queued', startedAt: null })
    .where(and(eq(t.status, 'processing'), lt(t.startedAt, new Date(now.getTime() - processingMs))));
  return db
    .select({ companyId: t.companyId, id: t.id })
    .from(t)
    .where(and(eq(t.status, 'queued'), lt(t.createdAt, new Date(now.getTime() - queuedMs))))
    .limit(100);
}

/** Whether a periodic report (no requester) of this type and period was already queued. */
export async function periodicExists(
  db: Db,
  companyId: number,
  type: string,
  filters: Record<string, unknown>,
) {
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(
      ofCompany(
        t,
        companyId,
        isNull(t.userId),
        eq(t.type, type),
        sql`${t.filters} @> ${JSON.stringify(filters)}::jsonb`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
