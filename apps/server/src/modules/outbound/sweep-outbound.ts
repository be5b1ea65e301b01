import { sql } from 'drizzle-orm';
import { settleLocked } from '../../channels/outbound/attendance-lock';
import { DEADLINE_ERROR } from '../../channels/outbound/run-send';
import { messages } from '../../db/schema/attendance';
import { writeFacts } from '../../facts/write-facts';
import { enqueueSend, type OutboundDeps, sendJobId } from './send-outbound';

/** The error of a message whose runner stopped between the provider call and its answer. */
export const INTERRUPTED_ERROR = 'Envio interrompido antes da confirmação do provedor.';

/** A runner that holds a message longer than this stopped (a provider call times out well before). */
const STARTED_LIMIT = '2 minutes';
/** A message due this long and not taken: its job was lost (a node stopped before queuing it). */
const UNSENT_LIMIT = '30 seconds';
const BATCH = 500;

// A job that ended (done or given up) keeps its id for pg-boss's retention: the same id queues nothing then.
const PENDING = new Set(['created', 'retry', 'active']);

export type OutboundSweep = { interrupted: number; expired: number; requeued: number };

/**
 * `outbound.sweep` (every 10 s, one worker): messages left by a stopped runner end as Error (the provider may
 * have accepted them: never sent twice); those past their send deadline too; those due and not taken for 30 s
 * are queued again (the same job id; a new job when that one already ended).
 */
export async function sweepOutbound(deps: OutboundDeps): Promise<OutboundSweep> {
  const ended = async (where: ReturnType<typeof sql>, error: string) =>
    deps.db.transaction(async (tx) => {
      const rows = await tx
        .update(messages)
        .set({ delivery: 'error', error, sendStartedAt: null, sendNotBefore: null })
        .where(
          sql`(${messages.companyId}, ${messages.id}) in (select company_id, id from ${messages}
                where delivery = 'sending' and ${where} limit ${BATCH} for update skip locked)`,
        )
        .returning({ companyId: messages.companyId, id: messages.id, attendanceId: messages.attendanceId });
      await writeFacts(
        tx,
        rows.map((r) => ({
          companyId: r.companyId,
          attendanceId: r.attendanceId,
          name: 'delivery.updated' as const,
          data: { message_id: r.id, delivery: 'error' as const },
        })),
      );
      for (const companyId of new Set(rows.map((r) => r.companyId)))
        await settleLocked(
          tx,
          companyId,
          rows.filter((r) => r.companyId === companyId).map((r) => r.attendanceId),
        );
      return rows.length;
    });

  const interrupted = await ended(
    sql`send_started_at < now() - ${STARTED_LIMIT}::interval`,
    INTERRUPTED_ERROR,
  );
  const expired = await ended(sql`send_started_at is null and send_deadline < now()`, DEADLINE_ERROR);

  const due = await deps.db
    .select({ companyId: messages.companyId, id: messages.id, attempts: messages.sendAttempts })
    .from(messages)
    .where(
      sql`delivery = 'sending' and send_started_at is null
          and coalesce(send_not_before, created_at) < now() - ${UNSENT_LIMIT}::interval`,
    )
    .limit(BATCH);
  let requeued = 0;
  for (const m of due) {
    const ids = { companyId: m.companyId, messageId: m.id };
    const id = await enqueueSend(deps, ids, m.attempts);
    if (id !== null || !deps.queue) {
      requeued++;
      continue;
    }
    const job = await deps.queue.boss.getJobById('outbound.send', sendJobId(ids, m.attempts));
    if (job && PENDING.has(job.state)) continue;
    await enqueueSend(deps, ids, `${m.attempts}:swept:${Date.now()}`);
    requeued++;
  }
  return { interrupted, expired, requeued };
}
