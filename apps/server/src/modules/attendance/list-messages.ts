import type { AppDeps, Caller } from '../../platform/deps';
import { presentMessage } from '../attachments/present';
import { type QuotedInfo, toMessage } from './card';
import { loadForAction } from './load-for-action';
import { findMessagesByMessageIds, listMessages as listMessageRows } from './repository';

const QUOTE_MAX_AGE_MS = 30 * 86_400_000;

/** Latest messages first, paged backwards by id; each with the message it quotes. */
export async function listMessages(
  deps: Pick<AppDeps, 'db' | 'storage' | 'config'>,
  caller: Caller,
  input: { attendanceId: number; before?: number; limit: number },
) {
  const { attendance } = await loadForAction(deps, caller, input.attendanceId, { allowClosed: true });
  return messagePage(deps, caller.companyId, { ...input, attendanceId: attendance.id });
}

/** One page of an attendance's messages the caller was already allowed to read. */
export async function messagePage(
  deps: Pick<AppDeps, 'db' | 'storage' | 'config'>,
  companyId: number,
  input: { attendanceId: number; before?: number; limit: number },
) {
  const rows = await listMessageRows(deps.db, companyId, input.attendanceId, input.before, input.limit + 1);
  const page = rows.slice(0, input.limit);
  const quotedIds = [
    ...new Set(page.map((m) => m.quotedMessageId).filter((id): id is string => Boolean(id))),
  ];
  const quoted = new Map(
    (await findMessagesByMessageIds(deps.db, companyId, quotedIds)).map((q) => [q.messageId, q]),
  );
  const items = page.map((m) => {
    const q = m.quotedMessageId ? quoted.get(m.quotedMessageId) : undefined;
    const info: QuotedInfo = q
      ? {
          message_id: q.messageId,
          text: q.text,
          sender_type: q.senderType,
          expired: Date.now() - q.sentAt.getTime() > QUOTE_MAX_AGE_MS,
        }
      : null;
    return presentMessage(deps, toMessage(m, info));
  });
  return { items, has_more: rows.length > input.limit };
}
