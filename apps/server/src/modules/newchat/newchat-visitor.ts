import { ERROR_CODE } from '@prosa/shared/messages';
import {
  formMessage,
  NEWCHAT_MSG,
  newchatVisitorFields,
  type TNewchatPublicConfig,
} from '@prosa/shared/newchat';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { MessageRow } from '../attendance/card';
import { ingestInbound } from '../attendance/ingest-batch';
import { recordStatusMessage, type StatusMessageDeps } from '../attendance/send-status-message';
import { updateOpenAttendance } from '../attendance/update-attendance';
import { sendSoon } from '../outbound/send-outbound';
import { findStatusRow } from '../statuses/repository';
import { latestAttendanceOfContact } from '../webchat/repository';
import { startVisitorOn, visitorFromToken } from '../webchat/visitor';
import { queuePositionOf } from './queue-positions';
import { findLiveNewchatByCode, findNewchat, type NewchatRow } from './repository';

async function liveOrThrow(deps: Pick<AppDeps, 'db'>, code: string) {
  const n = await findLiveNewchatByCode(deps.db, code);
  if (!n) throw notFound(NEWCHAT_MSG.notFound);
  return n;
}

export function toPublicConfig(n: NewchatRow): TNewchatPublicConfig {
  const s = n.settings;
  return {
    code: n.code,
    title: s.title || n.name,
    description: s.description,
    name: s.name || n.name,
    baseColor: s.baseColor,
    footerText: s.footerText,
    footerUrl: s.footerUrl,
    position: s.position,
    img192: s.img192,
    img512: s.img512,
    customButton: s.customButton,
    showForm: s.showForm,
    form: s.showForm ? s.form : [],
    hasFinish: s.hasFinish,
    hasQueue: s.hasQueue,
    queueMessage: s.queueMessage,
    hasTermsOfUse: s.hasTermsOfUse,
    termsOfUseType: s.termsOfUseType,
    termsOfUseText: s.termsOfUseType === 'text' ? s.termsOfUseText : '',
    termsOfUseTitle: s.termsOfUseTitle,
    termsOfUseFile: s.termsOfUseType === 'file' ? s.termsOfUseFile : '',
    showTyping: s.showTyping,
  };
}

export async function newchatPublicConfig(deps: Pick<AppDeps, 'db'>, code: string) {
  return toPublicConfig(await liveOrThrow(deps, code));
}

/**
 * The page's form (and the terms, when the channel has them): a visitor of the shared visitor API. With
 * showFormMessage the answers open the conversation as its first message, so the operator reads them first.
 */
export async function startNewchatVisitor(
  deps: Pick<AppDeps, 'db'>,
  code: string,
  input: { form: Record<string, string>; accepted_terms?: boolean },
) {
  const n = await liveOrThrow(deps, code);
  if (n.settings.hasTermsOfUse && !input.accepted_terms) throw badRequest(NEWCHAT_MSG.termsRequired);
  const fields = newchatVisitorFields(n.settings);
  const started = await startVisitorOn(deps, n, fields, input.form);
  if (n.settings.showFormMessage && fields.length > 0) {
    const text = formMessage(n.settings.form, started.values);
    if (text) {
      const { visitor, contact } = await visitorFromToken(deps, started.token);
      await ingestInbound(deps, {
        companyId: n.companyId,
        channel: { kind: 'nc', id: n.id, sectorId: n.sectorId },
        contact: { externalId: visitor.id, name: contact.name, data: contact.data },
        message: { externalId: `form-${visitor.id}`, text, sentAt: new Date() },
      });
    }
  }
  return { visitor_id: started.visitor_id, token: started.token };
}

async function newchatOfVisitor(deps: Pick<AppDeps, 'db'>, token: string | undefined) {
  const { visitor } = await visitorFromToken(deps, token);
  const n = await findNewchat(deps.db, visitor.companyId, visitor.channelId);
  if (!n) throw notFound(NEWCHAT_MSG.notFound);
  return { visitor, newchat: n };
}

/** The visitor's place in their sector's queue while waiting for an operator (null: not waiting, or no queue). */
export async function visitorQueue(deps: Pick<AppDeps, 'db'>, token: string | undefined) {
  const { visitor, newchat } = await newchatOfVisitor(deps, token);
  if (!newchat.settings.hasQueue) return { position: null };
  const att = await latestAttendanceOfContact(deps.db, visitor.companyId, visitor.contactId);
  if (!att || att.closedAt || att.operatorAssignedId !== null) return { position: null };
  return { position: await queuePositionOf(deps.db, att) };
}

/**
 * hasFinish: the visitor ends the conversation; it closes with the channel's finishing status, whose message (if
 * any) the visitor receives as when an operator finalizes.
 */
export async function finishByVisitor(deps: StatusMessageDeps, token: string | undefined) {
  const { visitor, newchat } = await newchatOfVisitor(deps, token);
  const s = newchat.settings;
  if (!s.hasFinish || !s.finishStatus) throw badRequest(NEWCHAT_MSG.finishStatusRequired);
  const status = await findStatusRow(deps.db, visitor.companyId, s.finishStatus);
  if (!status) throw badRequest(NEWCHAT_MSG.finishStatusRequired);
  const att = await latestAttendanceOfContact(deps.db, visitor.companyId, visitor.contactId);
  if (!att || att.closedAt) throw new AppError(ERROR_CODE.conflict, 'Não há atendimento aberto.', 409);
  const recorded: { message: MessageRow | null } = { message: null };
  const row = await updateOpenAttendance(
    deps,
    att,
    { statusId: status.id, closedAt: new Date(), unreadCount: 0 },
    { by: null, closeReason: 'status' },
    undefined,
    async (tx, closed) => {
      recorded.message = await recordStatusMessage(tx, { attendance: closed, status, operator: null });
    },
  );
  if (!row) throw new AppError(ERROR_CODE.conflict, 'Não há atendimento aberto.', 409);
  if (recorded.message) await sendSoon(deps, recorded.message);
  return { message: NEWCHAT_MSG.finished, protocol: row.protocol };
}
