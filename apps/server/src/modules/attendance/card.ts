import type { TCard, TMessage } from '@prosa/shared/attendance';
import { attendanceTextLimit, capabilitiesOf } from '@prosa/shared/channel-capabilities';
import { WEBCHAT_OFFLINE_SECONDS } from '@prosa/shared/channels';
import type { attendances, messages } from '../../db/schema/attendance';

export type AttendanceRow = typeof attendances.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toCard(a: AttendanceRow, now = Date.now()): TCard {
  return {
    id: a.id,
    card_id: a.cardId,
    protocol: a.protocol,
    name: a.name,
    contact_id: a.contactId,
    person_id: a.personId,
    channel_kind: a.channelKind,
    channel_id: a.channelId,
    status: a.statusId,
    auto: a.auto,
    answered: a.answered,
    scheduled: a.scheduled,
    operator_assigned_id: a.operatorAssignedId,
    operator_assigned_name: a.operatorAssignedName,
    sector_id: a.sectorId,
    busy_client: a.busyClient,
    out_of_sla: a.outOfSla,
    locked: a.locked,
    poll_submited: a.pollSubmited,
    notes: a.notes,
    data: a.data,
    text_limit: attendanceTextLimit(a.channelKind, a.data),
    unread_count: a.unreadCount,
    last_message_at: a.lastMessageAt.toISOString(),
    last_message_preview: a.lastMessagePreview,
    last_message_sender: a.lastMessageSender,
    // The contact's connection is known only on channels that track it (the web chat's widget).
    webchat_offline:
      capabilitiesOf(a.channelKind).presence &&
      a.contactOfflineSince !== null &&
      now - a.contactOfflineSince.getTime() > WEBCHAT_OFFLINE_SECONDS * 1000,
    visitor_offline_since: iso(a.contactOfflineSince),
    profile_pic_public_path: a.profilePicPublicPath,
    closed_at: iso(a.closedAt),
    closed_by_user_name: a.closedByUserName,
    metrics: {
      first_start_chat_at: a.firstStartChatAt.toISOString(),
      first_operator_answer_at: iso(a.firstOperatorAnswerAt),
      latest_operator_answer_at: iso(a.latestOperatorAnswerAt),
      latest_contact_chat_message_at: iso(a.latestContactChatMessageAt),
      response_time: a.responseTime,
      customer_response_counter: a.customerResponseCounter,
    },
  };
}

export type QuotedInfo = { message_id: string; text: string; sender_type: number; expired: boolean } | null;

export function toMessage(m: MessageRow, quoted: QuotedInfo = null): TMessage {
  return {
    id: m.id,
    attendance_id: m.attendanceId,
    message_id: m.messageId,
    text: m.text,
    sender_type: m.senderType,
    operator_id: m.operatorId,
    operator_name: m.operatorName,
    sent_at: m.sentAt.toISOString(),
    quoted_message: quoted,
    attachments: m.attachments,
    metadata: m.metadata,
    delivery: m.delivery,
  };
}
