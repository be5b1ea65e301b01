import { and, asc, eq, lte } from 'drizzle-orm';
import { attendances } from '../../db/schema/attendance';
import { pollRequests } from '../../db/schema/automation';
import type { AutomationDeps, AutomationRun } from '../automation/run';
import { expireRequest } from './engine';

/** Polls expired per transaction: the task comes back for the rest at its next tick. */
const BATCH = 50;

/**
 * The worker's task (jobs/registry.ts `polls.expire`): pending polls past expires_at become expired, each in
 * its own transaction with its messages (queued after the commit).
 * Answers how many expired.
 */
export async function expireDuePolls(deps: AutomationDeps, now = new Date()): Promise<number> {
  let done = 0;
  for (let i = 0; i < BATCH; i++) {
    const after: (() => Promise<void>)[] = [];
    const expired = await deps.db.transaction(async (tx) => {
      // The attendance is locked before its request, as the automation consumer does (no deadlock between them).
      const [due] = await tx
        .select({ companyId: pollRequests.companyId, attendanceId: pollRequests.attendanceId })
        .from(pollRequests)
        .where(and(eq(pollRequests.state, 'pending'), lte(pollRequests.expiresAt, now)))
        .orderBy(asc(pollRequests.expiresAt))
        .limit(1);
      if (!due) return false;
      const [attendance] = await tx
        .select()
        .from(attendances)
        .where(and(eq(attendances.companyId, due.companyId), eq(attendances.id, due.attendanceId)))
        .for('update');
      const [request] = await tx
        .select()
        .from(pollRequests)
        .where(
          and(
            eq(pollRequests.companyId, due.companyId),
            eq(pollRequests.attendanceId, due.attendanceId),
            eq(pollRequests.state, 'pending'),
            lte(pollRequests.expiresAt, now),
          ),
        )
        .for('update');
      if (!request) return true;
      if (!attendance) {
        await tx
          .update(pollRequests)
          .set({ state: 'expired' })
          .where(and(eq(pollRequests.companyId, request.companyId), eq(pollRequests.id, request.id)));
        return true;
      }
      const run: AutomationRun = {
        deps,
        tx,
        attendance,
        message: null,
        now,
        afterCommit: (fn) => after.push(fn),
      };
      await expireRequest(run, request);
      return true;
    });
    if (!expired) break;
    done++;
    for (const fn of after) await fn();
  }
  return done;
}
