import { randomUUID } from 'node:crypto';
import type { TStoredAttachment } from '@prosa/shared/attachments';
import { localTime } from '@prosa/shared/dates';
import { menuButtonsAsText, type TDayType, type TMenuButton, timeToMinutes } from '@prosa/shared/triggers';
import { and, asc, eq, sql } from 'drizzle-orm';
import { contacts, messages } from '../../db/schema/attendance';
import { type TriggerRow, triggers } from '../../db/schema/automation';
import { companies } from '../../db/schema/companies';
import { type AutomationRun, botSend, endAutomationSession } from '../automation/run';

// What the trigger engine reads and sends: the channel's effective triggers (its own, or those of the channel it
// uses), the company's local clock, the attendance's contact, and the bot messages of a trigger.

export type LoadedTriggers = {
  /** Text triggers in their order. */
  text: TriggerRow[];
  /** The other kinds' params by kind. */
  other: Partial<Record<string, Record<string, unknown>>>;
};

/** One query: the triggers of the channel whose triggers this attendance's channel uses (one step). */
export async function loadTriggers(run: AutomationRun, kinds?: readonly string[]): Promise<LoadedTriggers> {
  const a = run.attendance;
  const rows = await run.tx
    .select()
    .from(triggers)
    .where(
      and(
        eq(triggers.companyId, a.companyId),
        eq(
          triggers.channelId,
          sql`(select coalesce(c.use_trigger_from_channel_id, c.id) from channels c
               where c.company_id = ${a.companyId} and c.id = ${a.channelId})`,
        ),
        kinds
          ? sql`${triggers.triggerType} in (${sql.join(
              kinds.map((k) => sql`${k}`),
              sql`, `,
            )})`
          : undefined,
      ),
    )
    .orderBy(asc(triggers.position), asc(triggers.id));
  const out: LoadedTriggers = { text: [], other: {} };
  for (const r of rows) {
    if (r.triggerType === 'text') out.text.push(r);
    else out.other[r.triggerType] = r.params;
  }
  return out;
}

export type LocalClock = { day: TDayType; minutes: number };

/** The day type and minutes since midnight of `now` in the company's timezone (an unknown zone: São Paulo's). */
export function localClock(now: Date, timeZone: string): LocalClock {
  const { weekday, minutes } = localTime(now, timeZone);
  return { day: weekday === 6 ? 'saturday' : weekday === 0 ? 'sunday' : 'monday_to_friday', minutes };
}

export async function companyClock(run: AutomationRun): Promise<LocalClock> {
  const [row] = await run.tx
    .select({ timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, run.attendance.companyId));
  return localClock(run.now, row?.timezone ?? 'America/Sao_Paulo');
}

/** The day's time of a DayTimes field in minutes; null when empty or invalid (no limit that day). */
export function dayMinutes(times: unknown, day: TDayType): number | null {
  if (!times || typeof times !== 'object') return null;
  return timeToMinutes((times as Record<string, unknown>)[day]);
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** A trigger's image as an attachment of the stored message (the chat's shape: modules/attachments). */
export function imageAttachment(image: unknown): TStoredAttachment | null {
  if (!image || typeof image !== 'object') return null;
  const i = image as Record<string, unknown>;
  if (typeof i.key !== 'string' || !i.key) return null;
  return {
    id: randomUUID(),
    type: 'image',
    mimeType: str(i.mime) || 'image/jpeg',
    originalName: str(i.name) || 'imagem',
    key: i.key,
    size: typeof i.size === 'number' ? i.size : 0,
  };
}

/** A trigger's message (origin 'trigger'), marked with the kind that sent it. */
export async function sendTrigger(
  run: AutomationRun,
  trigger: string,
  input: { text?: string; image?: unknown; triggerId?: number; farewell?: boolean },
) {
  const attachment = input.image ? imageAttachment(input.image) : null;
  return botSend(run, {
    text: input.text ?? '',
    origin: 'trigger',
    attachments: attachment ? [attachment] : [],
    metadata: {
      trigger,
      ...(input.triggerId ? { trigger_id: input.triggerId } : {}),
      ...(input.farewell ? { farewell: true } : {}),
    },
  });
}

/** The menu's text: the message, or the message and its options numbered (no channel sends buttons today). */
export function menuText(loaded: LoadedTriggers): { kind: string; text: string } | null {
  const menu = loaded.other.menu;
  if (menu) return { kind: 'menu', text: str(menu.message) };
  const buttons = loaded.other.menu_keyboard_buttons;
  if (buttons)
    return {
      kind: 'menu_keyboard_buttons',
      text: menuButtonsAsText(str(buttons.message), (buttons.buttons as TMenuButton[] | undefined) ?? []),
    };
  return null;
}

export async function contactData(run: AutomationRun): Promise<Record<string, unknown>> {
  const [row] = await run.tx
    .select({ data: contacts.data })
    .from(contacts)
    .where(and(eq(contacts.companyId, run.attendance.companyId), eq(contacts.id, run.attendance.contactId)));
  return row?.data ?? {};
}

export async function markAgreementAccepted(run: AutomationRun) {
  await run.tx
    .update(contacts)
    .set({
      data: sql`${contacts.data} || jsonb_build_object('agreement_accepted_at', ${run.now.toISOString()}::text)`,
    })
    .where(and(eq(contacts.companyId, run.attendance.companyId), eq(contacts.id, run.attendance.contactId)));
}

/** Whether the attendance was finalized by a trigger that already said goodbye (refused agreement, close attempt). */
export async function closedWithFarewell(run: AutomationRun): Promise<boolean> {
  const [row] = await run.tx
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.companyId, run.attendance.companyId),
        eq(messages.attendanceId, run.attendance.id),
        eq(messages.senderType, 1),
        sql`${messages.metadata}->>'farewell' = 'true'`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether an operator of the sector is online, active and not paused (as distribution chooses them). */
export async function sectorHasOnlineOperator(run: AutomationRun, sectorId: number): Promise<boolean> {
  const r = await run.tx.execute<{ online: boolean }>(sql`
    select exists (
      select 1 from users u
      join user_sectors us on us.company_id = u.company_id and us.user_id = u.id
      where u.company_id = ${run.attendance.companyId} and us.sector_id = ${sectorId}
        and u.role = 0 and u.operator_status = 'online' and u.inactive_since is null
        and not exists (select 1 from user_pauses p
                        where p.company_id = u.company_id and p.user_id = u.id and p.ended_at is null)
    ) as online`);
  return r.rows[0]?.online === true;
}

/** The session ends (an accepted agreement, a closed attendance): whoever comes next holds it anew. */
export async function endSession(run: AutomationRun) {
  // A flow still holding it at this point did not finish nor hand over: the flows report counts it abandoned.
  await endAutomationSession(run, 'abandoned');
}
