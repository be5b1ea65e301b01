import { randomUUID } from 'node:crypto';
import type { TStoredAttachment } from '@prosa/shared/attachments';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import { channelCtx } from '../../channels/port';
import { asWaent, type WaentChannel } from '../../channels/waent/config';
import {
  EXT,
  fetchMedia as fetchWaentMedia,
  inboundMessage,
  mediaRefOf,
  parseWebhook,
  type WaMessage,
  type WaStatus,
} from '../../channels/waent/inbound';
import { messages } from '../../db/schema/attendance';
import { waentWebhookEvents } from '../../db/schema/waent';
import { writeFacts } from '../../facts/write-facts';
import type { AppDeps } from '../../platform/deps';
import { detectFileType } from '../../platform/file-type';
import { ingestInbound } from '../attendance/ingest-inbound';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'appSecret' | 'outbound' | 'channelRepository'>;

const MAX_ATTEMPTS = 10;

/** A status whose message is not stored yet (the send's answer is still being recorded): try again later. */
class StatusNotYetKnown extends Error {}

const RANK: Record<string, number> = { sending: 0, sent: 1, delivered: 2, read: 3 };

/**
 * Processes one committed webhook event, once: the row is locked (FOR UPDATE SKIP LOCKED, so several nodes
 * and the sweep never process it together), its messages ingested idempotently by wamid and its statuses
 * applied monotonically. A failure leaves it unprocessed for the sweep, with the error and attempt count.
 */
export async function processWebhookEvent(
  deps: Deps,
  eventId: number,
): Promise<'done' | 'skipped' | 'retry'> {
  return deps.db.transaction(async (tx) => {
    const [event] = await tx
      .select()
      .from(waentWebhookEvents)
      .where(and(eq(waentWebhookEvents.id, eventId), isNull(waentWebhookEvents.processedAt)))
      .for('update', { skipLocked: true });
    if (!event) return 'skipped';
    try {
      const channel = asWaent(await deps.channelRepository.findById(event.channelId));
      if (!channel || channel.deletedAt !== null) throw new Error('canal removido');
      await applyPayload(deps, channel, event.payload);
      await tx
        .update(waentWebhookEvents)
        .set({ processedAt: new Date(), attempts: event.attempts + 1, error: null })
        .where(eq(waentWebhookEvents.id, eventId));
      return 'done';
    } catch (err) {
      const attempts = event.attempts + 1;
      const pending = err instanceof StatusNotYetKnown;
      await tx
        .update(waentWebhookEvents)
        .set({
          attempts,
          error: err instanceof Error ? err.message : String(err),
          // After too many tries the event is kept, marked processed with its error, for inspection.
          processedAt: attempts >= MAX_ATTEMPTS ? new Date() : null,
        })
        .where(eq(waentWebhookEvents.id, eventId));
      return pending || attempts < MAX_ATTEMPTS ? 'retry' : 'done';
    }
  });
}

/** Unprocessed events older than a few seconds (their in-process run failed or the node stopped). */
export async function sweepWebhookEvents(deps: Deps, opts: { olderThanMs?: number; limit?: number } = {}) {
  const before = new Date(Date.now() - (opts.olderThanMs ?? 5000));
  const rows = await deps.db
    .select({ id: waentWebhookEvents.id })
    .from(waentWebhookEvents)
    .where(
      and(
        isNull(waentWebhookEvents.processedAt),
        lt(waentWebhookEvents.receivedAt, before),
        lt(waentWebhookEvents.attempts, MAX_ATTEMPTS),
      ),
    )
    .orderBy(asc(waentWebhookEvents.id))
    .limit(opts.limit ?? 200);
  let done = 0;
  for (const r of rows) if ((await limited(() => processWebhookEvent(deps, r.id))) === 'done') done++;
  return done;
}

// Processing holds the event's row lock (one connection) while ingesting (another): the limit keeps a burst
// of webhooks from taking every connection of the pool (WAENT_WEBHOOK_CONCURRENCY, DB_POOL_MAX).
let maxRunning = 8;
let running = 0;

/** Set at start from the configuration (main.ts). */
export function configureWebhookProcessing(opts: { concurrency: number }) {
  maxRunning = Math.max(1, opts.concurrency);
}
const waiting: (() => void)[] = [];
async function limited<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= maxRunning) await new Promise<void>((r) => waiting.push(r));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** Runs an event soon after commit; a status for a message not yet recorded is retried a few times. */
export function processSoon(deps: Deps, eventId: number, log: (err: unknown) => void = () => {}) {
  const delays = [0, 300, 1000, 3000];
  const attempt = (i: number) => {
    setTimeout(() => {
      limited(() => processWebhookEvent(deps, eventId))
        .then((r) => {
          if (r === 'retry' && i + 1 < delays.length) attempt(i + 1);
        })
        .catch(log);
    }, delays[i]);
  };
  attempt(0);
}

async function applyPayload(deps: Deps, channel: WaentChannel, payload: unknown) {
  let unknownStatus = false;
  for (const change of parseWebhook(payload)) {
    if (change.phoneNumberId && change.phoneNumberId !== channel.routeKey) continue;
    for (const m of change.messages) {
      await ingestMessage(deps, channel, m, change.contacts.get(m.from) ?? m.from);
    }
    for (const s of change.statuses) {
      if (!(await applyStatus(deps, channel, s))) unknownStatus = true;
    }
  }
  if (unknownStatus) throw new StatusNotYetKnown('status de mensagem ainda não registrada');
}

const kindOfMime = (mime: string): TStoredAttachment['type'] =>
  mime.startsWith('image/')
    ? 'image'
    : mime.startsWith('video/')
      ? 'video'
      : mime.startsWith('audio/')
        ? 'audio'
        : 'document';

async function fetchMedia(deps: Deps, channel: WaentChannel, m: WaMessage): Promise<TStoredAttachment[]> {
  const ref = mediaRefOf(m);
  if (!ref) return [];
  const { data, mimeType } = await fetchWaentMedia(channelCtx(deps), channel, ref);
  const detected = detectFileType(data);
  const mime = (detected?.mime ?? mimeType ?? ref.mimeType ?? 'application/octet-stream').split(';')[0] ?? '';
  const ext = detected?.ext ?? EXT[mime] ?? 'bin';
  const id = randomUUID();
  const key = `waent/${channel.companyId}/${channel.id}/${id}.${ext}`;
  await deps.storage.put(key, data, mime);
  const fallback = m.type === 'sticker' ? `figurinha.${ext}` : `${m.type}.${ext}`;
  return [
    {
      id,
      type: kindOfMime(mime),
      mimeType: mime,
      originalName: (ref.fileName ?? fallback).replace(/[\\/"]/g, '').slice(0, 120) || fallback,
      key,
      size: data.length,
    },
  ];
}

async function ingestMessage(deps: Deps, channel: WaentChannel, m: WaMessage, profileName: string) {
  const messageId = `${channel.kind}:${channel.id}:${m.id}`;
  // Redelivered: nothing to download again.
  const [stored] = await deps.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.companyId, channel.companyId), eq(messages.messageId, messageId)))
    .limit(1);
  if (stored) return;
  if (m.type === 'reaction' && (await applyReaction(deps, channel, m))) return;
  const { media: _refs, ...message } = inboundMessage(m);
  const attachments = await fetchMedia(deps, channel, m);
  await ingestInbound(deps, {
    companyId: channel.companyId,
    channel: { kind: channel.kind, id: channel.id, sectorId: channel.defaultSectorId },
    contact: { externalId: m.from, name: profileName, data: { phone: m.from } },
    message: { ...message, attachments },
  });
}

/** A message of this channel by its wamid: inbound ones by their message id, outbound ones by metadata. */
async function findByWamid(deps: Deps, channel: WaentChannel, wamid: string) {
  const [row] = await deps.db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.companyId, channel.companyId),
        sql`(${messages.messageId} = ${`${channel.kind}:${channel.id}:${wamid}`} or ${messages.metadata}->>'wamid' = ${wamid})`,
      ),
    )
    .limit(1);
  return row ?? null;
}

function messageFact(row: typeof messages.$inferSelect, name: 'message.updated' | 'delivery.updated') {
  const base = { companyId: row.companyId, attendanceId: row.attendanceId };
  return name === 'delivery.updated'
    ? { ...base, name, data: { message_id: row.id, delivery: row.delivery } }
    : { ...base, name, data: { message_id: row.id } };
}

/** A reaction to a stored message is kept on it (one per person); false when the message is unknown. */
async function applyReaction(deps: Deps, channel: WaentChannel, m: WaMessage): Promise<boolean> {
  const target = m.reaction?.message_id ? await findByWamid(deps, channel, m.reaction.message_id) : null;
  if (!target) return false;
  const reactions = (Array.isArray(target.metadata.reactions) ? target.metadata.reactions : []).filter(
    (r: { from?: string }) => r.from !== m.from,
  );
  if (m.reaction?.emoji) reactions.push({ from: m.from, emoji: m.reaction.emoji, wamid: m.id });
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(messages)
      .set({ metadata: { ...target.metadata, reactions } })
      .where(and(eq(messages.companyId, target.companyId), eq(messages.id, target.id)))
      .returning();
    if (row) await writeFacts(tx, [messageFact(row, 'message.updated')]);
  });
  return true;
}

/**
 * A delivery status: sent < delivered < read, never downgraded (a late "delivered" after "read" changes
 * nothing); failed marks Error with Meta's code and title unless the message was already delivered.
 * False when no message has that wamid yet.
 */
async function applyStatus(deps: Deps, channel: WaentChannel, s: WaStatus): Promise<boolean> {
  const target = await findByWamid(deps, channel, s.id);
  if (!target) return false;
  let set: { delivery: 'sent' | 'delivered' | 'read' | 'error'; error: string | null } | null = null;
  const current = RANK[target.delivery] ?? -1;
  if (s.status === 'failed') {
    const e = s.errors?.[0];
    const detail = e ? `${e.code ?? ''} ${e.title ?? e.message ?? ''}`.trim() : 'falha no envio';
    if (target.delivery !== 'delivered' && target.delivery !== 'read')
      set = { delivery: 'error', error: detail };
  } else if (s.status === 'sent' || s.status === 'delivered' || s.status === 'read') {
    if (target.delivery !== 'error' && current < (RANK[s.status] ?? 0))
      set = { delivery: s.status, error: null };
  }
  if (!set) return true;
  const rankSql = sql`case ${messages.delivery} when 'sending' then 0 when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 else 4 end`;
  const guard =
    set.delivery === 'error'
      ? sql`${messages.delivery} in ('sending', 'sent')`
      : sql`${rankSql} < ${RANK[set.delivery] ?? 0}`;
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(messages)
      .set(set)
      .where(and(eq(messages.companyId, target.companyId), eq(messages.id, target.id), guard))
      .returning();
    if (row) await writeFacts(tx, [messageFact(row, 'delivery.updated')]);
  });
  return true;
}
