import { randomUUID } from 'node:crypto';
import type { TMessageOrigin } from '@prosa/shared/facts';
import type { Tx } from '../../platform/db';
import { type OutboundDeps, sendSoon } from '../outbound/send-outbound';
import type { AttendanceRow, MessageRow } from './card';
import { recordOutboundMessage } from './record-outbound-message';

export type AutomaticMessageDeps = OutboundDeps;

export type AutomaticMessage = {
  attendance: AttendanceRow;
  text: string;
  /** Prefix of the message's own id (auto_, status_). */
  idPrefix: string;
  /** Why the product sends it (the `message.sent` fact). */
  origin: Exclude<TMessageOrigin, 'operator' | 'template'>;
  operator?: { id: number; name: string } | null;
  metadata?: Record<string, unknown>;
  now?: Date;
};

/**
 * Stores a message the product sends on its own (SLA, poke, a finalization status's text) in the caller's
 * transaction, as recordOutboundMessage does every outgoing message (no card update: it answers nobody).
 * Queue it for its channel after commit (sendSoon).
 */
export async function recordAutomaticMessage(tx: Tx, input: AutomaticMessage): Promise<MessageRow> {
  const { message } = await recordOutboundMessage(tx, {
    attendance: input.attendance,
    origin: input.origin,
    text: input.text,
    messageId: `${input.idPrefix}${randomUUID()}`,
    operator: input.operator ?? null,
    metadata: { automatic: true, ...input.metadata },
    ...(input.now ? { now: input.now } : {}),
  });
  return message;
}

/** Records an automatic message in a transaction of its own, then queues it for the attendance's channel. */
export async function sendAutomaticMessage(deps: AutomaticMessageDeps, input: AutomaticMessage) {
  const stored = await deps.db.transaction((tx) => recordAutomaticMessage(tx, input));
  await sendSoon(deps, stored);
  return stored;
}
