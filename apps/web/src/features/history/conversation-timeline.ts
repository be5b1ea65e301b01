import type { TMessage } from '@prosa/shared/attendance';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export type TTimelineItem =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'message'; key: string; message: TMessage };

/** "segunda-feira, 12/01/2026": the separator above the first message of a day. */
export function dayLabel(iso: string, tz: string): string {
  return dayjs(iso).tz(tz).locale('pt-br').format('dddd, DD/MM/YYYY');
}

/**
 * Pages of GET /attendances/:id/messages (each newest first, older pages after) → one list oldest first, with
 * a day separator before the first message of each day in the company's timezone. A message repeated across
 * pages appears once.
 */
export function buildTimeline(pages: readonly (readonly TMessage[])[], tz: string): TTimelineItem[] {
  const byId = new Map<number, TMessage>();
  for (const page of pages) for (const m of page) byId.set(m.id, m);
  const ordered = [...byId.values()].sort(
    (a, b) => Date.parse(a.sent_at) - Date.parse(b.sent_at) || a.id - b.id,
  );
  const items: TTimelineItem[] = [];
  let lastDay = '';
  for (const message of ordered) {
    const day = dayjs(message.sent_at).tz(tz).format('YYYY-MM-DD');
    if (day !== lastDay) {
      items.push({ kind: 'day', key: `day-${day}`, label: dayLabel(message.sent_at, tz) });
      lastDay = day;
    }
    items.push({ kind: 'message', key: `m-${message.id}`, message });
  }
  return items;
}

/** The `before` cursor of the next (older) page: the smallest id loaded so far. */
export function olderCursor(page: { items: readonly TMessage[]; has_more: boolean }): number | undefined {
  if (!page.has_more || page.items.length === 0) return undefined;
  return Math.min(...page.items.map((m) => m.id));
}
