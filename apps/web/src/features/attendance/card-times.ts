import type { TCard } from '@prosa/shared/attendance';
import { elapsedLabel, elapsedLabelWithSeconds } from '@prosa/shared/elapsed';

/** An elapsed-time label, with the seconds when the company shows them (settings "Controle de segundos"). */
export function timeLabel(fromMs: number, nowMs: number, withSeconds: boolean): string {
  return withSeconds ? elapsedLabelWithSeconds(fromMs, nowMs) : elapsedLabel(fromMs, nowMs);
}

type TWaitingCard = Pick<TCard, 'last_message_sender' | 'answered' | 'metrics'>;

/**
 * Since when the contact waits for an answer (settings "viewtmr"), or null when the operator side spoke last.
 * The same clock as the SLA: the start of the attendance until the first answer, then the contact's latest
 * message.
 */
export function waitingSince(card: TWaitingCard): string | null {
  if (card.last_message_sender !== 0) return null;
  if (!card.answered) return card.metrics.first_start_chat_at;
  return card.metrics.latest_contact_chat_message_at ?? card.metrics.first_start_chat_at;
}
