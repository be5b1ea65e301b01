import { randomUUID } from 'node:crypto';
import type { TAttachmentRef } from '@prosa/shared/attachments';
import { ERROR_CODE } from '@prosa/shared/messages';
import {
  type TVisitorMessage,
  type TVisitorState,
  type TWebchatField,
  type TWebchatPublicConfig,
  validateVisitorForm,
  WEBCHAT_MSG,
  ZVisitorMessage,
} from '@prosa/shared/webchat';
import { visitorIdentity } from '@prosa/shared/webchat-form';
import { contacts, webchatVisitors } from '../../db/schema/attendance';
import { newToken, sha256 } from '../../platform/crypto';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { type PresentDeps, presentAttachments } from '../attachments/present';
import { verifyAttachmentRefs } from '../attachments/refs';
import { storeUpload } from '../attachments/store-upload';
import { ingestInbound } from '../attendance/ingest-batch';
import { findMessagesByMessageIds } from '../attendance/repository';
import { personFromChannel } from '../persons/person-from-channel';
import {
  findVisitorByTokenHash,
  findVisitorChannel,
  findWebchatByCode,
  latestAttendanceOfContact,
  latestMessagesOfContact,
  type WebchatRow,
} from './repository';
import { logoUrl } from './webchat-logo';

const DEFAULT_FIELDS: TWebchatField[] = [{ name: 'nome', label: 'Nome', type: 'text', required: true }];

function fieldsOf(w: WebchatRow): TWebchatField[] {
  const fields = w.customData.fields as TWebchatField[] | undefined;
  return fields && fields.length > 0 ? fields : DEFAULT_FIELDS;
}

async function webchatOrThrow(deps: Pick<AppDeps, 'db'>, code: string) {
  const w = await findWebchatByCode(deps.db, code);
  if (!w) throw notFound(WEBCHAT_MSG.notFound);
  return w;
}

export async function publicConfig(deps: Pick<AppDeps, 'db'>, code: string): Promise<TWebchatPublicConfig> {
  const w = await webchatOrThrow(deps, code);
  const c = w.customData;
  return {
    code: w.code,
    name: w.name,
    title: c.nome || w.name,
    welcome: c.text_msg || 'Olá! Preencha os dados abaixo para falar com a gente.',
    button: c.text_button || 'Iniciar conversa',
    color: c.color || '#1C7ED6',
    font_color: c.widget_font_color || '#FFFFFF',
    logo_url: logoUrl(w.code, w.logoPath),
    fields: fieldsOf(w),
  };
}

/** The form is filled: a visitor (this browser) and its contact are created; the token resumes it later. */
export async function startVisitor(deps: Pick<AppDeps, 'db'>, code: string, form: Record<string, string>) {
  const w = await webchatOrThrow(deps, code);
  const { visitor_id, token } = await startVisitorOn(deps, w, fieldsOf(w), form);
  return { visitor_id, token };
}

/** A visitor of a web chat or NewChat channel, with that channel's form. */
export async function startVisitorOn(
  deps: Pick<AppDeps, 'db'>,
  w: Pick<WebchatRow, 'companyId' | 'id' | 'kind' | 'code'>,
  fields: TWebchatField[],
  form: Record<string, string>,
) {
  const checked = validateVisitorForm(fields, form);
  if (!checked.ok) throw badRequest(checked.message);
  const identity = visitorIdentity(fields, checked.values);
  const name = identity.name || 'Visitante';
  const visitorId = randomUUID();
  const token = newToken();
  await deps.db.transaction(async (tx) => {
    // The person gets the form's name, e-mail and phone (or the record that already has them).
    const personId = await personFromChannel(tx, w.companyId, {
      name,
      email: identity.email,
      phone: identity.phone,
    });
    const [contact] = await tx
      .insert(contacts)
      .values({
        companyId: w.companyId,
        personId,
        kind: w.kind,
        channelId: w.id,
        externalId: visitorId,
        name,
        data: {
          ...checked.values,
          web_code: w.code,
          ...(identity.email ? { contact_email: identity.email } : {}),
          ...(identity.phone ? { contact_phone: identity.phone } : {}),
        },
      })
      .returning({ id: contacts.id });
    if (!contact) throw new Error('contact insert returned nothing');
    await tx.insert(webchatVisitors).values({
      companyId: w.companyId,
      id: visitorId,
      channelId: w.id,
      contactId: contact.id,
      tokenHash: sha256(token),
      formData: checked.values,
    });
  });
  return { visitor_id: visitorId, token, values: checked.values };
}

export async function visitorFromToken(deps: Pick<AppDeps, 'db'>, token: string | undefined) {
  const found = token ? await findVisitorByTokenHash(deps.db, sha256(token)) : null;
  if (!found) throw new AppError(ERROR_CODE.unauthenticated, WEBCHAT_MSG.visitorExpired, 401);
  return found;
}

function toVisitorMessage(
  deps: PresentDeps,
  m: {
    id: number;
    text: string;
    senderType: number;
    operatorName: string | null;
    sentAt: Date;
    attachments: unknown[];
    metadata?: Record<string, unknown>;
  },
  quoted: { text: string; senderType: number } | null = null,
): TVisitorMessage {
  const poll = ZVisitorMessage.shape.poll.safeParse(m.metadata?.poll);
  return {
    id: m.id,
    text: m.text,
    from: m.senderType === 0 ? 'visitor' : 'operator',
    operator_name: m.senderType === 0 ? null : m.operatorName,
    sent_at: m.sentAt.toISOString(),
    attachments: presentAttachments(deps, m.attachments),
    quoted: quoted ? { text: quoted.text, from: quoted.senderType === 0 ? 'visitor' : 'operator' } : null,
    poll: poll.success ? (poll.data ?? null) : null,
  };
}

/** What the widget shows after a reload: the latest conversation and whether it is still open. */
export async function visitorState(
  deps: Pick<AppDeps, 'db'> & PresentDeps,
  token: string | undefined,
): Promise<TVisitorState> {
  const { visitor, contact } = await visitorFromToken(deps, token);
  const attendance = await latestAttendanceOfContact(deps.db, visitor.companyId, visitor.contactId);
  // The visitor sees their whole conversation with the company, across finalized attendances.
  const rows = attendance
    ? await latestMessagesOfContact(deps.db, visitor.companyId, visitor.contactId, 100)
    : [];
  // A quoted reply shows the message it answers above it.
  const quotedIds = [...new Set(rows.map((m) => m.quotedMessageId).filter((id): id is string => !!id))];
  const quoted = new Map(
    (await findMessagesByMessageIds(deps.db, visitor.companyId, quotedIds)).map((q) => [q.messageId, q]),
  );
  return {
    visitor_id: visitor.id,
    name: contact.name,
    state: !attendance ? 'none' : attendance.closedAt ? 'closed' : 'open',
    protocol: attendance?.protocol ?? null,
    answered: Boolean(attendance && !attendance.closedAt && attendance.firstOperatorAnswerAt),
    messages: rows.map((m) =>
      toVisitorMessage(deps, m, (m.quotedMessageId && quoted.get(m.quotedMessageId)) || null),
    ),
  };
}

/** A visitor's message enters the conversation core like any channel's, idempotent by the widget's client id. */
export async function visitorSend(
  deps: Pick<AppDeps, 'db' | 'appSecret'> & PresentDeps,
  token: string | undefined,
  input: { text: string; client_id: string; attachments?: TAttachmentRef[] },
) {
  const text = input.text.trim();
  const { visitor, contact } = await visitorFromToken(deps, token);
  // Files the visitor uploaded (signed for this visitor): a message may be only files.
  const attachments = verifyAttachmentRefs(
    deps.appSecret,
    { kind: 'visitor', companyId: visitor.companyId, visitorId: visitor.id },
    input.attachments ?? [],
  );
  if (!text && attachments.length === 0) throw badRequest('Sua mensagem está vazia.');
  const webchat = await findWebchatForVisitor(deps, visitor.companyId, visitor.channelId);
  const result = await ingestInbound(deps, {
    companyId: visitor.companyId,
    channel: { kind: webchat.kind, id: webchat.id, sectorId: webchat.sectorId },
    contact: { externalId: visitor.id, name: contact.name, data: contact.data },
    message: { externalId: input.client_id, text, sentAt: new Date(), attachments },
  });
  return {
    protocol: result.attendance.protocol,
    message: toVisitorMessage(deps, result.message),
    duplicate: result.duplicate,
  };
}

async function findWebchatForVisitor(deps: Pick<AppDeps, 'db'>, companyId: number, webchatId: number) {
  const w = await findVisitorChannel(deps.db, companyId, webchatId);
  if (!w) throw notFound(WEBCHAT_MSG.notFound);
  return w;
}

/** POST /api/webchat/visitor/upload: a file of the visitor, by the same rules as the operators' uploads. */
export async function visitorUpload(
  deps: Pick<AppDeps, 'db' | 'storage' | 'config' | 'appSecret'>,
  token: string | undefined,
  read: () => Promise<{ name: string; data: Buffer }>,
) {
  // The token first: nobody else's upload is read or stored.
  const { visitor } = await visitorFromToken(deps, token);
  const upload = await read();
  return storeUpload(deps, {
    scope: { kind: 'visitor', companyId: visitor.companyId, visitorId: visitor.id },
    name: upload.name,
    data: upload.data,
    voice: false,
  });
}
