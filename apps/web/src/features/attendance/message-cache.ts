import type { TMessage } from '@prosa/shared/attendance';
import type { InfiniteData } from '@tanstack/react-query';

export type TMessagePage = { items: TMessage[]; has_more: boolean };
/** Pages of GET /api/attendances/:id/messages, newest first, each page older than the previous one. */
export type TMessagePages = InfiniteData<TMessagePage, unknown>;

/** Every loaded message, oldest first (the order of the screen). */
export function messagesOldestFirst(data: TMessagePages | undefined): TMessage[] {
  if (!data) return [];
  const out: TMessage[] = [];
  for (let p = data.pages.length - 1; p >= 0; p--) {
    const items = data.pages[p]?.items ?? [];
    for (let i = items.length - 1; i >= 0; i--) {
      const m = items[i];
      if (m) out.push(m);
    }
  }
  return out;
}

function findMessage(data: TMessagePages, pick: (m: TMessage) => boolean): TMessage | undefined {
  for (const page of data.pages) {
    const found = page.items.find(pick);
    if (found) return found;
  }
  return undefined;
}

// The server answers a new message's quote without its text; the quoted message is usually loaded already.
function withQuoteText(message: TMessage, data: TMessagePages, previous: TMessage | undefined): TMessage {
  const quote = message.quoted_message;
  if (!quote || quote.text) return message;
  if (previous?.quoted_message?.text) return { ...message, quoted_message: previous.quoted_message };
  const original = findMessage(data, (m) => m.message_id === quote.message_id);
  if (!original) return message;
  return { ...message, quoted_message: { ...quote, text: original.text, sender_type: original.sender_type } };
}

/**
 * A created or updated message (realtime event or the answer of a send) merged into the loaded pages: the
 * same id is replaced where it is, a new one goes into the newest page in id order. Nothing is loaded → nothing.
 */
export function mergeMessage(data: TMessagePages | undefined, message: TMessage): TMessagePages | undefined {
  if (!data) return data;
  const previous = findMessage(data, (m) => m.id === message.id);
  const next = withQuoteText(message, data, previous);
  if (previous) {
    return {
      ...data,
      pages: data.pages.map((page) =>
        page.items.some((m) => m.id === message.id)
          ? { ...page, items: page.items.map((m) => (m.id === message.id ? next : m)) }
          : page,
      ),
    };
  }
  const [first, ...rest] = data.pages;
  if (!first) return { ...data, pages: [{ items: [next], has_more: false }], pageParams: [undefined] };
  const items = [...first.items];
  const at = items.findIndex((m) => m.id < next.id);
  items.splice(at === -1 ? items.length : at, 0, next);
  return { ...data, pages: [{ ...first, items }, ...rest] };
}
