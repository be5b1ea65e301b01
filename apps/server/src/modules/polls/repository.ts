import type { TPoll, TPollValues } from '@prosa/shared/polls';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type PollRow, pollRequests, polls } from '../../db/schema/automation';
import type { Db, Tx } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

/** How many answers each poll has (poll_requests answered). */
export async function answerCounts(db: Db | Tx, companyId: number, pollIds: number[]) {
  const map = new Map<number, number>();
  if (pollIds.length === 0) return map;
  const rows = await db
    .select({ pollId: pollRequests.pollId, n: sql<number>`count(*)::int` })
    .from(pollRequests)
    .where(
      and(
        eq(pollRequests.companyId, companyId),
        inArray(pollRequests.pollId, pollIds),
        eq(pollRequests.state, 'answered'),
      ),
    )
    .groupBy(pollRequests.pollId);
  for (const r of rows) map.set(r.pollId, r.n);
  return map;
}

export function toPoll(row: PollRow, answers: number): TPoll {
  const texts = row.texts as { correct_answer?: unknown; invalid_answer?: unknown };
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return {
    id: row.id,
    name: row.name,
    question: row.question,
    texts: { correct_answer: str(texts.correct_answer), invalid_answer: str(texts.invalid_answer) },
    possible_answers: row.possibleAnswers as TPoll['possible_answers'],
    answer_order: row.answerOrder === 'numbers' ? 'numbers' : 'letters',
    use_expiration_time: row.useExpirationTime,
    time_expire: row.timeExpire,
    use_default_message: row.useDefaultMessage,
    expiration_message: row.expirationMessage,
    hsm_id: row.hsmId,
    answers_count: answers,
    created_at: row.createdAt.toISOString(),
    deleted_at: row.deletedAt?.toISOString() ?? null,
  };
}

/** The company's polls (deleted ones too when asked), by name. */
export async function listPolls(db: Db, companyId: number, withTrashed = false): Promise<TPoll[]> {
  const rows = await db
    .select()
    .from(polls)
    .where(ofCompany(polls, companyId, withTrashed ? undefined : isNull(polls.deletedAt)))
    .orderBy(asc(polls.name), asc(polls.id));
  const counts = await answerCounts(
    db,
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toPoll(r, counts.get(r.id) ?? 0));
}

export async function findPollRow(db: Db | Tx, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(polls)
    .where(ofCompany(polls, companyId, eq(polls.id, id), isNull(polls.deletedAt)));
  return row ?? null;
}

const columns = (v: TPollValues) => ({
  name: v.name,
  question: v.question,
  texts: v.texts,
  possibleAnswers: v.possible_answers,
  answerOrder: v.answer_order,
  useExpirationTime: v.use_expiration_time,
  timeExpire: v.time_expire,
  useDefaultMessage: v.use_default_message,
  expirationMessage: v.expiration_message,
  hsmId: v.hsm_id,
});

export async function insertPoll(db: Db, companyId: number, v: TPollValues) {
  const [row] = await db
    .insert(polls)
    .values({ companyId, ...columns(v) })
    .returning();
  if (!row) throw new Error('poll insert returned nothing');
  return row;
}

export async function updatePollRow(db: Db, companyId: number, id: number, v: TPollValues) {
  const [row] = await db
    .update(polls)
    .set({ ...columns(v), updatedAt: new Date() })
    .where(ofCompany(polls, companyId, eq(polls.id, id), isNull(polls.deletedAt)))
    .returning();
  return row ?? null;
}

export async function softDeletePoll(db: Db, companyId: number, id: number) {
  await db
    .update(polls)
    .set({ deletedAt: new Date() })
    .where(ofCompany(polls, companyId, eq(polls.id, id), isNull(polls.deletedAt)));
}
