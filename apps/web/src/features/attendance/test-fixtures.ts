import type { TCard, TMessage } from '@prosa/shared/attendance';

// Builders for the unit tests of this feature (not used by the app).
export function message(over: Partial<TMessage> & { id: number }): TMessage {
  return {
    attendance_id: 1,
    message_id: `m${over.id}`,
    text: 'oi',
    sender_type: 0,
    operator_id: null,
    operator_name: null,
    sent_at: '2026-03-10T12:00:00.000Z',
    quoted_message: null,
    attachments: [],
    metadata: {},
    delivery: 'sent',
    ...over,
  };
}

export function card(over: Partial<TCard> & { id: number }): TCard {
  return {
    card_id: `web_1_v${over.id}`,
    protocol: `2026031000000${over.id}`,
    name: 'Maria',
    contact_id: over.id,
    person_id: over.id,
    channel_kind: 'web',
    channel_id: 1,
    status: null,
    auto: false,
    answered: false,
    scheduled: 0,
    operator_assigned_id: null,
    operator_assigned_name: null,
    sector_id: 1,
    busy_client: false,
    out_of_sla: false,
    locked: false,
    poll_submited: false,
    notes: '',
    data: {},
    text_limit: null,
    unread_count: 0,
    last_message_at: '2026-03-10T12:00:00.000Z',
    last_message_preview: 'oi',
    last_message_sender: 0,
    webchat_offline: false,
    visitor_offline_since: null,
    profile_pic_public_path: null,
    closed_at: null,
    closed_by_user_name: null,
    metrics: {
      first_start_chat_at: '2026-03-10T12:00:00.000Z',
      first_operator_answer_at: null,
      latest_operator_answer_at: null,
      latest_contact_chat_message_at: null,
      response_time: null,
      customer_response_counter: 0,
    },
    ...over,
  };
}
