import { asc, count, desc, eq, sql } from 'drizzle-orm';
import { attendances } from '../../db/schema/attendance';
import { controlWordLogs, controlWords } from '../../db/schema/knowledge';
import { users } from '../../db/schema/users';
import type { Db } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

export async function listWords(db: Db, companyId: number) {
  return db
    .select()
    .from(controlWords)
    .where(ofCompany(controlWords, companyId))
    .orderBy(asc(controlWords.normalized));
}

export async function wordsForMatching(db: Db, companyId: number) {
  return db
    .select({ word: controlWords.word, normalized: controlWords.normalized })
    .from(controlWords)
    .where(ofCompany(controlWords, companyId));
}

/** null when the company already has the word (same letters, whatever the case or accents). */
export async function insertWord(db: Db, companyId: number, word: string, normalized: string) {
  const [row] = await db
    .insert(controlWords)
    .values({ companyId, word, normalized })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function deleteWord(db: Db, companyId: number, id: number) {
  const rows = await db
    .delete(controlWords)
    .where(ofCompany(controlWords, companyId, eq(controlWords.id, id)))
    .returning({ id: controlWords.id });
  return rows.length > 0;
}

export async function insertLog(
  db: Db,
  values: {
    companyId: number;
    userId: number;
    attendanceId: number | null;
    kind: 'message' | 'name';
    words: string[];
  },
) {
  await db.insert(controlWordLogs).values(values);
}

export async function listLogs(db: Db, companyId: number, page: number, perPage: number) {
  const where = ofCompany(controlWordLogs, companyId);
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: controlWordLogs.id,
        userId: controlWordLogs.userId,
        userName: users.name,
        attendanceId: controlWordLogs.attendanceId,
        protocol: attendances.protocol,
        kind: controlWordLogs.kind,
        words: controlWordLogs.words,
        createdAt: controlWordLogs.createdAt,
      })
      .from(controlWordLogs)
      .leftJoin(
        users,
        sql`${users.companyId} = ${controlWordLogs.companyId} and ${users.id} = ${controlWordLogs.userId}`,
      )
      .leftJoin(
        attendances,
        sql`${attendances.companyId} = ${controlWordLogs.companyId} and ${attendances.id} = ${controlWordLogs.attendanceId}`,
      )
      .where(where)
      .orderBy(desc(controlWordLogs.createdAt), desc(controlWordLogs.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(controlWordLogs).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}
