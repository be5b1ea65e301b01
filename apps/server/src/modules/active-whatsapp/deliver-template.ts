import { randomUUID } from 'node:crypto';
import { fillTemplate, HSM_MSG } from '@prosa/shared/hsm';
import { ERROR_CODE } from '@prosa/shared/messages';
import { channelCtx } from '../../channels/port';
import { MAX_SEND_ATTEMPTS, retryDelayMs } from '../../channels/send-policy';
import type { WaentChannel } from '../../channels/waent/config';
import { uploadTemplateMedia } from '../../channels/waent/send';
import type { Caller } from '../../platform/deps';
import { AppError, badRequest } from '../../platform/errors';
import { type AttendanceRow, toCard, toMessage } from '../attendance/card';
import { recordOutboundMessage } from '../attendance/record-outbound-message';
import type { HsmRow } from '../hsm/repository';
import { type OutboundDeps, sendNow } from '../outbound/send-outbound';
import { templatePayload } from './template-payload';

/**
 * Stores a template message as the operator's outgoing message (its text is the filled template), updates
 * the card as answered (and assigned, when asked), announces both, then hands it to the channel adapter.
 * The wamid is recorded on the message, where the webhook's status processing finds it for the ticks.
 */
export async function deliverTemplate(
  deps: OutboundDeps,
  input: {
    caller: Caller;
    attendance: AttendanceRow;
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
    const upload = await uploadHeader(deps, input.channel, {
      data: Buffer.concat(chunks),
      mimeType: file.contentType,
      name: mediaKey.split('/').pop() ?? 'arquivo',
    });
    if (upload.state !== 'sent') throw new AppError(ERROR_CODE.internal, HSM_MSG.sendError, 502);
    headerMedia = { id: upload.mediaId };
  }
  const payload = templatePayload(template, values, headerMedia);
  const recorded = await deps.db.transaction((tx) =>
    recordOutboundMessage(tx, {
      attendance,
      origin: 'template',
      text,
      messageId: `hsm:${attendance.id}:${randomUUID()}`,
      operator: { id: caller.userId, name: caller.displayName },
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
      ...(input.assign ? { assign: input.assign } : {}),
      previous: input.previous ?? null,
    }),
  );

  // Sent now, paced by the number's shared rate; a 429/5xx is tried again (the job finishes what this cannot).
  const stored = await sendNow(deps, recorded.message);
  const sent = stored.delivery !== 'error';
  return {
    card: toCard(recorded.attendance),
    message: toMessage(stored),
    sent,
    error: sent ? null : stored.error,
  };
}

/**
 * One upload of a template's header file, tried again on a 429/5xx as the provider asks: it happens before
 * anything is stored, within the request, and names the file for the send.
 */
async function uploadHeader(
  deps: OutboundDeps,
  channel: WaentChannel,
  file: { data: Buffer; mimeType: string; name: string },
) {
  for (let attempt = 1; ; attempt++) {
    const r = await uploadTemplateMedia(channelCtx(deps), channel, file);
    if (r.state !== 'retry' || attempt >= MAX_SEND_ATTEMPTS) return r;
    await new Promise((done) => setTimeout(done, retryDelayMs(r.retryAfterMs, attempt)));
  }
}
