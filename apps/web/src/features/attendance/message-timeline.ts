import type { TMessage } from '@prosa/shared/attendance';
import { formatDate } from '@prosa/shared/dates';
import dayjs from 'dayjs';

export type TTimelineItem =
  | { kind: 'date'; key: string; label: string }
  | { kind: 'message'; key: string; message: TMessage; showAuthor: boolean };

/** HH:mm of a message in the company's timezone. */
export function formatTime(iso: string, tz: string): string {
  return dayjs(iso).tz(tz).format('HH:mm');
}

/** Who wrote a message, as shown on screen and in the copied conversation. */
export function authorName(message: TMessage, contactName: string): string {
  if (message.sender_type === 0) return contactName;
  return message.operator_name || 'Automático';
}

/**
 * Messages (oldest first) with a DD/MM/YYYY separator before the first message of each day. The author is
 * shown on the first of a run of messages by the same person on the same day.
 */
export function buildTimeline(messages: readonly TMessage[], tz: string): TTimelineItem[] {
  const items: TTimelineItem[] = [];
  let day = '';
  let prev: TMessage | undefined;
  for (const message of messages) {
    const label = formatDate(message.sent_at, tz);
    const newDay = label !== day;
    if (newDay) {
      items.push({ kind: 'date', key: `d-${label}`, label });
      day = label;
    }
    const sameAuthor =
      !newDay &&
      prev !== undefined &&
      prev.sender_type === message.sender_type &&
      prev.operator_name === message.operator_name;
    items.push({ kind: 'message', key: `m-${message.id}`, message, showAuthor: !sameAuthor });
    prev = message;
  }
  return items;
}
