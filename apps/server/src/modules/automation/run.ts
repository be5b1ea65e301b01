import { randomUUID } from 'node:crypto';
import type { TAutomationHolder } from '@prosa/shared/facts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { attendances } from '../../db/schema/attendance';
import { automationSessions } from '../../db/schema/automation';
import { writeFacts } from '../../facts/write-facts';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import type { AttendanceRow, MessageRow } from '../attendance/card';
import { recordOutboundMessage } from '../attendance/record-outbound-message';
import { findStatusMessage, recordStatusMessage } from '../attendance/send-status-message';
import { updateOpenAttendance } from '../attendance/update-attendance';
import { type OutboundDeps, sendSoon } from '../outbound/send-outbound';

// One fact handled by the automation consumer (consumer.ts): everything it changes is written in the consumer's
// transaction `tx` (with the consumer's cursor: at most once per fact, on one node); messages it stores are
// queued for their channel after the commit.

export type AutomationDeps = OutboundDeps & Pick<AppDeps, 'db'>;

export type AutomationRun = {
  deps: AutomationDeps;
  tx: Tx;
  /** The attendance as it stands now (re-read under lock by the consumer; kept current by the helpers below). */
  attendance: AttendanceRow;
  /** The customer's message being handled (message.received), if any. */
  message: MessageRow | null;
  now: Date;
  afterCommit: (fn: () => Promise<void>) => void;
};

export type SessionRow = typeof automationSessions.$inferSelect;

// Per batch of facts (its afterCommit) and attendance: the messages to send after that commit, in order.
const sendQueues = new WeakMap<AutomationRun['afterCommit'], Map<number, MessageRow[]>>();

/**
 * Queues a stored message for its channel after the commit. The messages of one attendance leave in the order
 * they were stored (one after-commit task per attendance sends them one by one); attendances go at the same time.
 */
export function sendAfterCommit(run: AutomationRun, message: MessageRow): void {
  let byAttendance = sendQueues.get(run.afterCommit);
  if (!byAttendance) {
    byAttendance = new Map();
    sendQueues.set(run.afterCommit, byAttendance);
  }
  const queued = byAttendance.get(message.attendanceId);
  if (queued) {
    queued.push(message);
    return;
  }
  const list = [message];
  byAttendance.set(message.attendanceId, list);
  run.afterCommit(async () => {
    for (const m of list) await sendSoon(run.deps, m);
  });
}

/** The origin of an automatic message on the `message.sent` fact. */
export type BotOrigin = 'trigger' | 'bot' | 'poll';

/**
 * Stores a message the automation sends (text and/or stored attachments) in the run's transaction and queues it
 * after the commit. `key` makes its id stable for one fact (the same fact handled again stores nothing twice:
 * the consumer's cursor already prevents it; the key keeps the id readable in logs).
 */
export async function botSend(
  run: AutomationRun,
  input: {
    text: string;
    origin: BotOrigin;
    attachments?: unknown[];
    metadata?: Record<string, unknown>;
  },
): Promise<MessageRow | null> {
  if (!input.text.trim() && !input.attachments?.length) return null;
  const { message } = await recordOutboundMessage(run.tx, {
    attendance: run.attendance,
    origin: input.origin,
    text: input.text,
    messageId: `${input.origin}_${randomUUID()}`,
    operator: null,
    attachments: input.attachments ?? [],
    metadata: { automatic: true, ...input.metadata },
    now: run.now,
  });
  sendAfterCommit(run, message);
  return message;
}

export async function loadSession(run: AutomationRun): Promise<SessionRow | null> {
  const [row] = await run.tx
    .select()
    .from(automationSessions)
    .where(
      and(
        eq(automationSessions.companyId, run.attendance.companyId),
        eq(automationSessions.attendanceId, run.attendance.id),
      ),
    );
  return row ?? null;
}

/** Saves the session's node and state (the holder stays). */
export async function saveSession(
  run: AutomationRun,
  changes: { nodeId?: string | null; state?: Record<string, unknown>; flowId?: number | null },
): Promise<void> {
  await run.tx
    .update(automationSessions)
    .set({ ...changes, updatedAt: run.now })
    .where(
      and(
        eq(automationSessions.companyId, run.attendance.companyId),
        eq(automationSessions.attendanceId, run.attendance.id),
      ),
    );
}

/**
 * A bot takes the attendance (or keeps it under another holder): `auto` on, out of any operator's hands and out
 * of the queue; the session row says who holds it. Writes `automation.started` when it was not automatic before.
 */
export async function hold(
  run: AutomationRun,
  input: {
    holder: TAutomationHolder;
    flowId?: number | null;
    nodeId?: string | null;
    state?: Record<string, unknown>;
    by?: number | null;
  },
): Promise<void> {
  const a = run.attendance;
  await run.tx
    .insert(automationSessions)
    .values({
      companyId: a.companyId,
      attendanceId: a.id,
      holder: input.holder,
      flowId: input.flowId ?? null,
      nodeId: input.nodeId ?? null,
      state: input.state ?? {},
      startedAt: run.now,
      updatedAt: run.now,
    })
    .onConflictDoUpdate({
      target: [automationSessions.companyId, automationSessions.attendanceId],
      set: {
        holder: input.holder,
        flowId: input.flowId ?? null,
        nodeId: input.nodeId ?? null,
        state: input.state ?? {},
        updatedAt: run.now,
      },
    });
  const wasAuto = a.auto && a.operatorAssignedId === null;
  const [updated] = await run.tx
    .update(attendances)
    .set({ auto: true, operatorAssignedId: null, operatorAssignedName: null, updatedAt: run.now })
    .where(
      and(eq(attendances.companyId, a.companyId), eq(attendances.id, a.id), isNull(attendances.closedAt)),
    )
    .returning();
  if (updated) run.attendance = updated;
  if (!wasAuto || input.by != null) {
    await writeFacts(run.tx, [
      {
        companyId: a.companyId,
        attendanceId: a.id,
        actorUserId: input.by ?? null,
        name: 'automation.started',
        data: { holder: input.holder, flow_id: input.flowId ?? null, by: input.by ?? null },
      },
    ]);
  }
}

/** How a flow's run ended: its finish node, a handover to people, or the attendance closed meanwhile. */
export type TFlowRunOutcome = 'finished' | 'handover' | 'abandoned';

/**
 * Ends the attendance's automation session. A flow's run is kept on the attendance (data.flow_runs: flow, start,
 * end, outcome): the session row goes and the facts are pruned, and the flows report reads it (issue 19).
 */
export async function endAutomationSession(run: AutomationRun, outcome: TFlowRunOutcome): Promise<void> {
  const a = run.attendance;
  const [ended] = await run.tx
    .delete(automationSessions)
    .where(and(eq(automationSessions.companyId, a.companyId), eq(automationSessions.attendanceId, a.id)))
    .returning();
  if (ended?.holder !== 'flow' || ended.flowId === null) return;
  const entry = {
    flow_id: ended.flowId,
    started_at: ended.startedAt.toISOString(),
    ended_at: run.now.toISOString(),
    outcome,
  };
  const [updated] = await run.tx
    .update(attendances)
    .set({
      data: sql`jsonb_set(${attendances.data}, '{flow_runs}', coalesce(${attendances.data}->'flow_runs', '[]'::jsonb) || ${JSON.stringify([entry])}::jsonb)`,
    })
    .where(and(eq(attendances.companyId, a.companyId), eq(attendances.id, a.id)))
    .returning();
  if (updated) run.attendance = updated;
}

/**
 * The bot lets go: the session ends, `auto` off, into the distribution queue of `sectorId` (default: the
 * attendance's) or straight to an operator. Writes `automation.handover` (distribution runs at once).
 */
export async function release(
  run: AutomationRun,
  input: { holder: TAutomationHolder; sectorId?: number; operator?: { id: number; name: string } | null },
): Promise<void> {
  const a = run.attendance;
  await endAutomationSession(run, 'handover');
  const sectorId = input.sectorId ?? a.sectorId;
  const [updated] = await run.tx
    .update(attendances)
    .set({
      auto: false,
      sectorId,
      operatorAssignedId: input.operator?.id ?? null,
      operatorAssignedName: input.operator?.name ?? null,
      queuedAt: run.now,
      updatedAt: run.now,
    })
    .where(
      and(eq(attendances.companyId, a.companyId), eq(attendances.id, a.id), isNull(attendances.closedAt)),
    )
    .returning();
  if (!updated) return;
  run.attendance = updated;
  await writeFacts(run.tx, [
    {
      companyId: a.companyId,
      attendanceId: a.id,
      name: 'automation.handover',
      data: { holder: input.holder, sector_id: sectorId, operator_id: input.operator?.id ?? null },
    },
  ]);
}

/**
 * The bot finalizes the attendance with a finalization status (its message is sent as an operator's
 * finalization would); the session ends. Answers false when it was closed already.
 */
export async function finalizeByBot(run: AutomationRun, statusId: number): Promise<boolean> {
  await endAutomationSession(run, 'finished');
  const a = run.attendance;
  const status = await findStatusMessage(run.tx, a.companyId, statusId);
  const recorded: { message: MessageRow | null } = { message: null };
  const row = await updateOpenAttendance(
    { db: run.tx as unknown as AppDeps['db'] },
    a,
    {
      statusId,
      auto: false,
      closedAt: run.now,
      closedByUserId: null,
      closedByUserName: null,
      unreadCount: 0,
    },
    { by: null, closeReason: 'bot' },
    undefined,
    status
      ? async (tx, closed) => {
          recorded.message = await recordStatusMessage(tx, { attendance: closed, status, operator: null });
        }
      : undefined,
  );
  if (!row) return false;
  run.attendance = row;
  const message = recorded.message;
  if (message) sendAfterCommit(run, message);
  return true;
}
