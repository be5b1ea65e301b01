import { HISTORY_OPTIONAL_COLUMNS, type THistoryColumn } from '@prosa/shared/history';

export const OPTIONAL_COLUMN_KEYS: THistoryColumn[] = HISTORY_OPTIONAL_COLUMNS.map((c) => c.key);

const isColumn = (key: string): key is THistoryColumn => (OPTIONAL_COLUMN_KEYS as string[]).includes(key);

/**
 * The optional columns to show, from the user's saved `history_columns` (the visible keys). Nothing saved
 * means every column is visible; unknown keys (a column that no longer exists) are ignored.
 */
export function visibleColumns(saved: readonly string[] | undefined): THistoryColumn[] {
  if (saved === undefined) return [...OPTIONAL_COLUMN_KEYS];
  return OPTIONAL_COLUMN_KEYS.filter((key) => saved.includes(key));
}

/** Shows or hides one column; the result keeps the grid's column order. */
export function toggleColumn(
  visible: readonly THistoryColumn[],
  key: string,
  show: boolean,
): THistoryColumn[] {
  if (!isColumn(key)) return [...visible];
  return OPTIONAL_COLUMN_KEYS.filter((k) => (k === key ? show : visible.includes(k)));
}

export function isVisible(visible: readonly THistoryColumn[], key: THistoryColumn): boolean {
  return visible.includes(key);
}
