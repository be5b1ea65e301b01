import {
  matchPollAnswer,
  POLL_MSG,
  pollOptions,
  pollQuestionText,
  type TPollMessageMeta,
} from '@prosa/shared/polls';
import { and, eq } from 'drizzle-orm';
import { attendances } from '../../db/schema/attendance';
import { type PollRequestRow, type PollRow, pollRequests, polls } from '../../db/schema/automation';
import { writeFacts } from '../../facts/write-facts';
import type { AppDeps } from '../../platform/deps';
import type { MessageRow } from '../attendance/card';
import { findStatusMessage, recordStatusMessage } from '../attendance/send-status-message';
import { updateOpenAttendance } from '../attendance/update-attendance';
import { type AutomationRun, botSend, sendAfterCommit } from '../automation/run';

// Poll answers (spec 1 §5, spec 3 Polls; docs/decisions/0009-automation.md "Polls"), read by the automation
// consumer before anyone else reads the message: a key or an option's text is the answer; an invalid answer is
// asked again once; a second one gives up. Web chat attendances are finalized with the stored status then.

const textOf = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);

/** The contact's pending poll on this attendance, locked. */
async function pendingRequest(run: AutomationRun): Promise<PollRequestRow | null> {
  const a = run.attendance;
  const [row] = await run.tx
    .select()
    .from(pollRequests)
    .where(
      and(
        eq(pollRequests.companyId, a.companyId),
        eq(pollRequests.contactId, a.contactId),
        eq(pollRequests.attendanceId, a.id),
        eq(pollRequests.state, 'pending'),
      ),
    )
    .for('update');
  return row ?? null;
}

async function pollOf(run: AutomationRun, request: PollRequestRow): Promise<PollRow | null> {
  const [row] = await run.tx
    .select()
    .from(polls)
    .where(and(eq(polls.companyId, request.companyId), eq(polls.id, request.pollId)));
  return row ?? null;
}

async function setRequest(run: AutomationRun, request: PollRequestRow, changes: Partial<PollRequestRow>) {
  await run.tx
    .update(pollRequests)
    .set(changes)
    .where(and(eq(pollRequests.companyId, request.companyId), eq(pollRequests.id, request.id)));
}

/**
 * Web chat keeps the attendance open while the poll waits: it is finalized now with the status and operator the
 * finalization stored (its message sent as the operator's finalization would). Other kinds were finalized already.
 */
async function applyStoredStatus(
  run: AutomationRun,
  request: PollRequestRow,
  extra: { pollSubmited?: boolean },
) {
  const a = run.attendance;
  if (a.closedAt || request.statusId === null) return;
  const status = await findStatusMessage(run.tx, a.companyId, request.statusId);
  const operator =
    request.operatorId !== null ? { id: request.operatorId, name: request.operatorName ?? '' } : null;
  const recorded: { message: MessageRow | null } = { message: null };
  const row = await updateOpenAttendance(
    { db: run.tx as unknown as AppDeps['db'] },
    a,
    {
      statusId: request.statusId,
      closedAt: run.now,
      closedByUserId: request.operatorId,
      closedByUserName: request.operatorName,
      unreadCount: 0,
      ...extra,
    },
    { by: request.operatorId, closeReason: 'status' },
    undefined,
    status
      ? async (tx, closed) => {
          recorded.message = await recordStatusMessage(tx, { attendance: closed, status, operator });
        }
      : undefined,
  );
  if (row) run.attendance = row;
  const message = recorded.message;
  if (message) sendAfterCommit(run, message);
}

const keepsOpen = (request: PollRequestRow) => (request.data as { keep_open?: unknown }).keep_open === true;

/** A pending poll of the message's contact reads the message as its answer; true when it did. */
export async function onPollReply(run: AutomationRun): Promise<boolean> {
  const message = run.message;
  if (!message) return false;
  const request = await pendingRequest(run);
  if (!request) return false;
  // Only what the customer wrote after the poll was sent answers it (earlier messages may be read late).
  const sentId = Number((request.data as { message_id?: unknown }).message_id ?? 0);
  if (message.id <= sentId) return false;
  if (request.expiresAt && request.expiresAt.getTime() <= run.now.getTime()) {
    await expireRequest(run, request);
    return false;
  }
  const poll = await pollOf(run, request);
  if (!poll) {
    await setRequest(run, request, { state: 'invalid' });
    return false;
  }
  const options = pollOptions(poll.possibleAnswers);
  const texts = poll.texts as { correct_answer?: unknown; invalid_answer?: unknown };
  const answer = matchPollAnswer(options, message.text);

  if (answer) {
    await setRequest(run, request, {
      state: 'answered',
      answerKey: answer.key,
      answerValue: answer.value,
      answeredAt: run.now,
    });
    await writeFacts(run.tx, [
      {
        companyId: request.companyId,
        attendanceId: request.attendanceId,
        name: 'poll.answered',
        data: { poll_id: request.pollId, request_id: request.id },
      },
    ]);
    await botSend(run, { text: textOf(texts.correct_answer) ?? POLL_MSG.thanks, origin: 'poll' });
    if (keepsOpen(request) && !run.attendance.closedAt) {
      await applyStoredStatus(run, request, { pollSubmited: true });
    } else {
      const [row] = await run.tx
        .update(attendances)
        .set({ pollSubmited: true })
        .where(and(eq(attendances.companyId, request.companyId), eq(attendances.id, request.attendanceId)))
        .returning();
      if (row) run.attendance = row;
    }
    return true;
  }

  if (request.invalidCount === 0) {
    // Asked again, once: the invalid-answer text, then the question with its options (buttons on web chat).
    await setRequest(run, request, { invalidCount: 1 });
    await botSend(run, { text: textOf(texts.invalid_answer) ?? POLL_MSG.invalidAnswer, origin: 'poll' });
    const meta: TPollMessageMeta = { request_id: request.id, options };
    await botSend(run, {
      text: pollQuestionText({
        question: poll.question,
        answer_order: poll.answerOrder === 'numbers' ? 'numbers' : 'letters',
        possible_answers: poll.possibleAnswers,
      }),
      origin: 'poll',
      metadata: { poll: meta },
    });
    return true;
  }

  // A second invalid answer gives up.
  await setRequest(run, request, { state: 'invalid', invalidCount: request.invalidCount + 1 });
  if (keepsOpen(request)) await applyStoredStatus(run, request, {});
  return true;
}

/**
 * The poll was not answered in time: expired, the expiration message sent (the default or the poll's own, when
 * the poll uses expiration), and on web chat the stored status applied.
 */
export async function expireRequest(run: AutomationRun, request: PollRequestRow): Promise<void> {
  await setRequest(run, request, { state: 'expired' });
  const poll = await pollOf(run, request);
  if (poll?.useExpirationTime) {
    const text = poll.useDefaultMessage ? POLL_MSG.expired : textOf(poll.expirationMessage);
    if (text) await botSend(run, { text, origin: 'poll' });
  }
  if (keepsOpen(request)) await applyStoredStatus(run, request, {});
}
