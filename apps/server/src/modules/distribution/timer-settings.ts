/** Timer settings of a company (spec 1 §3 metadata; times are stored in seconds). */
export type TimerSettings = {
  busyAfter: number | null;
  busyStatusId: number | null;
  finalizeAfter: number | null;
  finalizeStatusId: number | null;
  slaFirst: number | null;
  slaOthers: number | null;
  slaMessage: string | null;
  slaRedistribute: boolean;
  pokeAfter: number | null;
};

type Meta = {
  attendances?: {
    time_waiting_client_to_finalize?: unknown;
    status_waiting_client_to_finalize?: unknown;
    time_waiting_client_to_busy_client?: unknown;
    time_waiting_client_to_poke_client?: unknown;
    change_status_when_busy_client?: unknown;
    status_busy_client?: unknown;
  };
  auto_dist?: {
    operator_waiting_response?: { minutes?: unknown; change_status?: unknown; status?: unknown };
    operator_waiting_response_end?: { minutes?: unknown; status?: unknown };
    client_waiting_response?: {
      minutes?: unknown;
      minutes_others?: unknown;
      message?: unknown;
      action?: unknown;
    };
  };
};

const seconds = (v: unknown): number | null => {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? n : null;
};
const id = (v: unknown): number | null => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};
const on = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';

/**
 * Reads the attendance rules (tab 19) first and the distribution's operator/client waiting settings second;
 * the distribution settings are in minutes in the metadata of spec 1 §3.
 */
export function timerSettings(metadata: Record<string, unknown>): TimerSettings {
  const m = metadata as Meta;
  const rules = m.attendances ?? {};
  const dist = m.auto_dist ?? {};
  const minutes = (v: unknown) => {
    const n = seconds(v);
    return n === null ? null : n * 60;
  };
  const busyAfter =
    seconds(rules.time_waiting_client_to_busy_client) ?? minutes(dist.operator_waiting_response?.minutes);
  const busyStatusId = on(rules.change_status_when_busy_client)
    ? id(rules.status_busy_client)
    : on(dist.operator_waiting_response?.change_status)
      ? id(dist.operator_waiting_response?.status)
      : null;
  const finalizeAfter =
    seconds(rules.time_waiting_client_to_finalize) ?? minutes(dist.operator_waiting_response_end?.minutes);
  const finalizeStatusId =
    id(rules.status_waiting_client_to_finalize) ?? id(dist.operator_waiting_response_end?.status);
  const cw = dist.client_waiting_response ?? {};
  return {
    busyAfter,
    busyStatusId,
    finalizeAfter: finalizeStatusId ? finalizeAfter : null,
    finalizeStatusId,
    slaFirst: minutes(cw.minutes),
    slaOthers: minutes(cw.minutes_others) ?? minutes(cw.minutes),
    slaMessage: typeof cw.message === 'string' && cw.message.trim() ? cw.message.trim() : null,
    slaRedistribute: cw.action === undefined || cw.action === 'redistribute' || on(cw.action),
    pokeAfter: seconds(rules.time_waiting_client_to_poke_client),
  };
}
