import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema/users';
import type { Db } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

type Who = { companyId: number; userId: number };

// users.settings.training_done: the ids of the lessons the user marked as done.
const list = sql`coalesce(case when jsonb_typeof(${users.settings}->'training_done') = 'array'
  then ${users.settings}->'training_done' end, '[]'::jsonb)`;

export async function readTrainingDone(db: Db, who: Who): Promise<string[]> {
  const [row] = await db
    .select({ done: sql<unknown>`${list}` })
    .from(users)
    .where(ofCompany(users, who.companyId, eq(users.id, who.userId)));
  const done = row?.done;
  return Array.isArray(done) ? done.filter((d): d is string => typeof d === 'string') : [];
}

/** Adds or removes one lesson id in the UPDATE itself, so two tabs marking lessons do not lose each other's. */
export async function setTrainingDone(db: Db, who: Who, lessonId: string, done: boolean): Promise<void> {
  const next = done
    ? sql`(${list} - ${lessonId}::text) || to_jsonb(${lessonId}::text)`
    : sql`${list} - ${lessonId}::text`;
  await db
    .update(users)
    .set({ settings: sql`${users.settings} || jsonb_build_object('training_done', ${next})` })
    .where(ofCompany(users, who.companyId, eq(users.id, who.userId)));
}
