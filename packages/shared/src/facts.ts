// The facts catalogue: what operations record in `domain_events`, in the same transaction as the change.
// A fact carries ids and the change only (never screen data): consumers load what they show.
import { DELIVERY_STATES } from './attendance';
import { zBigId, zId } from './ids';
import { NEGOTIATION_SOURCES, NEGOTIATION_STEPS } from './negotiator';
import { z } from './zod';

/** Who holds an attendance in automatic mode (automation_sessions.holder): the trigger menu, the agreement, a flow, the negotiator (issue 23). */
export const AUTOMATION_HOLDERS = ['menu', 'agreement', 'flow', 'negotiator'] as const;
export type TAutomationHolder = (typeof AUTOMATION_HOLDERS)[number];

/** Why an attendance changed hands (`attendance.assigned`, `attendance.transferred`, `attendance_transfers`). */
export const TRANSFER_REASONS = [
  'transfer',
  'take',
  'distribution',
  'requeue',
  'sla',
  'schedule_return',
  'operator_offline',
  'active',
  'reopen',
] as const;
export type TTransferReason = (typeof TRANSFER_REASONS)[number];

/** How an attendance was finalized: a status chosen by a user, the inactivity timer, a locked card removed. */
// blacklist: a blocked contact's new conversation, finalized at once with the blacklist status (issue 18).
export const CLOSE_REASONS = ['status', 'auto', 'locked', 'bot', 'blacklist'] as const;
export type TCloseReason = (typeof CLOSE_REASONS)[number];

/** Who produced an outgoing message: a user, a template (HSM), or the product itself (SLA, poke, status text). */
export const MESSAGE_ORIGINS = [
  'operator',
  'template',
  'sla',
  'poke',
  'status',
  'trigger',
  'bot',
  'poll',
] as const;
export type TMessageOrigin = (typeof MESSAGE_ORIGINS)[number];

/** How a pause ended (user_pauses.ended_by). */
export const PAUSE_END_REASONS = ['user', 'limit', 'logout'] as const;

export const SESSION_REVOKE_REASONS = ['logout', 'token_reset', 'password_changed', 'pause_limit'] as const;

const userId = () => zId().nullable();
// Names of changed fields or settings: short identifiers, never values.
const fieldNames = () =>
  z
    .array(
      z
        .string()
        .regex(/^[a-z][a-z0-9_]*$/)
        .max(64),
    )
    .min(1)
    .max(64);

/** A fact about one attendance: `attendanceId` is required. */
function onAttendance<N extends string, D extends z.ZodRawShape>(name: N, data: D) {
  return z.strictObject({
    name: z.literal(name),
    companyId: zId(),
    attendanceId: zBigId(),
    actorUserId: userId().optional(),
    data: z.strictObject(data),
  });
}

/** A fact about the company, a user or a channel: no attendance. */
function onCompany<N extends string, D extends z.ZodRawShape>(name: N, data: D) {
  return z.strictObject({
    name: z.literal(name),
    companyId: zId(),
    attendanceId: z.null().optional(),
    actorUserId: userId().optional(),
    data: z.strictObject(data),
  });
}

const handover = {
  from_operator_id: userId(),
  to_operator_id: userId(),
  by: userId(),
  reason: z.enum(TRANSFER_REASONS),
};

export const ZFact = z.discriminatedUnion('name', [
  onAttendance('attendance.opened', { channel_id: zId(), contact_id: zId(), sector_id: zId() }),
  onAttendance('attendance.assigned', { sector_id: zId(), ...handover }),
  onAttendance('attendance.transferred', { from_sector_id: zId(), to_sector_id: zId(), ...handover }),
  onAttendance('attendance.status_set', { status_id: zId(), by: userId() }),
  onAttendance('attendance.closed', {
    status_id: zId().nullable(),
    by: userId(),
    reason: z.enum(CLOSE_REASONS),
  }),
  onAttendance('attendance.reopened', { by: userId() }),
  onAttendance('attendance.updated', { fields: fieldNames() }),
  onAttendance('message.received', { message_id: zBigId() }),
  onAttendance('message.sent', { message_id: zBigId(), origin: z.enum(MESSAGE_ORIGINS) }),
  onAttendance('message.updated', { message_id: zBigId() }),
  onAttendance('delivery.updated', { message_id: zBigId(), delivery: z.enum(DELIVERY_STATES) }),
  onCompany('operator.status_changed', {
    user_id: zId(),
    status: z.enum(['online', 'offline']),
    paused: z.boolean(),
  }),
  onCompany('pause.started', { user_id: zId(), pause_id: zId() }),
  onCompany('pause.ended', { user_id: zId(), pause_id: zId(), reason: z.enum(PAUSE_END_REASONS) }),
  // Automation (issue 17): a bot took the attendance (auto on) and handed it to people (auto off, into the queue of
  // the sector, or to an operator).
  onAttendance('automation.started', {
    holder: z.enum(AUTOMATION_HOLDERS),
    flow_id: zId().nullable(),
    by: userId(),
  }),
  onAttendance('automation.handover', {
    holder: z.enum(AUTOMATION_HOLDERS),
    sector_id: zId(),
    operator_id: userId(),
  }),
  onAttendance('poll.answered', { poll_id: zId(), request_id: zBigId() }),
  onAttendance('schedule.created', { schedule_id: zId() }),
  onAttendance('schedule.returned', { schedule_id: zId() }),
  // Notices: they tell nodes to refresh something; no durable consumer needs them.
  onCompany('company.updated', { changed: fieldNames() }),
  onCompany('session.revoked', {
    session_id: z.uuid(),
    user_id: zId(),
    reason: z.enum(SESSION_REVOKE_REASONS),
  }),
  onCompany('export.ready', { export_id: z.uuid(), user_id: zId() }),
  onCompany('channels.changed', { channel_id: zId().nullable() }),
  // A WhatsApp-by-QR session changed state or QR (written with the change by its holder): the panel and Monitor.
  onCompany('waweb.channel_updated', { channel_id: zId() }),
  // Issue 18: a campaign's status or progress, a mailing's import, a batch close queue, the blacklist or its
  // suggestions changed (the managers' screens load them again).
  onCompany('campaign.updated', { campaign_id: zId() }),
  onCompany('mailing.updated', { mailing_id: zId() }),
  onCompany('batch_close.updated', { queue_id: zId() }),
  onCompany('blacklist.changed', { suggestions: z.boolean() }),
  // Issue 20: an internal message (answer false) or an operator's answer reached a user's messenger.
  onCompany('internal.message', { chat_id: zId(), to_user_id: zId(), answer: z.boolean() }),
  // Issue 20: a notification or a survey was published, changed or removed for the company's users (one fact per
  // target company).
  onCompany('notification.changed', { notification_id: zId() }),
  onCompany('survey.changed', { survey_id: zId() }),
  // Issue 23: a negotiation moved a step (over a chat, with its attendance, or on the hotsite); the negotiation
  // report counts them.
  onCompany('negotiation.step', {
    negotiation_id: zBigId(),
    negotiator_id: zId(),
    attendance_id: zBigId().nullable(),
    source: z.enum(NEGOTIATION_SOURCES),
    step: z.enum(NEGOTIATION_STEPS),
  }),
]);

/** A fact as an operation writes it. */
export type TFactInput = z.input<typeof ZFact>;
export type TFactName = z.infer<typeof ZFact>['name'];
/** One fact, narrowed by name: `TFact<'message.sent'>`; `TFact` alone is the union of all. */
export type TFact<N extends TFactName = TFactName> = Extract<z.infer<typeof ZFact>, { name: N }>;
export type TFactData<N extends TFactName> = TFact<N>['data'];

export const FACT_NAMES: readonly TFactName[] = ZFact.options.map((o) => o.shape.name.value);

export const FACT_NOTICES = [
  'company.updated',
  'session.revoked',
  'export.ready',
  'channels.changed',
  'waweb.channel_updated',
  'campaign.updated',
  'mailing.updated',
  'batch_close.updated',
  'blacklist.changed',
  'internal.message',
  'notification.changed',
  'survey.changed',
] as const satisfies readonly TFactName[];

export function isNotice(name: TFactName): boolean {
  return (FACT_NOTICES as readonly string[]).includes(name);
}

/** Checks a fact against the catalogue; the error names the fact and the offending fields. */
export function parseFact(input: unknown): { ok: true; fact: TFact } | { ok: false; error: string } {
  const r = ZFact.safeParse(input);
  if (r.success) return { ok: true, fact: r.data };
  const name =
    typeof input === 'object' && input !== null && 'name' in input ? String(input.name) : '(sem nome)';
  const where = r.error.issues.map((i) => `${i.path.join('.') || 'name'}: ${i.message}`).join('; ');
  return { ok: false, error: `Fato inválido ${name}: ${where}` };
}
