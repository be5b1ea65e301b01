import { PAUSE_MSG } from '@prosa/shared/pause';
import { and, asc, count, eq, ilike, isNull } from 'drizzle-orm';
import { pauseReasons } from '../../db/schema/distribution';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { ofCompany } from '../../platform/tenancy';
import { findCompany } from '../companies/repository';
import { activeReasons, controlPauseOf } from './settings';

type Deps = Pick<AppDeps, 'db'>;

const toReason = (r: typeof pauseReasons.$inferSelect) => ({
  id: r.id,
  title: r.title,
  description: r.description,
});

/** Pause reasons, 8 per page by default (options 4, 8, 16), optionally filtered by title. */
export async function listReasons(
  deps: Deps,
  caller: Caller,
  q: { page: number; count: number; search?: string },
) {
  const where = ofCompany(
    pauseReasons,
    caller.companyId,
    isNull(pauseReasons.deletedAt),
    q.search ? ilike(pauseReasons.title, `%${q.search.replace(/[%_]/g, '')}%`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(pauseReasons)
      .where(where)
      .orderBy(asc(pauseReasons.title))
      .limit(q.count)
      .offset((q.page - 1) * q.count),
    deps.db.select({ n: count() }).from(pauseReasons).where(where),
  ]);
  return { items: rows.map(toReason), total: total?.n ?? 0, page: q.page, count: q.count };
}

export async function createReason(
  deps: Deps,
  caller: Caller,
  input: { title: string; description: string },
) {
  const [row] = await deps.db
    .insert(pauseReasons)
    .values({ companyId: caller.companyId, ...input })
    .returning();
  if (!row) throw new Error('reason insert returned nothing');
  return { message: PAUSE_MSG.reasonSaved, reason: toReason(row) };
}

export async function updateReason(
  deps: Deps,
  caller: Caller,
  id: number,
  input: { title: string; description: string },
) {
  const [row] = await deps.db
    .update(pauseReasons)
    .set(input)
    .where(ofCompany(pauseReasons, caller.companyId, eq(pauseReasons.id, id), isNull(pauseReasons.deletedAt)))
    .returning();
  if (!row) throw notFound(PAUSE_MSG.reasonNotFound);
  return { message: PAUSE_MSG.reasonSaved, reason: toReason(row) };
}

/** Removing the last reason is refused while the company requires a reason (spec 1 §5). */
export async function deleteReason(deps: Deps, caller: Caller, id: number) {
  const company = await findCompany(deps.db, caller.companyId);
  if (
    company &&
    controlPauseOf(company.metadata).use_reason &&
    (await activeReasons(deps.db, caller.companyId)) <= 1
  ) {
    throw badRequest(PAUSE_MSG.keepOneReason);
  }
  const [row] = await deps.db
    .update(pauseReasons)
    .set({ deletedAt: new Date() })
    .where(
      and(
        eq(pauseReasons.companyId, caller.companyId),
        eq(pauseReasons.id, id),
        isNull(pauseReasons.deletedAt),
      ),
    )
    .returning();
  if (!row) throw notFound(PAUSE_MSG.reasonNotFound);
  return { message: PAUSE_MSG.reasonRemoved };
}
