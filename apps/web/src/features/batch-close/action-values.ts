import { type TBatchCloseCreate, ZBatchCloseCreate } from '@prosa/shared/batch-close';

// The action form's values and what the server receives from them (ZBatchCloseCreate).

export type TActionValues = {
  actionId: string | null;
  statusId: string | null;
  sectorId: string | null;
  userId: string | null;
  message: string;
};

export const EMPTY_ACTION: TActionValues = {
  actionId: null,
  statusId: null,
  sectorId: null,
  userId: '0',
  message: '',
};

/** The owner transfer's "nobody" (spec 3 §5: user 0). */
export const NONE = '0';

/** The body the server receives (ZBatchCloseCreate), from the form and the selection. */
export function toBody(
  v: TActionValues,
  histories: number[],
  filters: Record<string, unknown>,
): TBatchCloseCreate {
  const action = v.actionId ? Number(v.actionId) : 0;
  return {
    action_id: action as TBatchCloseCreate['action_id'],
    status_id: (action === 1 || action === 4) && v.statusId ? Number(v.statusId) : null,
    sector_id: action === 2 && v.sectorId ? Number(v.sectorId) : null,
    user_id: action === 3 ? Number(v.userId ?? NONE) : null,
    message: action === 5 ? v.message : null,
    filters,
    histories,
  };
}

/** Field errors of the shared schema, by form field; `histories` stays apart (it is the selection). */
export function validate(body: TBatchCloseCreate): Record<string, string> {
  const r = ZBatchCloseCreate.safeParse(body);
  if (r.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    if (!errors[key]) errors[key] = issue.message;
  }
  return errors;
}
