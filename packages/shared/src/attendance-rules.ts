import { INT4_MAX, zId, zInt4 } from './ids';
import { z } from './zod';

/** The nudge sent to a client who stopped answering (time_waiting_client_to_poke_client). */
export const POKE_TEXT =
  'Olá! Você ainda está por aí? Estamos aguardando o seu retorno para continuar o atendimento.';

export const RULES_MSG = {
  minutesAboveZero: 'Informe o tempo em minutos maior que zero.',
  finalizeStatus: 'Selecione o status de finalização do atendimento.',
  finalizeTime: 'Informe o tempo de espera para finalização do atendimento com o status escolhido.',
  busyStatus: 'Selecione o status de classificação em que o atendimento será direcionado.',
  noRules: 'Nenhuma regra foi configurada.',
  saveError: 'Não foi possível salvar as regras.',
  saved: 'Configuração alterada com sucesso!',
} as const;

// Zero and negatives reach the rules below, which answer them with their own text.
const seconds = zInt4({ min: -INT4_MAX }).nullable();
const statusId = zId().nullable();

/** Attendance rules (settings tab 19, spec 1 §5): times in seconds (the screen shows minutes). */
export const ZAttendanceRules = z
  .object({
    time_waiting_client_to_finalize: seconds,
    status_waiting_client_to_finalize: statusId,
    time_waiting_client_to_busy_client: seconds,
    change_status_when_busy_client: z.enum(['0', '1']),
    status_busy_client: statusId,
    time_waiting_client_to_poke_client: seconds,
    show_poke_options: z.boolean(),
    remove_chats_logout: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const issue = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (v.time_waiting_client_to_finalize !== null && v.time_waiting_client_to_finalize <= 0) {
      issue(RULES_MSG.minutesAboveZero, 'time_waiting_client_to_finalize');
    } else if (v.time_waiting_client_to_finalize !== null && v.status_waiting_client_to_finalize === null) {
      issue(RULES_MSG.finalizeStatus, 'status_waiting_client_to_finalize');
    } else if (v.time_waiting_client_to_finalize === null && v.status_waiting_client_to_finalize !== null) {
      issue(RULES_MSG.finalizeTime, 'time_waiting_client_to_finalize');
    }
    if (v.time_waiting_client_to_busy_client !== null && v.time_waiting_client_to_busy_client <= 0) {
      issue(RULES_MSG.minutesAboveZero, 'time_waiting_client_to_busy_client');
    }
    if (v.change_status_when_busy_client === '1' && v.status_busy_client === null)
      issue(RULES_MSG.busyStatus, 'status_busy_client');
    if (v.time_waiting_client_to_poke_client !== null && v.time_waiting_client_to_poke_client <= 0) {
      issue(RULES_MSG.minutesAboveZero, 'time_waiting_client_to_poke_client');
    }
  });
export type TAttendanceRules = z.infer<typeof ZAttendanceRules>;

export const EMPTY_RULES: TAttendanceRules = {
  time_waiting_client_to_finalize: null,
  status_waiting_client_to_finalize: null,
  time_waiting_client_to_busy_client: null,
  change_status_when_busy_client: '0',
  status_busy_client: null,
  time_waiting_client_to_poke_client: null,
  show_poke_options: false,
  remove_chats_logout: false,
};

/** Minutes typed on screen ↔ seconds stored (spec 1 §5: "Times in minutes are sent in seconds"). */
export const minutesToSeconds = (m: number | null | undefined) =>
  m === null || m === undefined ? null : Math.round(m * 60);
export const secondsToMinutes = (s: number | null | undefined) =>
  s === null || s === undefined ? null : s / 60;

export const ZClientWaitingResponse = z.object({
  minutes: zInt4({ min: 1, tooSmall: RULES_MSG.minutesAboveZero }).nullable(),
  minutes_others: zInt4({ min: 1, tooSmall: RULES_MSG.minutesAboveZero }).nullable(),
  message: z.string().max(1000).nullable(),
  action: z.enum(['redistribute', 'none']),
});
export type TClientWaitingResponse = z.infer<typeof ZClientWaitingResponse>;

export const ZMonitor = z.object({
  counters: z.object({
    auto: z.number(),
    attended: z.number(),
    answeredNotAssigned: z.number(),
    notDistributed: z.number(),
    sla: z.number(),
    outOfSla: z.number(),
    waitingFirstInteraction: z.number(),
    awaitingResponse: z.number(),
    answered: z.number(),
    busy: z.number(),
  }),
  operators: z.array(
    z.object({
      userId: z.number(),
      name: z.string(),
      role: z.number(),
      status: z.enum(['online', 'offline', 'paused']),
      total: z.number(),
      full: z.boolean(),
    }),
  ),
  totals: z.object({
    online: z.number(),
    offline: z.number(),
    paused: z.number(),
    full: z.number(),
    total: z.number(),
  }),
  chat_per_user: z.number(),
  enabled: z.boolean(),
});
export type TMonitor = z.infer<typeof ZMonitor>;
