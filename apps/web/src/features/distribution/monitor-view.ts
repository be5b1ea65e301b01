import type { TMonitor } from '@prosa/shared/attendance-rules';

type TCounterKey = keyof TMonitor['counters'];
type TOperatorStatus = TMonitor['operators'][number]['status'];

/** The queue counters of the dashboard (spec 3 "Dashboard counters"), in reading order. */
export const COUNTERS: { key: TCounterKey; label: string; color: string }[] = [
  { key: 'attended', label: 'Em atendimento', color: 'prosa' },
  { key: 'notDistributed', label: 'Não distribuídos', color: 'orange' },
  { key: 'answeredNotAssigned', label: 'Respondidos sem responsável', color: 'orange' },
  { key: 'auto', label: 'Automáticos', color: 'grape' },
  { key: 'sla', label: 'Dentro do SLA', color: 'teal' },
  { key: 'outOfSla', label: 'Fora do SLA', color: 'red' },
  { key: 'waitingFirstInteraction', label: 'Aguardando primeira interação', color: 'yellow' },
  { key: 'awaitingResponse', label: 'Aguardando resposta', color: 'yellow' },
  { key: 'answered', label: 'Respondidos', color: 'blue' },
  { key: 'busy', label: 'Cliente ocupado', color: 'gray' },
];

export const OPERATOR_STATUS: Record<TOperatorStatus, { label: string; color: string }> = {
  online: { label: 'On-line', color: 'teal' },
  offline: { label: 'Off-line', color: 'gray' },
  paused: { label: 'Em pausa', color: 'yellow' },
};

/** "x / limite" (just "x" without a limit). */
export function loadLabel(total: number, limit: number): string {
  return limit > 0 ? `${total} / ${limit}` : String(total);
}

/** How full the operator is, 0–100, for the load bar. */
export function loadPercent(total: number, limit: number): number {
  if (limit <= 0) return 0;
  return Math.min(100, Math.round((total / limit) * 100));
}

/** Operators who can receive first: on-line, then paused, then off-line; by name inside each group. */
export function sortOperators<T extends { status: TOperatorStatus; name: string }>(operators: T[]): T[] {
  const rank: Record<TOperatorStatus, number> = { online: 0, paused: 1, offline: 2 };
  return [...operators].sort(
    (a, b) => rank[a.status] - rank[b.status] || a.name.localeCompare(b.name, 'pt-BR'),
  );
}
