import type { TAttendanceListQuery, TCardPage } from '@prosa/shared/attendance';
import { CARDS_PER_PAGE } from '@prosa/shared/pagination';
import type { AppDeps, Caller } from '../../platform/deps';
import { toCard } from './card';
import { countOpenAttendances, listOpenAttendances } from './repository';
import { loadViewer } from './viewer';

/** One page of 100 open cards the caller may see, with the counters of every attendance filter. */
export async function listAttendances(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  q: TAttendanceListQuery,
): Promise<TCardPage> {
  const viewer = await loadViewer(deps.db, caller);
  const [rows, counters] = await Promise.all([
    listOpenAttendances(deps.db, viewer, q, CARDS_PER_PAGE),
    countOpenAttendances(deps.db, viewer, q),
  ]);
  const now = Date.now();
  return {
    items: rows.map((r) => toCard(r, now)),
    total: counters[q.filter],
    page: q.page,
    per_page: CARDS_PER_PAGE,
    counters,
  };
}
