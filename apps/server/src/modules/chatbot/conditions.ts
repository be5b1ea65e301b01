import type { TQuestionValidation } from '@prosa/shared/chatbot';
import { HOURS_RANGE_RE, normalizeAnswer, type TConditionData } from '@prosa/shared/chatbot';
import { isValidCpf, isValidEmail, onlyDigits } from '@prosa/shared/documents';

// The pure rules of the flow engine: a condition node's answer, a question's answer check, `{{key}}` texts.

/** The wall-clock weekday (0 Sunday … 6 Saturday) and minute of the day of an instant in a timezone. */
export function localTime(now: Date, timeZone: string): { weekday: number; minutes: number } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now);
  } catch {
    return localTime(now, 'America/Sao_Paulo');
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return { weekday, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

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
