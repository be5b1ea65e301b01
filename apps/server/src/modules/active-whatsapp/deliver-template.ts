import { randomUUID } from 'node:crypto';
import { fillTemplate, HSM_MSG } from '@prosa/shared/hsm';
import { ERROR_CODE } from '@prosa/shared/messages';
import { and, eq, sql } from 'drizzle-orm';
import { channelCtx } from '../../channels/port';
import { withRetries } from '../../channels/send-policy';
import type { WaentChannel } from '../../channels/waent/config';
import { uploadTemplateMedia } from '../../channels/waent/send';
import { attendances, type contacts, messages } from '../../db/schema/attendance';
import { writeFacts } from '../../facts/write-facts';
import type { Caller } from '../../platform/deps';
import { AppError, badRequest } from '../../platform/errors';
import { handoverFacts } from '../attendance/attendance-facts';
import { type AttendanceRow, toCard } from '../attendance/card';
import { type DeliverDeps, deliverMessage } from '../attendance/deliver-message';
import type { HsmRow } from '../hsm/repository';
import { templatePayload } from './template-payload';

/**
 * Stores a template message as the operator's outgoing message (its text is the filled template), updates
 * the card as answered (and assigned, when asked), announces both, then hands it to the channel adapter.
 * The wamid goes into the message metadata, where the webhook's status processing finds it for the ticks.
 */
export async function deliverTemplate(
  deps: DeliverDeps,
  input: {
    caller: Caller;
    attendance: AttendanceRow;
    contact: typeof contacts.$inferSelect;
    channel: WaentChannel;
    template: HsmRow;
    values: string[];
    headerMediaKey: string | null;
    assign?: { sectorId: number; userId: number; userName: string };
    previous?: { sectorId: number; operatorAssignedId: number | null } | null;
  },
) {
  const { caller, attendance, template, values } = input;
  const text = fillTemplate(template.template, values);
  const mediaKey =
    template.headerType && template.headerType !== 'text'
      ? (input.headerMediaKey ?? template.headerMediaKey)
      : null;
  // A header media is uploaded to the Graph API first: the template names it by its media id.
  let headerMedia: { id: string } | null = null;
  if (mediaKey) {
    const file = await deps.storage.get(mediaKey);
    if (!file) throw badRequest(HSM_MSG.headerContent);
    const chunks: Buffer[] = [];
    for await (const c of file.body) chunks.push(Buffer.from(c as Buffer));
    const upload = await withRetries(() =>
      uploadTemplateMedia(channelCtx(deps), input.channel, {
        data: Buffer.concat(chunks),
        mimeType: file.contentType,
        name: mediaKey.split('/').pop() ?? 'arquivo',
      }),
    );
    if (upload.state !== 'sent') throw new AppError(ERROR_CODE.internal, HSM_MSG.sendError, 502);
    headerMedia = { id: upload.mediaId };
  }
  const payload = templatePayload(template, values, headerMedia);
  const now = new Date();
  const result = await deps.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(messages)
      .values({
        companyId: caller.companyId,
        attendanceId: attendance.id,
        messageId: `hsm:${attendance.id}:${randomUUID()}`,
        text,
        senderType: 1,
        operatorId: caller.userId,
        operatorName: caller.displayName,
        sentAt: now,
        metadata: {
          hsm: {
            id: template.id,
            name: template.name,
            element_name: template.elementName,
            params: values,
            header_type: template.headerType,
            header_content: template.headerType === 'text' ? template.headerTemplate : mediaKey,
          },
          // What the WhatsApp Enterprise adapter sends (type "template").
          template: payload.type === 'template' ? payload.template : undefined,
        },
        delivery: 'sending',
      })
      .returning();
    const [updated] = await tx
      .update(attendances)
      .set({
        answered: true,
        unreadCount: 0,
        lastMessageAt: now,
        lastMessagePreview: text.slice(0, 140),
        lastMessageSender: 1,
        latestOperatorAnswerAt: now,
        firstOperatorAnswerAt: sql`coalesce(${attendances.firstOperatorAnswerAt}, ${now})`,
        busyClient: false,
        outOfSla: false,
        updatedAt: now,
        ...(input.assign
          ? {
              sectorId: input.assign.sectorId,
              operatorAssignedId: input.assign.userId,
              operatorAssignedName: input.assign.userName,
            }
          : {}),
      })
      .where(and(eq(attendances.companyId, caller.companyId), eq(attendances.id, attendance.id)))
      .returning();
    if (!stored || !updated) throw new Error('template: rows missing');
    await writeFacts(tx, [
      ...(await handoverFacts(tx, input.previous ?? attendance, updated, {
        by: caller.userId,
        reason: 'active',
      })),
      {
        companyId: caller.companyId,
        attendanceId: attendance.id,
        actorUserId: caller.userId,
        name: 'message.sent',
        data: { message_id: stored.id, origin: 'template' },
      },
    ]);
    return { stored, updated };
  });

  const card = toCard(result.updated);

  // The channel adapter sends it (throttled per number, 429/5xx retried) and records the wamid.
  const message = await deliverMessage(deps, { card, stored: result.stored, contact: input.contact });
  const [row] = await deps.db
    .select({ error: messages.error })
    .from(messages)
    .where(and(eq(messages.companyId, caller.companyId), eq(messages.id, result.stored.id)));
  const sent = message.delivery !== 'error';
  return { card, message, sent, error: sent ? null : (row?.error ?? null) };
}
