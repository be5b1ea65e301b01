import { and, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { historyBackups } from '../../db/schema/back-office';
import { companies } from '../../db/schema/companies';
import { users } from '../../db/schema/users';
import type { Db, Tx } from '../../platform/db';

export type BackupRecord = typeof historyBackups.$inferSelect;
const b = historyBackups;

export async function insertBackup(
  db: Db,
  values: { companyId: number; dateFrom: string; dateTo: string; requestedBy: number },
) {
  const [row] = await db.insert(b).values(values).returning();
  if (!row) throw new Error('backup não criado');
  return row;
}

/** A company's schedules, newest first, with who asked and the company a restore created. */
export async function listBackups(
  db: Db,
  companyId: number,
  q: { from: string | null; to: string | null; limit: number; offset: number },
) {
  const conds: SQL[] = [eq(b.companyId, companyId)];
  // Periods that meet the filter's period.
  if (q.from) conds.push(gte(b.dateTo, q.from));
  if (q.to) conds.push(lte(b.dateFrom, q.to));
  const where = and(...conds);
  const [rows, totals] = await Promise.all([
    db
      .select({ backup: b, requester: users.name, restoredName: companies.name })
      .from(b)
      .leftJoin(users, eq(users.id, b.requestedBy))
      .leftJoin(companies, eq(companies.id, b.restoredCompanyId))
      .where(where)
      .orderBy(desc(b.createdAt), desc(b.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ total: count() }).from(b).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findBackup(db: Db | Tx, companyId: number, id: number) {
  const [row] = await db
    .select({ backup: b, requester: users.name, restoredName: companies.name })
    .from(b)
    .leftJoin(users, eq(users.id, b.requestedBy))
    .leftJoin(companies, eq(companies.id, b.restoredCompanyId))
    .where(and(eq(b.companyId, companyId), eq(b.id, id)));
  return row ?? null;
}

/** waiting → running; null when it is not waiting (run already, or a duplicate job). */
export async function claimBackup(db: Db, companyId: number, id: number) {
  const [row] = await db
    .update(b)
    .set({ status: 'running', progress: 0 })
    .where(and(eq(b.companyId, companyId), eq(b.id, id), eq(b.status, 'waiting')))
    .returning();
  return row ?? null;
}

export async function setProgress(db: Db, companyId: number, id: number, progress: number) {
  await db
    .update(b)
    .set({ progress })
    .where(and(eq(b.companyId, companyId), eq(b.id, id)));
}

export async function finishBackup(
  db: Db,
  companyId: number,
  id: number,
  values:
    | { status: 'done'; fileKey: string; sizeBytes: number; attendances: number; messages: number }
    | { status: 'failed'; error: string },
) {
  await db
    .update(b)
    .set({ ...values, progress: values.status === 'done' ? 100 : sql`${b.progress}`, finishedAt: new Date() })
    .where(and(eq(b.companyId, companyId), eq(b.id, id)));
}

/** Locks the backup for its restore: only one restore writes restored_company_id. */
export async function lockBackupForRestore(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select()
    .from(b)
    .where(and(eq(b.companyId, companyId), eq(b.id, id)))
    .for('update');
  return row ?? null;
}

export async function setRestoredCompany(tx: Tx, companyId: number, id: number, restoredCompanyId: number) {
  await tx
    .update(b)
    .set({ restoredCompanyId })
    .where(and(eq(b.companyId, companyId), eq(b.id, id)));
}
