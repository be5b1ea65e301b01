import {
  minutesToSeconds,
  secondsToMinutes,
  type TAttendanceRules,
  type TClientWaitingResponse,
} from '@prosa/shared/attendance-rules';
import type { TAutoDistConfig, TAutoDistInput } from '@prosa/shared/distribution';

/** A number typed on screen: '' is an empty field (Mantine's NumberInput may also hand a string over). */
export type TNumberField = number | string;

/** An empty field is null; anything that is not a number becomes 0, so the schema's "maior que zero" shows. */
export function numberOrNull(value: TNumberField): number | null {
  if (typeof value === 'string' && value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
}

const minutesField = (seconds: number | null): TNumberField => secondsToMinutes(seconds) ?? '';
const secondsOf = (minutes: TNumberField): number | null => minutesToSeconds(numberOrNull(minutes));

// --- Regras de atendimento (settings tab 19): minutes on screen, seconds on the wire -------------------

export type TRulesFormValues = {
  time_waiting_client_to_finalize: TNumberField;
  status_waiting_client_to_finalize: number | null;
  time_waiting_client_to_busy_client: TNumberField;
  change_status_when_busy_client: boolean;
  status_busy_client: number | null;
  time_waiting_client_to_poke_client: TNumberField;
  show_poke_options: boolean;
  remove_chats_logout: boolean;
};

export function rulesToForm(rules: TAttendanceRules): TRulesFormValues {
  return {
    time_waiting_client_to_finalize: minutesField(rules.time_waiting_client_to_finalize),
    status_waiting_client_to_finalize: rules.status_waiting_client_to_finalize,
    time_waiting_client_to_busy_client: minutesField(rules.time_waiting_client_to_busy_client),
    change_status_when_busy_client: rules.change_status_when_busy_client === '1',
    status_busy_client: rules.status_busy_client,
    time_waiting_client_to_poke_client: minutesField(rules.time_waiting_client_to_poke_client),
    show_poke_options: rules.show_poke_options,
    remove_chats_logout: rules.remove_chats_logout,
  };
}

/** The body of PUT /api/attendance-rules; the busy-client status only travels when the change is on. */
export function formToRules(values: TRulesFormValues): TAttendanceRules {
  const changeStatus = values.change_status_when_busy_client;
  return {
    time_waiting_client_to_finalize: secondsOf(values.time_waiting_client_to_finalize),
    status_waiting_client_to_finalize: values.status_waiting_client_to_finalize,
    time_waiting_client_to_busy_client: secondsOf(values.time_waiting_client_to_busy_client),
    change_status_when_busy_client: changeStatus ? '1' : '0',
    status_busy_client: changeStatus ? values.status_busy_client : null,
    time_waiting_client_to_poke_client: secondsOf(values.time_waiting_client_to_poke_client),
    show_poke_options: values.show_poke_options,
    remove_chats_logout: values.remove_chats_logout,
  };
}

/** Spec 1 §5 "no metadata": nothing was ever set, so the tab says 'Nenhuma regra foi configurada.'. */
export function noRulesConfigured(rules: TAttendanceRules): boolean {
  return (
    rules.time_waiting_client_to_finalize === null &&
    rules.status_waiting_client_to_finalize === null &&
    rules.time_waiting_client_to_busy_client === null &&
    rules.change_status_when_busy_client === '0' &&
    rules.status_busy_client === null &&
    rules.time_waiting_client_to_poke_client === null &&
    !rules.show_poke_options &&
    !rules.remove_chats_logout
  );
}

// --- Nova distribuição (settings tab 10) ----------------------------------------------------------------

export type TAutoDistFormValues = Omit<TAutoDistInput, 'chat_per_user'> & { chat_per_user: TNumberField };

export function autoDistToForm(config: TAutoDistConfig): TAutoDistFormValues {
  return {
    enabled: config.enabled,
    chat_per_user: config.chat_per_user,
    allow_if_answered: config.allow_if_answered,
    allow_if_client_not_respond: config.allow_if_client_not_respond,
  };
}

/** An empty limit is 0, which the schema refuses while the distribution is on. */
export function formToAutoDist(values: TAutoDistFormValues): TAutoDistInput {
  return { ...values, chat_per_user: numberOrNull(values.chat_per_user) ?? 0 };
}

// --- Tempo de espera do cliente (SLA), minutes on the wire ---------------------------------------------

export type TSlaFormValues = {
  minutes: TNumberField;
  minutes_others: TNumberField;
  message: string;
  action: TClientWaitingResponse['action'];
};

export function slaToForm(sla: TClientWaitingResponse): TSlaFormValues {
  return {
    minutes: sla.minutes ?? '',
    minutes_others: sla.minutes_others ?? '',
    message: sla.message ?? '',
    action: sla.action,
  };
}

export function formToSla(values: TSlaFormValues): TClientWaitingResponse {
  const message = values.message.trim();
  return {
    minutes: numberOrNull(values.minutes),
    minutes_others: numberOrNull(values.minutes_others),
    message: message === '' ? null : message,
    action: values.action,
  };
}
