import { padDocument, type THistoryRow } from '@prosa/shared/history';
import type { HistoryRowRaw } from './repository';

const seconds = (from: Date | null, to: Date | null) =>
  from && to ? Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000)) : null;

/** TME: waiting until the first operator answer. TO: from the first answer to the finalization. */
export function toHistoryRow(r: HistoryRowRaw): THistoryRow {
  return {
    id: r.id,
    protocol: r.protocol,
    contact_id: r.contactId,
    name: r.name,
    edited_name: r.editedName,
    cpf: padDocument(r.cpf),
    contract: r.contract,
    contract_value: r.contractValue,
    channel_kind: r.channelKind,
    sector_id: r.sectorId,
    sector_name: r.sectorName,
    status_id: r.statusId,
    status_name: r.statusName,
    operator_assigned_name: r.operatorAssignedName,
    closed_by_user_name: r.closedByUserName,
    first_start_chat_at: r.firstStartChatAt.toISOString(),
    first_operator_answer_at: r.firstOperatorAnswerAt?.toISOString() ?? null,
    closed_at: r.closedAt?.toISOString() ?? null,
    waiting_seconds: seconds(r.firstStartChatAt, r.firstOperatorAnswerAt),
    handling_seconds: seconds(r.firstOperatorAnswerAt, r.closedAt),
    open: r.closedAt === null,
  };
}
