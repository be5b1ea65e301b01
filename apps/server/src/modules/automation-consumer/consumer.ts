import { and, asc, eq, sql } from 'drizzle-orm';
import { attendances, messages } from '../../db/schema/attendance';
import { createDurableConsumer, type DurableConsumer } from '../../facts/durable-consumer';
import type { TStoredFact } from '../../facts/read-facts';
import type { Tx } from '../../platform/db';
import { type AutomationDeps, type AutomationRun, loadSession, release } from '../automation/run';
import * as chatbot from '../chatbot/engine';
import * as negotiator from '../negotiator/command-processor';
import * as polls from '../polls/engine';
import * as triggers from '../triggers/engine';

/** The durable consumer of automation (fact_consumers.name). */
export const AUTOMATION_CONSUMER = 'automation';

const HANDLED = new Set([
  'attendance.opened',
  'message.received',
  'automation.handover',
  'attendance.closed',
]);

/**
 * Triggers, chatbot flows and poll answers, on the worker: every fact is read once across all workers and what
 * it causes (messages stored, the attendance held, handed over or finalized) commits with the consumer's cursor —
 * a trigger fires at most once per fact, on one node; the messages leave through the outbound path after commit.
 *
 * The order of things (docs/decisions/0009-automation.md):
 * - attendance.opened (by a customer's message): the opening triggers (first message, working periods, receiving
 *   limit, close attempt, agreement); then the channel's negotiator; else its flow; else the trigger menu; else
 *   people (the opening message is then read as any message in human mode).
 * - message.received: a pending poll's answer first; then whoever holds the attendance (agreement, negotiator,
 *   flow, menu);
 *   in human mode the text triggers. The opening message is the opening's, not read twice.
 * - automation.handover: the attendance reached people (offline operators notification).
 * - attendance.closed: an open negotiation of it is abandoned; the closing trigger; the session ends.
 */
/**
 * The consumer runs as AUTOMATION_PARTITIONS partitions by attendance: each has its own cursor and handles the
 * facts of its attendances only, so the workers handle that many attendances at once while each attendance's
 * facts stay in order on one cursor. (Changing the count starts new cursors at the present: a deploy step.)
 */
export const AUTOMATION_PARTITIONS = 4;

/** The partitions, each a durable consumer the workers start on its own (jobs/registry.ts). */
export function automationConsumers(
  deps: AutomationDeps,
  log?: (msg: string, err?: unknown) => void,
): DurableConsumer[] {
  return Array.from({ length: AUTOMATION_PARTITIONS }, (_, k) =>
    createDurableConsumer({
      db: deps.db,
      name: `${AUTOMATION_CONSUMER}.${k}`,
      log,
      handle: async (tx, facts, afterCommit) => {
        const mine = facts.filter(
          (f) =>
            HANDLED.has(f.name) && f.attendanceId !== null && f.attendanceId % AUTOMATION_PARTITIONS === k,
        );
        if (mine.length === 0) return;
        // The batch's attendances locked at once in id order, as the ingest locks them: no deadlock between them.
        const ids = [...new Set(mine.map((f) => f.attendanceId as number))].sort((a, b) => a - b);
        await tx.execute(
          sql`select 1 from attendances where id = any(${sql.param(ids)}::bigint[]) order by id for update`,
        );
        for (const fact of mine) await handleFact(deps, tx, fact, afterCommit);
      },
    }),
  );
}

/**
 * All partitions as one consumer (tests and tools): `drain` runs them until none has anything left (a fact one
 * writes, e.g. a handover, is read by the same partition on the next pass).
 */
export function automationConsumer(
  deps: AutomationDeps,
  log?: (msg: string, err?: unknown) => void,
): DurableConsumer {
  const parts = automationConsumers(deps, log);
  const drain = async () => {
    let facts = 0;
    for (;;) {
      const counts = await Promise.all(parts.map((p) => p.drain()));
      const pass = counts.reduce((n, c) => n + c.facts, 0);
      facts += pass;
      if (pass === 0) return { facts };
    }
  };
  return {
    name: AUTOMATION_CONSUMER,
    ensure: async () => {
      for (const p of parts) await p.ensure();
    },
    runBatch: async () => {
      let facts = 0;
      for (const p of parts) {
        const r = await p.runBatch();
        if (r.state === 'done') facts += r.facts;
      }
      return { state: 'done', facts };
    },
    drain,
  };
}

async function handleFact(
  deps: AutomationDeps,
  tx: Tx,
  fact: TStoredFact,
  afterCommit: (fn: () => Promise<void>) => void,
): Promise<void> {
  const attendanceId = fact.attendanceId as number;
  const [attendance] = await tx
    .select()
    .from(attendances)
    .where(and(eq(attendances.companyId, fact.companyId), eq(attendances.id, attendanceId)))
    .for('update');
  if (!attendance) return;
  const run: AutomationRun = { deps, tx, attendance, message: null, now: new Date(), afterCommit };

  switch (fact.name) {
    case 'attendance.opened': {
      const opener = await firstCustomerMessage(tx, fact.companyId, attendanceId);
      // Opened by an operator's active send: people started it.
      if (!opener || attendance.closedAt) return;
      run.message = opener;
      await afterOpening(run);
      return;
    }
    case 'message.received': {
      const [message] = await tx
        .select()
        .from(messages)
        .where(and(eq(messages.companyId, fact.companyId), eq(messages.id, fact.data.message_id)));
      if (message?.senderType !== 0) return;
      run.message = message;
      if (await polls.onPollReply(run)) return;
      if (attendance.closedAt) return;
      const opener = await firstCustomerMessage(tx, fact.companyId, attendanceId);
      if (opener?.id === message.id) return;
      if (await triggers.beforeMessage(run)) return;
      const session = await loadSession(run);
      if (!session) {
        await triggers.onHumanMessage(run);
        return;
      }
      if (session.holder === 'flow') {
        await chatbot.onFlowMessage(run, session);
        return;
      }
      if (session.holder === 'negotiator') {
        await negotiator.onNegotiatorMessage(run, session);
        return;
      }
      if (session.holder === 'menu') {
        await triggers.onMenuMessage(run, session);
        return;
      }
      // The agreement: accepted goes on as after the opening; refused finalized; else asked again.
      const answer = await triggers.onAgreementReply(run, session);
      if (answer === 'accepted') await afterAgreement(run);
      return;
    }
    case 'automation.handover':
      if (attendance.closedAt || attendance.auto) return;
      await triggers.onHandedOver(run);
      return;
    case 'attendance.closed':
      await negotiator.onAttendanceClosed(run);
      await triggers.onClosed(run, fact.data.reason);
      return;
  }
}

/** After a customer opened the attendance: opening triggers, then the flow, the menu, or people. */
async function afterOpening(run: AutomationRun): Promise<void> {
  const opening = await triggers.onOpened(run);
  if (opening === 'closed' || opening === 'held') return;
  await afterAgreement(run);
}

/** The negotiator of the channel, else the flow, else the menu, else people. */
async function afterAgreement(run: AutomationRun): Promise<void> {
  if ((await negotiator.startNegotiator(run)) === 'held') return;
  if ((await chatbot.startFlow(run)) === 'held') return;
  if ((await triggers.startMenu(run)) === 'held') return;
  if (run.attendance.closedAt) return;
  if (run.attendance.auto) {
    // Held at the opening by a holder that is gone (a trigger or flow removed meanwhile): to people.
    await release(run, { holder: 'menu' });
    return;
  }
  await triggers.onHandedOver(run);
  if (run.message) await triggers.onHumanMessage(run);
}

async function firstCustomerMessage(tx: Tx, companyId: number, attendanceId: number) {
  const [m] = await tx
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.companyId, companyId),
        eq(messages.attendanceId, attendanceId),
        eq(messages.senderType, 0),
      ),
    )
    .orderBy(asc(messages.id))
    .limit(1);
  return m ?? null;
}
