// NewChat's queue text, without zod: the page (widget bundle) and the server both use it.
export const NEWCHAT_QUEUE_PLACEHOLDER = '{{fila}}';

/** The queue text with the visitor's position (spec: the queue placeholder in double braces). */
export function queueText(message: string, position: number): string {
  return message.split(NEWCHAT_QUEUE_PLACEHOLDER).join(String(position));
}

/** Typing is sent at most once in this time (the page and the operator's screen throttle, the server too). */
export const NEWCHAT_TYPING_THROTTLE_MS = 2000;
/** A typing indicator that is not renewed disappears after this time. */
export const NEWCHAT_TYPING_TTL_MS = 5000;

/** What the other side sees while someone types. */
export const NEWCHAT_MSG_TYPING = 'digitando…';
