import type { TMessage } from '@prosa/shared/attendance';
import { formatDate } from '@prosa/shared/dates';
import { authorName, formatTime } from './message-timeline';

/** The loaded conversation as plain text, oldest first: "DD/MM/YYYY HH:mm - Nome: texto". */
export function formatConversation(messages: readonly TMessage[], contactName: string, tz: string): string {
  return messages
    .map((m) => {
      const when = `${formatDate(m.sent_at, tz)} ${formatTime(m.sent_at, tz)}`;
      return `${when} - ${authorName(m, contactName)}: ${m.text}`;
    })
    .join('\n');
}
