// Scheduled returns (spec 1 §2 schedule modal, §3 Scheduling, §4, §5 Schedule, §7, §8): texts, date rules and
// the schemas shared by the server routes and the chat's schedule modal.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { ZCard } from './attendance';
import { capabilitiesOf } from './channel-capabilities';
import { zIdParam } from './ids';
import { z } from './zod';

dayjs.extend(utc);
dayjs.extend(timezone);

export const SCHEDULE_MSG = {
  scheduled: 'Atendimento agendado com sucesso!',
  error: 'Erro ao agendar o atendimento.',
  alreadyScheduled: 'Este atendimento já possui um agendamento.',
  listError: 'Não foi possível listar os agendamentos.',
  updated: 'Agendamento alterado com sucesso!',
  canceled: 'Agendamento cancelado com sucesso!',
  notEnabled: 'O agendamento de retornos não está habilitado para esta empresa.',
  channelNotAllowed: 'Atendimentos de Web chat e NewChat não podem ser agendados.',
  returnAtRequired: 'Informe a data e a hora do retorno.',
  returnAtPast: 'A data do retorno deve ser posterior ao momento atual.',
  returnAtTooFar: 'A data do retorno deve estar dentro de 1 ano.',
  sectorRequired: 'Selecione o setor do retorno.',
  sectorNotFound: 'O setor informado não foi localizado.',
  notFound: 'Agendamento não encontrado.',
  notOpen: 'Este agendamento não está mais aberto.',
} as const;

/** Schedule status (spec 1 §3: 1 = open). */
export const SCHEDULE_STATUS = { open: 1, done: 2, canceled: 3 } as const;
export const SCHEDULE_STATUS_LABEL: Record<number, string> = {
  1: 'Agendado',
  2: 'Retornado',
  3: 'Cancelado',
};

/** The attendance's `scheduled` marker (spec 1 §3 "scheduled (1 or 2)"): waiting for its return, returned. */
export const ATTENDANCE_SCHEDULED = { none: 0, waiting: 1, returned: 2 } as const;

/** A return is at most one year ahead. */
export const SCHEDULE_MAX_DAYS = 366;
const YEAR_MS = SCHEDULE_MAX_DAYS * 86_400_000;

/** Whether a channel may be scheduled: the link is hidden for web chat and NewChat (spec 1 §2). */
export function canScheduleChannel(kind: string): boolean {
  return capabilitiesOf(kind).scheduling;
}

/** The date rule of a return: in the future and at most one year ahead. Null when it holds. */
export function returnAtError(returnAt: Date, now: Date): string | null {
  const at = returnAt.getTime();
  if (Number.isNaN(at)) return SCHEDULE_MSG.returnAtRequired;
  if (at <= now.getTime()) return SCHEDULE_MSG.returnAtPast;
  if (at - now.getTime() > YEAR_MS) return SCHEDULE_MSG.returnAtTooFar;
  return null;
}

/** A wall-clock time of the picker ('YYYY-MM-DD HH:mm[:ss]') in a timezone → the instant, as ISO (UTC). */
export function wallTimeToIso(value: string, tz: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?$/.exec(value.trim());
  if (!m) return null;
  const d = dayjs.tz(`${m[1]} ${m[2]}${m[3] ?? ':00'}`, 'YYYY-MM-DD HH:mm:ss', tz);
  return d.isValid() ? d.toDate().toISOString() : null;
}

/** An instant → the picker's wall-clock value ('YYYY-MM-DD HH:mm:ss') in a timezone. */
export function isoToWallTime(iso: string, tz: string): string {
  return dayjs(iso).tz(tz).format('YYYY-MM-DD HH:mm:ss');
}

/** A return's date and time as the screens show it: DD/MM/YYYY HH:mm in the company's timezone. */
export function formatReturnAt(iso: string, tz: string): string {
  return dayjs(iso).tz(tz).format('DD/MM/YYYY HH:mm');
}

const ZReturnAt = z.iso.datetime({ offset: true, error: SCHEDULE_MSG.returnAtRequired });
const ZSectorId = zIdParam(SCHEDULE_MSG.sectorRequired);

export const ZScheduleInput = z.object({
  return_at: ZReturnAt,
  sector_id: ZSectorId,
});
export type TScheduleInput = z.infer<typeof ZScheduleInput>;

export const ZSchedulePatch = z.object({
  return_at: ZReturnAt.optional(),
  sector_id: ZSectorId.optional(),
});

export const ZSchedule = z.object({
  id: z.number(),
  attendance_id: z.number(),
  protocol: z.string(),
  contact_id: z.number(),
  sector_id: z.number(),
  sector_name: z.string(),
  return_at: z.string(),
  status: z.number(),
  created_by: z.number(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  done_at: z.string().nullable(),
});
export type TSchedule = z.infer<typeof ZSchedule>;

/** GET /attendances/:id/schedules. */
export const ZScheduleList = z.object({ items: z.array(ZSchedule) });
/** A return scheduled: the text to show, the schedule and the card's new state. */
export const ZScheduleCreated = z.object({ message: z.string(), schedule: ZSchedule, card: ZCard });
export const ZScheduleUpdated = z.object({ message: z.string(), schedule: ZSchedule });
/** A return canceled; the card when the attendance is still open. */
export const ZScheduleCanceled = z.object({ message: z.string(), card: ZCard.nullable() });
