import {
  EDITABLE_OTHER_TRIGGER_TYPES,
  type TEditableOtherTriggerType,
  type TOtherTrigger,
  type TOtherTriggersContext,
  type TTriggerError,
  validateOtherTrigger,
  ZOtherParams,
} from '@prosa/shared/triggers';

// The other kinds of trigger as the editor holds them: on or off, and their params.

export type TOtherValues = { active: boolean; params: Record<string, unknown> };

/** The kinds in the order the editor shows them: what the customer meets first, first. */
export const OTHER_KINDS_SHOWN: readonly TEditableOtherTriggerType[] = [
  'first_message',
  'agreement',
  'mailing_validation',
  'mailing_sector_transfer',
  'menu',
  'menu_keyboard_buttons',
  'invalid_command',
  'before_working_period',
  'after_working_period',
  'limit_receivement',
  'close_attempted',
  'offline_operators_notification',
  'unsupported_media_notification',
  'on_chat_close',
].filter((k): k is TEditableOtherTriggerType =>
  (EDITABLE_OTHER_TRIGGER_TYPES as readonly string[]).includes(k),
);

export function defaultParams(kind: TEditableOtherTriggerType): Record<string, unknown> {
  return ZOtherParams[kind].parse({}) as Record<string, unknown>;
}

/** The saved params over the kind's defaults (so every field has a value to edit). */
export function valuesFrom(kind: TEditableOtherTriggerType, saved: TOtherTrigger | undefined): TOtherValues {
  if (!saved) return { active: false, params: defaultParams(kind) };
  const parsed = ZOtherParams[kind].safeParse(saved.params);
  const params = parsed.success ? (parsed.data as Record<string, unknown>) : { ...saved.params };
  return { active: true, params };
}

/** The image preview URL is the server's, not part of what is saved. */
export function toParams(params: Record<string, unknown>): Record<string, unknown> {
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

export function isOtherDirty(
  kind: TEditableOtherTriggerType,
  values: TOtherValues,
  saved: TOtherTrigger | undefined,
): boolean {
  const base = valuesFrom(kind, saved);
  if (values.active !== base.active) return true;
  if (!values.active) return false;
  return JSON.stringify(toParams(values.params)) !== JSON.stringify(toParams(base.params));
}

/** What the other kinds' rules read: the saved params of every other kind of the channel. */
export function contextFor(
  kind: TEditableOtherTriggerType,
  others: readonly TOtherTrigger[],
): TOtherTriggersContext {
  const context: TOtherTriggersContext = {};
  for (const o of others) {
    if (o.trigger_type === kind) continue;
    context[o.trigger_type as keyof TOtherTriggersContext] = o.params;
  }
  return context;
}

/** The shared validator's errors (none when the kind is being turned off). */
export function otherErrors(
  kind: TEditableOtherTriggerType,
  values: TOtherValues,
  others: readonly TOtherTrigger[],
): TTriggerError[] {
  if (!values.active) return [];
  return validateOtherTrigger(kind, toParams(values.params), contextFor(kind, others));
}

/** "HH:mm" of a time input, or '' (no time that day). */
export function timeValue(v: unknown): string {
  return typeof v === 'string' ? v.slice(0, 5) : '';
}
