import { POKE_TEXT } from '@prosa/shared/attendance-rules';
import { sql } from 'drizzle-orm';
import { attendances } from '../../db/schema/attendance';
import { schedules } from '../../db/schema/scheduling';
import { writeFacts } from '../../facts/write-facts';
import { closedFact, handoversFacts, updatedFact } from '../attendance/attendance-facts';
import type { AttendanceRow, MessageRow } from '../attendance/card';
import { type AutomaticMessageDeps, sendAutomaticMessage } from '../attendance/send-automatic-message';
import { findStatusMessage, recordStatusMessage } from '../attendance/send-status-message';
import { companyDefaultStatus } from '../companies/company-automation';
import { findCompany } from '../companies/repository';
import { sendSoon } from '../outbound/send-outbound';
import { timerSettings } from './timer-settings';

export type TimerResult = { busy: number; finalized: number; outOfSla: number; poked: number };

type Deps = AutomaticMessageDeps;

/**
 * For the attendance timers: the attendance came back from a schedule less than `secs` before `now`. Its
 * silence timers count from the return, not from the messages before the schedule.
 */
function returnedWithin(now: Date, secs: number) {
  return sql`exists (select 1 from ${schedules} sr where sr.company_id = ${attendances.companyId}
    and sr.attendance_id = ${attendances.id} and sr.status = 2
    and sr.done_at > ${now}::timestamptz - make_interval(secs => ${secs}))`;
}

/**
 * The attendance timers of a company at `now`: automatic finalization, busy client and SLA. Their state is the
 * attendance's own timestamps, so nothing is lost across restarts; each rule is one conditional update.
 */
export async function runAttendanceTimers(
  deps: Deps,
  input: { companyId: number; now: Date },
): Promise<TimerResult> {
  const company = await findCompany(deps.db, input.companyId);
  if (!company) return { busy: 0, finalized: 0, outOfSla: 0, poked: 0 };
  const s = timerSettings(company.metadata);
  const { companyId, now } = input;
  // Waiting for a scheduled return (scheduled = 1): out of the active work, no timer touches it.
  const open = sql`${attendances.companyId} = ${companyId} and ${attendances.closedAt} is null and ${attendances.scheduled} <> 1`;
  const before = (secs: number) => sql`${now}::timestamptz - make_interval(secs => ${secs})`;
  // Back from a schedule: its silences count from the return, not from the messages before it.
  const settled = (secs: number) => sql`not ${returnedWithin(now, secs)}`;

  // The operator spoke last and the client stayed silent past the end time: finalized with its status.
  let finalized: AttendanceRow[] = [];
  const { finalizeAfter, busyAfter } = s;
  // Without a status of its own, the rule finalizes with the company's default status (company edit, issue 24).
  const finalizeStatusId =
    s.finalizeStatusId ?? (finalizeAfter ? await companyDefaultStatus(deps.db, companyId) : null);
  if (finalizeAfter && finalizeStatusId) {
    const statusId = finalizeStatusId;
    const closed = await deps.db.transaction(async (tx) => {
      const rows = await tx
        .update(attendances)
        .set({
          closedAt: now,
          statusId,
          closedByUserName: 'Automático',
          unreadCount: 0,
          updatedAt: now,
        })
        .where(
          sql`${open} and ${attendances.lastMessageSender} = 1 and ${attendances.latestOperatorAnswerAt} < ${before(finalizeAfter)} and ${settled(finalizeAfter)}`,
        )
        .returning();
      await writeFacts(
        tx,
        rows.map((row) => closedFact(row, null, 'auto')),
      );
      // The finalization status's message reaches the customer, as when an operator finalizes with it: stored
      // with the finalization, so the widget hears of the end after it.
      const status = rows.length > 0 ? await findStatusMessage(tx, companyId, statusId) : null;
      const out: { row: AttendanceRow; message: MessageRow | null }[] = [];
      for (const row of rows) {
        const message = status
          ? await recordStatusMessage(tx, { attendance: row, status, operator: null })
          : null;
        out.push({ row, message });
      }
      return out;
    });
    finalized = closed.map((c) => c.row);
    for (const { message } of closed) if (message) await sendSoon(deps, message);
  }

  // Silent past the busy time: flagged (and classified, when configured); a client reply clears the flag.
  let busy: AttendanceRow[] = [];
  if (busyAfter) {
    busy = await deps.db.transaction(async (tx) => {
      const rows = await tx
        .update(attendances)
        .set({ busyClient: true, ...(s.busyStatusId ? { statusId: s.busyStatusId } : {}), updatedAt: now })
        .where(
          sql`${open} and not ${attendances.busyClient} and ${attendances.answered} and ${attendances.lastMessageSender} = 1 and ${attendances.latestOperatorAnswerAt} < ${before(busyAfter)} and ${settled(busyAfter)}`,
        )
        .returning();
      const busyStatusId = s.busyStatusId;
      await writeFacts(
        tx,
        rows.flatMap((row) => [
          updatedFact(row, ['busyClient']),
          ...(busyStatusId
            ? [
                {
                  companyId: row.companyId,
                  attendanceId: row.id,
                  name: 'attendance.status_set' as const,
                  data: { status_id: busyStatusId, by: null },
                },
              ]
            : []),
        ]),
      );
      return rows;
    });
  }

  // The client waits for an answer past the first-answer time (the other-answers time once answered).
  let late: AttendanceRow[] = [];
  if (s.slaFirst) {
    const first = sql`not ${attendances.answered} and ${attendances.firstStartChatAt} < ${before(s.slaFirst)} and ${settled(s.slaFirst)}`;
    const others = sql`${attendances.answered} and ${attendances.latestContactChatMessageAt} < ${before(s.slaOthers ?? s.slaFirst)} and ${settled(s.slaOthers ?? s.slaFirst)}`;
    const previous = await deps.db
      .select({ id: attendances.id, sectorId: attendances.sectorId, op: attendances.operatorAssignedId })
      .from(attendances)
      .where(
        sql`${open} and not ${attendances.outOfSla} and ${attendances.lastMessageSender} = 0 and ((${first}) or (${others}))`,
      );
    if (previous.length > 0) {
      late = await deps.db.transaction(async (tx) => {
        const rows = await tx
          .update(attendances)
          .set({
            outOfSla: true,
            slaCount: sql`${attendances.slaCount} + 1`,
            updatedAt: now,
            ...(s.slaRedistribute
              ? { operatorAssignedId: null, operatorAssignedName: null, priority: 1, queuedAt: now }
              : {}),
          })
          .where(
            sql`${open} and not ${attendances.outOfSla} and ${attendances.id} in (${sql.join(
              previous.map((p) => sql`${p.id}`),
              sql`, `,
            )})`,
          )
          .returning();
        const handovers = rows.flatMap((row) => {
          const prev = previous.find((p) => p.id === row.id);
          return prev
            ? [
                {
                  before: { sectorId: prev.sectorId, operatorAssignedId: prev.op },
                  after: row,
                  cause: { by: null, reason: 'sla' as const },
                },
              ]
            : [];
        });
        await writeFacts(tx, [
          ...rows.map((row) => updatedFact(row, ['outOfSla', 'slaCount'])),
          ...(await handoversFacts(tx, handovers)),
        ]);
        return rows;
      });
      for (const row of late) {
        if (s.slaMessage)
          await sendAutomaticMessage(deps, {
            attendance: row,
            text: s.slaMessage,
            idPrefix: 'auto_',
            origin: 'sla',
            now,
          });
      }
    }
  }
  // The client went silent after the operator's answer: one nudge per silence (poked_at after that answer).
  let poked: AttendanceRow[] = [];
  if (s.pokeAfter) {
    poked = await deps.db
      .update(attendances)
      // Marks the silence that was poked: the operator answer it followed.
      .set({ pokedAt: sql`${attendances.latestOperatorAnswerAt}` })
      .where(
        sql`${open} and ${attendances.lastMessageSender} = 1 and ${attendances.latestOperatorAnswerAt} < ${before(s.pokeAfter)} and ${settled(s.pokeAfter)}
            and ${attendances.pokedAt} is distinct from ${attendances.latestOperatorAnswerAt}`,
      )
      .returning();
    for (const row of poked)
      await sendAutomaticMessage(deps, {
        attendance: row,
        text: POKE_TEXT,
        idPrefix: 'auto_',
        origin: 'poke',
        now,
      });
  }
  return { busy: busy.length, finalized: finalized.length, outOfSla: late.length, poked: poked.length };
}
