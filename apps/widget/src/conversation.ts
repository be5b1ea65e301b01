import type {
  MessageFrom,
  PollPrompt,
  QuotedText,
  ServerMessage,
  SocketMessage,
  WidgetAttachment,
} from './types';

/**
 * The messages the widget shows: the server's (with ids) plus the visitor's own still on the way (by client
 * id). Pure functions over immutable arrays, so ordering and merging are tested without a browser.
 */

export type Delivery = 'sent' | 'pending' | 'failed';

export type ChatMessage = {
  /** Stable key for rendering: `s<id>` once stored, `c<clientId>` before. */
  key: string;
  id: number | null;
  clientId: string | null;
  text: string;
  from: MessageFrom;
  operatorName: string | null;
  sentAt: string;
  delivery: Delivery;
  /** The server's reason when it refused the message (e.g. too long). */
  error: string | null;
  attachments: WidgetAttachment[];
  /** Names of the visitor's files still on their way with this message. */
  files: string[];
  /** The message this one answers, shown above its text. */
  quoted: QuotedText | null;
  /** A satisfaction poll's question: its options become buttons. */
  poll: PollPrompt | null;
};

const isQuoted = (q: unknown): q is QuotedText =>
  typeof q === 'object' &&
  q !== null &&
  typeof (q as QuotedText).text === 'string' &&
  ((q as QuotedText).from === 'visitor' || (q as QuotedText).from === 'operator');

export function fromServer(m: ServerMessage): ChatMessage {
  return {
    key: `s${m.id}`,
    id: m.id,
    clientId: null,
    text: m.text,
    from: m.from,
    operatorName: m.from === 'operator' ? m.operator_name : null,
    sentAt: m.sent_at,
    delivery: 'sent',
    error: null,
    attachments: m.attachments ?? [],
    files: [],
    quoted: isQuoted(m.quoted) ? { text: m.quoted.text, from: m.quoted.from } : null,
    poll: isPoll(m.poll) ? m.poll : null,
  };
}

function isPoll(p: unknown): p is PollPrompt {
  if (typeof p !== 'object' || p === null) return false;
  const options = (p as PollPrompt).options;
  return (
    Array.isArray(options) && options.every((o) => typeof o?.key === 'string' && typeof o?.value === 'string')
  );
}

/** Whether a poll message was answered: the visitor wrote after it. */
export function pollAnswered(list: readonly ChatMessage[], index: number): boolean {
  return list.slice(index + 1).some((m) => m.from === 'visitor');
}

/** What a click on a poll option sends as the visitor's message: "A) Ótimo". */
export const pollChoiceText = (o: { key: string; value: string }) => `${o.key}) ${o.value}`;

/** A socket `message`: only operators' messages are shown (sender_type 0 is the visitor's own echo). */
export function fromSocket(m: SocketMessage): ChatMessage | null {
  if (m.sender_type === 0) return null;
  const q = m.quoted_message;
  return fromServer({
    id: m.id,
    text: m.text,
    from: 'operator',
    operator_name: m.operator_name,
    sent_at: m.sent_at,
    attachments: m.attachments,
    poll: isPoll(m.metadata?.poll) ? (m.metadata?.poll as PollPrompt) : null,
    quoted:
      q && typeof q.text === 'string'
        ? { text: q.text, from: q.sender_type === 0 ? 'visitor' : 'operator' }
        : null,
  });
}

const time = (m: ChatMessage) => {
  const t = Date.parse(m.sentAt);
  return Number.isNaN(t) ? 0 : t;
};

/** Stored messages by server time then id; the visitor's unconfirmed ones stay at the end, in sending order. */
export function sortMessages(list: readonly ChatMessage[]): ChatMessage[] {
  const stored = list.filter((m) => m.id !== null);
  const local = list.filter((m) => m.id === null);
  stored.sort((a, b) => time(a) - time(b) || (a.id ?? 0) - (b.id ?? 0));
  return [...stored, ...local];
}

/**
 * `incoming` stored messages added to `current`; one already there (same id) is replaced, never duplicated.
 * A visitor's message still without id (on its way, failed after reaching the server, or confirmed as a
 * duplicate without the stored copy) takes the id of the first new stored visitor message with its text.
 */
export function mergeMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  const known = new Map<number, ChatMessage>();
  for (const m of current) if (m.id !== null) known.set(m.id, m);
  const unmatched = current.filter((m) => m.id === null && m.from === 'visitor');
  const adopted = new Set<string>();
  const byId = new Map<number, ChatMessage>();
  for (const m of [...incoming].sort((a, b) => (a.id ?? 0) - (b.id ?? 0))) {
    if (m.id === null) continue;
    const before = known.get(m.id);
    if (before) {
      // The same message keeps its key, so the view does not redraw it.
      byId.set(m.id, { ...m, key: before.key, clientId: before.clientId ?? m.clientId });
      continue;
    }
    const local =
      m.from === 'visitor' ? unmatched.find((l) => !adopted.has(l.key) && l.text === m.text) : undefined;
    if (local) adopted.add(local.key);
    byId.set(m.id, local ? { ...m, key: local.key, clientId: local.clientId } : m);
  }
  const kept = current.filter((m) => (m.id === null ? !adopted.has(m.key) : !byId.has(m.id)));
  return sortMessages([...kept, ...byId.values()]);
}

export function addPending(
  current: readonly ChatMessage[],
  clientId: string,
  text: string,
  now: Date,
  files: string[] = [],
): ChatMessage[] {
  const pending: ChatMessage = {
    key: `c${clientId}`,
    id: null,
    clientId,
    text,
    from: 'visitor',
    operatorName: null,
    sentAt: now.toISOString(),
    delivery: 'pending',
    error: null,
    attachments: [],
    files,
    quoted: null,
    poll: null,
  };
  return [...current.filter((m) => m.clientId !== clientId), pending];
}

export function setDelivery(
  current: readonly ChatMessage[],
  clientId: string,
  delivery: Delivery,
  error: string | null = null,
): ChatMessage[] {
  return current.map((m) => (m.clientId === clientId && m.id === null ? { ...m, delivery, error } : m));
}

/**
 * The server accepted the message: the local copy becomes the stored one. A duplicate (a retry of a message
 * that had arrived) comes back without the message: the local copy is then simply marked as sent.
 */
export function confirmSent(
  current: readonly ChatMessage[],
  clientId: string,
  stored: ServerMessage | null,
): ChatMessage[] {
  if (!stored) return setDelivery(current, clientId, 'sent');
  const local = current.find((m) => m.clientId === clientId);
  const confirmed = { ...fromServer(stored), key: local?.key ?? `s${stored.id}`, clientId };
  return mergeMessages(
    current.filter((m) => m.clientId !== clientId),
    [confirmed],
  );
}

export function findByClientId(current: readonly ChatMessage[], clientId: string): ChatMessage | undefined {
  return current.find((m) => m.clientId === clientId);
}

/** Id of the newest stored operator message (0 when none). */
export function lastOperatorId(list: readonly ChatMessage[]): number {
  let max = 0;
  for (const m of list) if (m.from === 'operator' && m.id !== null && m.id > max) max = m.id;
  return max;
}

/** Operator messages newer than the last one the visitor saw. */
export function unreadCount(list: readonly ChatMessage[], seenId: number): number {
  let n = 0;
  for (const m of list) if (m.from === 'operator' && m.id !== null && m.id > seenId) n++;
  return n;
}

export const finalizedNotice = (protocol: string) =>
  protocol ? `Atendimento finalizado. Protocolo: ${protocol}` : 'Atendimento finalizado.';

export const WAITING_TEXT = 'Aguarde, em instantes um atendente irá falar com você.';

/**
 * The line under the conversation: the finalization (with its protocol) once finalized; before an operator
 * answers the visitor's open conversation, the waiting text; otherwise nothing.
 */
export function conversationNotice(
  list: readonly ChatMessage[],
  state: { finalized: string | null; answered: boolean },
): string | null {
  if (state.finalized !== null) return finalizedNotice(state.finalized);
  if (state.answered) return null;
  return list.some((m) => m.from === 'visitor' && m.delivery !== 'failed') ? WAITING_TEXT : null;
}
