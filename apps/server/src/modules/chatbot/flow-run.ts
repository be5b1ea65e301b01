import { and, eq } from 'drizzle-orm';
import { attendances } from '../../db/schema/attendance';
import type { AutomationDeps, AutomationRun } from '../automation/run';

/**
 * A run of the flow engine outside the automation consumer (an operator's transfer to the chatbot, an HTTP
 * node's answer): one transaction that locks the attendance row first, as the consumer does; the work registered
 * with afterCommit (queuing the bot's messages, the next HTTP call) runs only once it committed.
 */
export async function withAttendanceRun<T>(
  deps: AutomationDeps,
  ids: { companyId: number; attendanceId: number },
  fn: (run: AutomationRun) => Promise<T>,
): Promise<T | null> {
  const after: (() => Promise<void>)[] = [];
  const result = await deps.db.transaction(async (tx) => {
    const [attendance] = await tx
      .select()
      .from(attendances)
      .where(and(eq(attendances.companyId, ids.companyId), eq(attendances.id, ids.attendanceId)))
      .for('update');
    if (!attendance) return null;
    const run: AutomationRun = {
      deps,
      tx,
      attendance,
      message: null,
      now: new Date(),
      afterCommit: (work) => after.push(work),
    };
    return fn(run);
  });
  for (const work of after) {
    // Each is covered by its own sweep (outbound sweep, parked HTTP sweep) if it fails here.
    await work().catch(() => {});
  }
  return result;
}
