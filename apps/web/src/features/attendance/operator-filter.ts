import type { TListParams } from './list-params';

export type TFilterOperator = { id: number; name: string; role: number; operator_status: string };

/** An operator's state as the filter shows it (paused wins over online). */
export const OPERATOR_STATE: Record<string, { label: string; color: string }> = {
  online: { label: 'Disponível', color: 'teal' },
  paused: { label: 'Em pausa', color: 'yellow' },
  offline: { label: 'Desconectado', color: 'gray' },
};

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/** The operators whose name contains the search, ignoring case and accents; the chosen ones first. */
export function visibleOperators(
  operators: readonly TFilterOperator[],
  search: string,
  chosen: readonly number[],
): TFilterOperator[] {
  const term = fold(search);
  const shown = term ? operators.filter((o) => fold(o.name).includes(term)) : [...operators];
  const picked = new Set(chosen);
  return [...shown.filter((o) => picked.has(o.id)), ...shown.filter((o) => !picked.has(o.id))];
}

/** The filter with one operator added or removed (undefined when none is left). */
export function toggleOperator(ids: readonly number[] | undefined, id: number): number[] | undefined {
  const next = ids?.includes(id) ? ids.filter((x) => x !== id) : [...(ids ?? []), id];
  return next.length > 0 ? next : undefined;
}

/** How many choices the operator filter has (operators plus "Sem operador"). */
export function operatorFilterCount(params: Pick<TListParams, 'operator_ids' | 'unassigned'>): number {
  return (params.operator_ids?.length ?? 0) + (params.unassigned ? 1 : 0);
}
