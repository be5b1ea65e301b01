import { GOOGLE_EVENT_MINUTES } from '@prosa/shared/google-calendar';
import { SCHEDULE_STATUS } from '@prosa/shared/scheduling';
import { sql } from 'drizzle-orm';
import { publicUrl } from '../../platform/config';
import type { Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { withAccessToken } from './calendar-access';
import { type GoogleClient, googleClient, googleConfigured, type TCalendarEvent } from './google-client';
import {
  calendarEnabled,
  deleteScheduleEvent,
  findLink,
  findScheduleEvent,
  saveScheduleEvent,
  updateLink,
} from './repository';

type Deps = Pick<AppDeps, 'db' | 'config' | 'outbound' | 'appSecret'>;

type ScheduleRow = {
  id: number;
  status: number;
  return_at: Date | string;
  attendance_id: number;
  operator_assigned_id: number | null;
  created_by: number;
  contact_name: string;
  contact_external_id: string;
};

async function loadSchedule(tx: Tx, companyId: number, scheduleId: number): Promise<ScheduleRow | null> {
  const r = await tx.execute<ScheduleRow>(sql`
    select s.id, s.status, s.return_at, s.attendance_id::float8 as attendance_id, a.operator_assigned_id, s.created_by,
      c.name as contact_name, c.external_id as contact_external_id
    from schedules s
    join attendances a on a.company_id = s.company_id and a.id = s.attendance_id
    join contacts c on c.company_id = s.company_id and c.id = s.contact_id
    where s.company_id = ${companyId} and s.id = ${scheduleId}`);
  return r.rows[0] ?? null;
}

function eventOf(deps: Deps, s: ScheduleRow): TCalendarEvent {
  const start = new Date(s.return_at);
  const name = s.contact_name.trim() || s.contact_external_id;
  return {
    summary: `Retorno: ${name}`.slice(0, 1024),
    description: [
      `Retorno agendado no Prosa para ${name}.`,
      `Contato: ${s.contact_external_id}`,
      `Abrir o atendimento: ${publicUrl(deps.config).replace(/\/+$/, '')}/chat`,
    ].join('\n'),
    start,
    end: new Date(start.getTime() + GOOGLE_EVENT_MINUTES * 60_000),
  };
}

/** A failed call on one user's link: kept on the link once the transaction is over (the page shows it). */
class LinkCallError extends Error {
  constructor(
    readonly userId: number,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

async function onLink<T>(
  deps: Deps,
  tx: Tx,
  client: GoogleClient,
  who: { companyId: number; userId: number },
  call: (accessToken: string, calendarId: string) => Promise<T>,
): Promise<T | null> {
  const link = await findLink(tx, who.companyId, who.userId);
  if (!link) return null;
  try {
    const result = await withAccessToken(deps, tx, client, link, (token) => call(token, link.calendarId));
    if (link.lastError) await updateLink(tx, who.companyId, who.userId, { lastError: null });
    return result;
  } catch (err) {
    throw new LinkCallError(who.userId, err);
  }
}

/**
 * Brings a scheduled return's event in line with the schedule (job calendar.sync-schedule): an open return of an
 * operator with a linked calendar has one 15-minute event at its time (created, or moved); a canceled one, or one
 * whose operator changed, loses its event. Returns that happened keep theirs. Nothing while the company has the
 * feature off or the server has no Google client. One sync per schedule at a time (a transaction lock).
 */
export async function syncScheduleEvent(deps: Deps, input: { companyId: number; scheduleId: number }) {
  if (!googleConfigured(deps.config)) return;
  if (!(await calendarEnabled(deps.db, input.companyId))) return;
  const client = googleClient(deps.config, deps.outbound);
  const { companyId } = input;
  try {
    await deps.db.transaction((tx) => syncInTx(deps, tx, client, input));
  } catch (err) {
    if (!(err instanceof LinkCallError)) throw err;
    await updateLink(deps.db, companyId, err.userId, { lastError: err.message.slice(0, 500) });
    // Thrown again: the job's retries try later.
    throw err.cause;
  }
}

async function syncInTx(
  deps: Deps,
  tx: Tx,
  client: GoogleClient,
  { companyId, scheduleId }: { companyId: number; scheduleId: number },
) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`google-calendar:${companyId}:${scheduleId}`}))`,
  );
  const schedule = await loadSchedule(tx, companyId, scheduleId);
  const existing = await findScheduleEvent(tx, companyId, scheduleId);
  if (schedule?.status === SCHEDULE_STATUS.done) return;
  const owner = schedule ? (schedule.operator_assigned_id ?? schedule.created_by) : null;
  const wanted = schedule?.status === SCHEDULE_STATUS.open && owner !== null;
  if (existing && (!wanted || existing.userId !== owner)) {
    await onLink(deps, tx, client, { companyId, userId: existing.userId }, (token, cal) =>
      client.deleteEvent(token, cal, existing.eventId),
    );
    await deleteScheduleEvent(tx, companyId, scheduleId);
  }
  if (!wanted || !schedule || owner === null) return;
  const event = eventOf(deps, schedule);
  const eventId = await onLink(deps, tx, client, { companyId, userId: owner }, async (token, cal) => {
    if (
      existing &&
      existing.userId === owner &&
      (await client.patchEvent(token, cal, existing.eventId, event))
    )
      return existing.eventId;
    return client.insertEvent(token, cal, event);
  });
  if (eventId) await saveScheduleEvent(tx, { companyId, scheduleId, userId: owner, eventId });
}
