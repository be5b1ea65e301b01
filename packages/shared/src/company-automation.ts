import { zId } from './ids';
import { z } from './zod';

// Company edit (spec 2 §2 "automatic-attendance modals", §3 Company default_status; issue 24): the company's
// default finalization status and its automatic attendance — business hours per weekday in the company's timezone,
// the automatic reply sent once when an attendance opens outside them, and the reply when no operator of the
// sector is online. Stored in the company metadata (default_status, automatic_attendance); a channel's own
// working-period or offline-operators trigger takes precedence over the company's.

export const COMPANY_AUTOMATION_MSG = {
  saved: 'Atendimento automático salvo com sucesso!',
  defaultStatusSaved: 'Status padrão salvo com sucesso!',
  loadError: 'Não foi possível carregar o atendimento automático da empresa.',
  invalidTime: 'Horário inválido. Use o formato HH:mm (00:00 a 23:59).',
  endBeforeStart: 'O horário de fim deve ser depois do horário de início.',
  messageRequired: 'Informe a mensagem automática.',
  messageMax: 'A mensagem deve ter no máximo 1000 caracteres.',
  statusNotFinalization: 'O status escolhido não é um status de finalização.',
} as const;

/** Sunday (0) to Saturday (6), as the company's local clock counts them. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export const WEEKDAY_LABEL = [
  'Domingo',
  'Segunda-feira',
  'Terça-feira',
  'Quarta-feira',
  'Quinta-feira',
  'Sexta-feira',
  'Sábado',
] as const;

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = () => z.string().trim().regex(TIME_RE, { error: COMPANY_AUTOMATION_MSG.invalidTime });

export const ZBusinessDay = z
  .object({ open: z.boolean(), start: time(), end: time() })
  .refine((d) => !d.open || d.start < d.end, { error: COMPANY_AUTOMATION_MSG.endBeforeStart, path: ['end'] });
export type TBusinessDay = z.infer<typeof ZBusinessDay>;

const message = () => z.string().trim().max(1000, { error: COMPANY_AUTOMATION_MSG.messageMax }).default('');

const ZAutoReply = z
  .object({ enabled: z.boolean().default(false), message: message() })
  .refine((r) => !r.enabled || r.message !== '', {
    error: COMPANY_AUTOMATION_MSG.messageRequired,
    path: ['message'],
  });

const weekday = (open: boolean): TBusinessDay => ({ open, start: '08:00', end: '18:00' });
export const DEFAULT_BUSINESS_HOURS: TBusinessDay[] = WEEKDAYS.map((d) => weekday(d !== 0 && d !== 6));

/** The company's automatic attendance: hours, the out-of-hours reply and the no-operator-online reply. */
export const ZAutomaticAttendance = z.object({
  hours: z.array(ZBusinessDay).length(7).default(DEFAULT_BUSINESS_HOURS),
  out_of_hours: ZAutoReply.prefault({}),
  offline: ZAutoReply.prefault({}),
});
export type TAutomaticAttendance = z.output<typeof ZAutomaticAttendance>;
export type TAutomaticAttendanceInput = z.input<typeof ZAutomaticAttendance>;

/** A stored value as the typed automatic attendance (anything unreadable falls back to its defaults). */
export function readAutomaticAttendance(stored: unknown): TAutomaticAttendance {
  const parsed = ZAutomaticAttendance.safeParse(stored ?? {});
  return parsed.success ? parsed.data : ZAutomaticAttendance.parse({});
}

/** Whether `minutes` of `weekday` (company clock) lies outside the business hours (a closed day: all day). */
export function outsideBusinessHours(
  hours: readonly TBusinessDay[],
  weekday: number,
  minutes: number,
): boolean {
  const day = hours[weekday];
  if (!day?.open) return true;
  const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  return minutes < toMin(day.start) || minutes >= toMin(day.end);
}

export const ZDefaultStatusInput = z.object({ default_status: zId().nullable() });

export const ZCompanyAutomation = z.object({
  default_status: z.number().nullable(),
  /** The company's finalization statuses the default may be. */
  statuses: z.array(z.object({ id: z.number(), name: z.string() })),
  automatic_attendance: z.object({
    hours: z.array(z.object({ open: z.boolean(), start: z.string(), end: z.string() })),
    out_of_hours: z.object({ enabled: z.boolean(), message: z.string() }),
    offline: z.object({ enabled: z.boolean(), message: z.string() }),
  }),
});
export type TCompanyAutomation = z.infer<typeof ZCompanyAutomation>;
