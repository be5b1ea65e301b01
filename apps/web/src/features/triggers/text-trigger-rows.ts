import {
  ACTION_LABEL,
  type TActionType,
  TRIGGER_MSG,
  type TTextTrigger,
  type TTextTriggerInput,
  type TTriggerError,
  validateTextTrigger,
} from '@prosa/shared/triggers';

// The text triggers of the editor as local rows: each one saved (its server copy) and/or being edited (its
// draft). The order on screen is the rows' order; it can be saved only when every row is saved (spec 2 §4).

export type TActionDraft = { key: string; type: TActionType | ''; params: Record<string, unknown> };
export type TTextDraft = {
  name: string;
  trigger_text: string;
  description: string;
  actions: TActionDraft[];
};
/** `saved` null: a new trigger not yet created on the server. */
export type TTextRow = { key: string; saved: TTextTrigger | null; draft: TTextDraft };

let seq = 0;
export const newKey = (prefix: string) => `${prefix}-${++seq}`;

export function newAction(type: TActionType | '' = ''): TActionDraft {
  return { key: newKey('a'), type, params: {} };
}

export function draftFrom(trigger: TTextTrigger | null): TTextDraft {
  if (!trigger) return { name: '', trigger_text: '', description: '', actions: [newAction('TEXT')] };
  return {
    name: trigger.name,
    trigger_text: trigger.trigger_text,
    description: trigger.description,
    actions: trigger.actions.map((a) => ({
      key: newKey('a'),
      type: a.type,
      params: { ...(a.params as Record<string, unknown>) },
    })),
  };
}

export function rowFrom(trigger: TTextTrigger | null): TTextRow {
  return { key: trigger ? `t-${trigger.id}` : newKey('new'), saved: trigger, draft: draftFrom(trigger) };
}

/** What the server receives (POST /triggers, PATCH /triggers/{id}): no local keys, no preview URLs. */
export function toInput(draft: TTextDraft): Omit<TTextTriggerInput, 'id'> {
  return {
    name: draft.name.trim(),
    trigger_text: draft.trigger_text.trim(),
    description: draft.description,
    actions: draft.actions.map((a) => ({ type: a.type || null, params: cleanParams(a.params) })),
  };
}

function cleanParams(params: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    if (k === 'image' && v && typeof v === 'object') {
      const { url: _url, ...image } = v as Record<string, unknown>;
      out[k] = image;
    } else out[k] = v;
  }
  return out;
}

/** A new trigger, or a saved one whose fields differ from the server's copy. */
export function isDirty(row: TTextRow): boolean {
  if (!row.saved) return true;
  return JSON.stringify(toInput(row.draft)) !== JSON.stringify(toInput(draftFrom(row.saved)));
}

export function validateDraft(draft: TTextDraft): TTriggerError[] {
  return validateTextTrigger(toInput(draft));
}

/** The rules on the list of actions (count and order), shown while the user edits, before any save. */
export function orderingErrors(draft: TTextDraft): string[] {
  return validateDraft(draft)
    .filter((e) => e.field === 'actions' && e.message !== TRIGGER_MSG.actionsRequired)
    .map((e) => e.message);
}

export function rowsFrom(list: readonly TTextTrigger[]): TTextRow[] {
  return [...list].sort((a, b) => a.position - b.position || a.id - b.id).map(rowFrom);
}

/**
 * The rows after the server's list changed (a save, a delete, another tab): saved rows take the server's copy
 * (a row being edited keeps its draft), rows the server no longer has go, triggers new to this screen are
 * appended, new local rows stay. The local order is kept.
 */
export function reconcile(rows: readonly TTextRow[], list: readonly TTextTrigger[]): TTextRow[] {
  const byId = new Map(list.map((t) => [t.id, t]));
  const out: TTextRow[] = [];
  for (const row of rows) {
    if (!row.saved) {
      out.push(row);
      continue;
    }
    const fresh = byId.get(row.saved.id);
    if (!fresh) continue;
    byId.delete(row.saved.id);
    out.push(isDirty(row) ? { ...row, saved: fresh } : { ...rowFrom(fresh), key: row.key });
  }
  const added = rowsFrom([...byId.values()]);
  // Keep new local rows at the end, after triggers that appeared on the server.
  const firstNew = out.findIndex((r) => !r.saved);
  if (firstNew < 0) return [...out, ...added];
  return [...out.slice(0, firstNew), ...added, ...out.slice(firstNew)];
}

/** The row saved on the server: its draft replaced by the server's copy, same place in the list. */
export function markSaved(rows: readonly TTextRow[], key: string, trigger: TTextTrigger): TTextRow[] {
  return rows.map((r) => (r.key === key ? { ...rowFrom(trigger), key: r.key } : r));
}

export function moveRow<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const out = [...items];
  const [item] = out.splice(index, 1);
  out.splice(target, 0, item as T);
  return out;
}

/** The item at `from` put at `to` (drag and drop); out-of-range indexes change nothing. */
export function moveTo<T>(items: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= items.length || to < 0 || to >= items.length || from === to) return [...items];
  const out = [...items];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item as T);
  return out;
}

/** Ids of the saved rows in the screen's order. */
export function orderIds(rows: readonly TTextRow[]): number[] {
  return rows.flatMap((r) => (r.saved ? [r.saved.id] : []));
}

export function serverOrder(list: readonly TTextTrigger[]): number[] {
  return rowsFrom(list).map((r) => (r.saved as TTextTrigger).id);
}

export function orderChanged(rows: readonly TTextRow[], list: readonly TTextTrigger[]): boolean {
  return orderIds(rows).join(',') !== serverOrder(list).join(',');
}

/** "Salvar ordem": only when every trigger is saved (spec 2 §4) and the order differs from the server's. */
export function orderSaveState(
  rows: readonly TTextRow[],
  list: readonly TTextTrigger[],
): { enabled: boolean; reason: string | null } {
  if (rows.some(isDirty))
    return { enabled: false, reason: 'Salve todos os gatilhos antes de salvar a ordem.' };
  if (!orderChanged(rows, list)) return { enabled: false, reason: null };
  return { enabled: true, reason: null };
}

/** The actions in one line ("Enviar texto → Transferir para atendimento (Suporte)"). */
export function actionsSummary(
  actions: readonly { type: string; params?: Record<string, unknown> | null }[],
  names: { sector: (id: number) => string | undefined; status: (id: number) => string | undefined },
): string {
  if (actions.length === 0) return 'Nenhuma ação';
  return actions
    .map((a) => {
      const label = ACTION_LABEL[a.type as TActionType] ?? 'Ação sem tipo';
      const p = a.params ?? {};
      if (a.type === 'CHAT' && typeof p.sector_id === 'number') {
        const n = names.sector(p.sector_id);
        return n ? `${label} (${n})` : label;
      }
      if (a.type === 'EXIT_CHAT' && typeof p.status_id === 'number') {
        const n = names.status(p.status_id);
        return n ? `${label} (${n})` : label;
      }
      return label;
    })
    .join(' → ');
}
