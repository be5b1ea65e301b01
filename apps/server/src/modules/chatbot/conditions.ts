import type { TQuestionValidation } from '@prosa/shared/chatbot';
import { HOURS_RANGE_RE, normalizeAnswer, type TConditionData } from '@prosa/shared/chatbot';
import { localTime } from '@prosa/shared/dates';
import { isValidCpf, isValidEmail, onlyDigits } from '@prosa/shared/documents';

// The pure rules of the flow engine: a condition node's answer, a question's answer check, `{{key}}` texts.

// The company's wall clock (shared with the triggers' working periods).
export { localTime };

/** Whether a minute of the day is inside "HH:mm-HH:mm" (an end before the start runs past midnight). */
export function inRange(range: string | null | undefined, minutes: number): boolean {
  const m = range ? HOURS_RANGE_RE.exec(range) : null;
  if (!m) return false;
  const start = Number(m[1]) * 60 + Number(m[2]);
  const end = Number(m[3]) * 60 + Number(m[4]);
  if (start === end) return true;
  return start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}

export type ConditionContext = {
  metadata: Readonly<Record<string, string>>;
  channelKind: string;
  now: Date;
  timeZone: string;
};

export function evaluateCondition(data: TConditionData, ctx: ConditionContext): boolean {
  switch (data.kind) {
    case 'metadata': {
      const value = ctx.metadata[data.field] ?? '';
      switch (data.op) {
        case 'empty':
          return value.trim() === '';
        case 'not_empty':
          return value.trim() !== '';
        case 'equals':
          return normalizeAnswer(value) === normalizeAnswer(data.value);
        case 'contains':
          return (
            normalizeAnswer(data.value) !== '' && normalizeAnswer(value).includes(normalizeAnswer(data.value))
          );
      }
      return false;
    }
    case 'working_hours': {
      const { weekday, minutes } = localTime(ctx.now, ctx.timeZone);
      const range = weekday === 0 ? data.sunday : weekday === 6 ? data.saturday : data.monday_to_friday;
      return inRange(range, minutes);
    }
    case 'channel':
      return (data.kinds as readonly string[]).includes(ctx.channelKind);
  }
}

/** A question's answer checked by its validation; the value to store (CPF as digits), or null when refused. */
export function checkAnswer(validation: TQuestionValidation | null | undefined, raw: string): string | null {
  const text = raw.trim();
  if (!text) return null;
  switch (validation) {
    case 'number': {
      const n = text.replace(/\s/g, '');
      return /^-?\d+([.,]\d+)?$/.test(n) ? n.replace(',', '.') : null;
    }
    case 'email':
      return isValidEmail(text) ? text.toLowerCase() : null;
    case 'cpf':
      return isValidCpf(text) ? onlyDigits(text) : null;
    default:
      return text;
  }
}

/** `{{key}}` replaced by the contact's metadata value (empty when unset). */
export function fillText(text: string, metadata: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{\s*([a-z0-9_]{1,50})\s*\}\}/gi, (_m, key: string) => metadata[key] ?? '');
}
