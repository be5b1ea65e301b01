import { ZStoredAttachment } from '@prosa/shared/attachments';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { attendances, contacts, messages } from '../../db/schema/attendance';
import { writeFacts } from '../../facts/write-facts';
import { type ChannelInfra, channelCtx, type SendResult, type TemplatePayload } from '../port';
import type { ChannelRegistry } from '../registry';
import type { ChannelRepository } from '../repository';
import { judgeAttempt } from '../send-policy';
import { settleLocked } from './attendance-lock';
import { takeRateSlot } from './rate';

// One attempt at an outgoing message (plan 0005 §4): claimed by one runner only, paced by the channel's shared
// rate, handed to its adapter once, and its answer recorded with its fact. Runners are the durable job
// `outbound.send` and, for operator and template messages, the request that stored the message (its answer
// shows the sent state at once); whoever comes second finds nothing to claim.

export type OutboundRunDeps = ChannelInfra & {
  channels: ChannelRegistry;
  channelRepository: ChannelRepository;
  log?: (message: string, err?: unknown) => void;
};

export type MessageRow = typeof messages.$inferSelect;

export type SendRun =
  /** Nothing to claim: sent or failed already, in another runner's hands, not due yet, or unknown. */
  | { state: 'idle' }
  /** The attempt ended the message's sending: sent or error, recorded with its delivery.updated fact. */
  | { state: 'done'; message: MessageRow }
  /**
   * Not finished: try again at `at` (the provider asked to wait, or the channel's rate is taken). `key` names
   * the continuation so that the same step is queued once.
   */
  | { state: 'later'; at: Date; key: string; reason: 'retry' | 'rate' };

export type SendRunOptions = {
  /**
   * How far ahead this run may book a slot of a busy channel and wait for it before handing the message back
   * (ms; at least a second).
   */
  rateWaitMs: number;
};

/** The error kept on a message whose channel or adapter is gone. */
export const NO_CHANNEL_ERROR = 'canal indisponível';
/** The error kept on a message whose send deadline passed before it could go. */
export const DEADLINE_ERROR = 'Prazo de envio esgotado.';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The template a template message carries in its metadata (what deliver-template stored). */
function isTemplate(v: unknown): v is TemplatePayload {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as { name?: unknown }).name === 'string' &&
    typeof (v as { language?: { code?: unknown } }).language?.code === 'string'
  );
}

/**
 * Runs one attempt of a stored outgoing message. The claim (send_started_at set while delivery is 'sending' and
 * nobody holds it) makes this runner the only caller of the provider for this attempt, across every node.
 */
export async function runSend(
  deps: OutboundRunDeps,
  ids: { companyId: number; messageId: number },
  opts: SendRunOptions,
): Promise<SendRun> {
  const key = and(eq(messages.companyId, ids.companyId), eq(messages.id, ids.messageId));
  const [claimed] = await deps.db
    .update(messages)
    .set({ sendStartedAt: sql`now()`, sendAttempts: sql`${messages.sendAttempts} + 1` })
    .where(
      and(
        key,
        eq(messages.delivery, 'sending'),
        isNull(messages.sendStartedAt),
        or(isNull(messages.sendNotBefore), lte(messages.sendNotBefore, sql`now()`)),
      ),
    )
    .returning();
  if (!claimed) return { state: 'idle' };

  // Hands the claim back without having called the provider (the attempt is not counted).
  const release = async (notBefore: Date | null) => {
    await deps.db
      .update(messages)
      .set({ sendStartedAt: null, sendAttempts: sql`${messages.sendAttempts} - 1`, sendNotBefore: notBefore })
      .where(key);
  };

  let result: SendResult;
  try {
    if (claimed.sendDeadline && claimed.sendDeadline.getTime() <= Date.now())
      return {
        state: 'done',
        message: await finish(deps, claimed, { state: 'error', error: DEADLINE_ERROR }),
      };
    const [target] = await deps.db
      .select({ channelId: attendances.channelId, externalId: contacts.externalId, data: contacts.data })
      .from(attendances)
      .innerJoin(
        contacts,
        and(eq(contacts.companyId, attendances.companyId), eq(contacts.id, attendances.contactId)),
      )
      .where(and(eq(attendances.companyId, claimed.companyId), eq(attendances.id, claimed.attendanceId)));
    const channel = target ? await deps.channelRepository.find(claimed.companyId, target.channelId) : null;
    const adapter = channel ? deps.channels.get(channel.kind) : null;
    if (!target || !channel || !adapter)
      return {
        state: 'done',
        message: await finish(deps, claimed, { state: 'error', error: NO_CHANNEL_ERROR }),
      };

    const rate = channel.ratePerSecond ?? adapter.capabilities.defaultRatePerSecond;
    if (rate !== null) {
      const until = Date.now() + opts.rateWaitMs;
      for (;;) {
        // Booked up to the wait this run allows: one call, then the wait, however deep the backlog ahead.
        const slot = await takeRateSlot(deps.db, channel.id, rate, Math.max(1000, until - Date.now()));
        if (slot.state === 'slot') {
          if (slot.waitMs > 0) await sleep(slot.waitMs);
          break;
        }
        if (Date.now() + slot.retryInMs > until) {
          const at = new Date(Date.now() + slot.retryInMs);
          await release(at);
          return {
            state: 'later',
            at,
            key: `${claimed.sendAttempts - 1}:rate:${at.getTime()}`,
            reason: 'rate',
          };
        }
        await sleep(slot.retryInMs);
      }
    }

    const partsSent = Number(claimed.metadata.parts_sent ?? 0) || 0;
    const template = claimed.metadata.template;
    result = await adapter
      .send(channelCtx(deps, { log: deps.log }), channel, {
        messageId: claimed.id,
        to: { externalId: target.externalId, data: target.data },
        text: claimed.text,
        ...(isTemplate(template) ? { template } : {}),
        media: claimed.attachments.flatMap((a) => {
          const p = ZStoredAttachment.safeParse(a);
          return p.success ? [p.data] : [];
        }),
        ...(partsSent > 0 ? { partsSent } : {}),
      })
      .catch(
        (err: unknown): SendResult => ({
          state: 'error',
          error: err instanceof Error ? err.message : String(err),
          unknownOutcome: true,
        }),
      );
  } catch (err) {
    // Nothing went to the provider: the attempt is handed back for the next runner (the job tries again).
    await release(null).catch(() => {});
    throw err;
  }

  const verdict = judgeAttempt(result, claimed.sendAttempts, Number(claimed.metadata.parts_sent ?? 0) || 0);
  if (verdict.state === 'retry') {
    const at = new Date(Date.now() + verdict.delayMs);
    await deps.db
      .update(messages)
      .set({
        sendStartedAt: null,
        sendNotBefore: at,
        ...(verdict.partsSent > 0
          ? {
              metadata: sql`${messages.metadata} || ${JSON.stringify({ parts_sent: verdict.partsSent })}::jsonb`,
            }
          : {}),
      })
      .where(key);
    return { state: 'later', at, key: String(claimed.sendAttempts), reason: 'retry' };
  }
  return { state: 'done', message: await finish(deps, claimed, verdict) };
}

/**
 * Records how a message's sending ended, with its delivery.updated fact, in one transaction. The provider's
 * id goes to provider_message_id and, for the readers not yet moved to it, to metadata.wamid.
 */
export async function finish(
  deps: Pick<OutboundRunDeps, 'db'>,
  claimed: MessageRow,
  end: { state: 'sent'; providerMessageId: string | null } | { state: 'error'; error: string },
): Promise<MessageRow> {
  return deps.db.transaction(async (tx) => {
    const provider = end.state === 'sent' ? end.providerMessageId : null;
    const [row] = await tx
      .update(messages)
      .set({
        delivery: end.state,
        error: end.state === 'error' ? end.error : null,
        sendStartedAt: null,
        sendNotBefore: null,
        ...(provider ? { providerMessageId: provider } : {}),
        metadata: sql`(${messages.metadata} - 'parts_sent') || ${JSON.stringify(provider ? { wamid: provider } : {})}::jsonb`,
      })
      // No guard on the state: an answer that comes after the stuck sweep gave up on the message is the truth.
      .where(and(eq(messages.companyId, claimed.companyId), eq(messages.id, claimed.id)))
      .returning();
    if (!row) return claimed;
    await writeFacts(tx, [
      {
        companyId: row.companyId,
        attendanceId: row.attendanceId,
        name: 'delivery.updated',
        data: { message_id: row.id, delivery: row.delivery },
      },
    ]);
    await settleLocked(tx, row.companyId, [row.attendanceId]);
    return row;
  });
}
