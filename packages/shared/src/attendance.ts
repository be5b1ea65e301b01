import { ZAttachmentRefs } from './attachments';
import { CHANNEL_KINDS } from './channels';
import { ZEmailReplyExtras } from './email';
import { INT4_MAX, zBigIdParam, zId, zIdParam, zInt4Param, zPage } from './ids';
import { z } from './zod';

export {
  ATT_MSG,
  ATTENDANCE_FILTERS,
  CARD_SEARCH_MAX,
  FILTER_LABEL,
  type TAttendanceFilter,
} from './attendance-constants';

import { ATT_MSG, ATTENDANCE_FILTERS, CARD_SEARCH_MAX } from './attendance-constants';

const OPERATOR_FILTER_ERROR = 'Filtro de operadores inválido.';

export const ZAttendanceListQuery = z.object({
  sector_id: zIdParam().optional(),
  filter: z.enum(ATTENDANCE_FILTERS).default('all'),
  status: zIdParam().optional(),
  kind: z.enum(CHANNEL_KINDS).optional(),
  contact_id: zIdParam().optional(),
  page: zPage(),
  /** Search of the chat list: name, phone or protocol. */
  q: z
    .string()
    .trim()
    .max(CARD_SEARCH_MAX, { error: `Busca deve conter no máximo ${CARD_SEARCH_MAX} caracteres` })
    .optional()
    .transform((v) => v || undefined),
  /** The operator filter (side modal): assigned to one of these users (ids separated by commas)… */
  operator_ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, { error: OPERATOR_FILTER_ERROR })
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .refine((ids) => ids.every((id) => id >= 1 && id <= INT4_MAX), { error: OPERATOR_FILTER_ERROR })
    .optional(),
  /** …or without an operator ("Sem operador"). */
  unassigned: z
    .enum(['0', '1', 'false', 'true'], { error: OPERATOR_FILTER_ERROR })
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});
export type TAttendanceListQuery = z.infer<typeof ZAttendanceListQuery>;

export const ZCard = z.object({
  id: z.number(),
  card_id: z.string(),
  protocol: z.string(),
  name: z.string(),
  contact_id: z.number(),
  person_id: z.number(),
  channel_kind: z.string(),
  channel_id: z.number(),
  status: z.number().nullable(),
  auto: z.boolean(),
  answered: z.boolean(),
  scheduled: z.number(),
  operator_assigned_id: z.number().nullable(),
  operator_assigned_name: z.string().nullable(),
  sector_id: z.number(),
  busy_client: z.boolean(),
  out_of_sla: z.boolean(),
  locked: z.boolean(),
  poll_submited: z.boolean(),
  notes: z.string(),
  data: z.record(z.string(), z.unknown()),
  /** The longest text a message may carry here (spec 1 §5: the channel's, e.g. 250 for Smart on SMS); null: none. */
  text_limit: z.number().nullable(),
  unread_count: z.number(),
  last_message_at: z.string(),
  last_message_preview: z.string(),
  last_message_sender: z.number(),
  webchat_offline: z.boolean(),
  visitor_offline_since: z.string().nullable(),
  /** The contact's WhatsApp profile picture (a signed URL), with the company's whatsapp-profile-picture flag on. */
  profile_pic_public_path: z.string().nullable(),
  closed_at: z.string().nullable(),
  closed_by_user_name: z.string().nullable(),
  metrics: z.object({
    first_start_chat_at: z.string(),
    first_operator_answer_at: z.string().nullable(),
    latest_operator_answer_at: z.string().nullable(),
    latest_contact_chat_message_at: z.string().nullable(),
    response_time: z.number().nullable(),
    customer_response_counter: z.number(),
  }),
});
export type TCard = z.infer<typeof ZCard>;

export const ZCardPage = z.object({
  items: z.array(ZCard),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
  counters: z.record(z.enum(ATTENDANCE_FILTERS), z.number()),
});
export type TCardPage = z.infer<typeof ZCardPage>;

export const DELIVERY_STATES = ['sending', 'sent', 'delivered', 'read', 'error'] as const;
export type TDelivery = (typeof DELIVERY_STATES)[number];

export const ZMessage = z.object({
  id: z.number(),
  attendance_id: z.number(),
  message_id: z.string(),
  text: z.string(),
  sender_type: z.number(),
  operator_id: z.number().nullable(),
  operator_name: z.string().nullable(),
  sent_at: z.string(),
  quoted_message: z
    .object({ message_id: z.string(), text: z.string(), sender_type: z.number(), expired: z.boolean() })
    .nullable(),
  attachments: z.array(z.unknown()),
  metadata: z.record(z.string(), z.unknown()),
  delivery: z.enum(DELIVERY_STATES),
});
export type TMessage = z.infer<typeof ZMessage>;

export const ZMessagePage = z.object({ items: z.array(ZMessage), has_more: z.boolean() });

export const ZMessagesQuery = z.object({
  before: zBigIdParam().optional(),
  limit: zInt4Param({ min: 1, max: 100 }).default(50),
});

export const ZSendMessageInput = z.object({
  message: z.string().max(20_000, { error: 'Mensagem muito longa.' }),
  replyMessage: z.string().max(200).optional(),
  forward: z.boolean().optional(),
  attachments: ZAttachmentRefs.optional(),
  /** An em_ card's reply: subject, cc and bcc (other channels ignore it). */
  email: ZEmailReplyExtras.optional(),
  /** The screen's id of this send (a retry with the same id is not sent twice). */
  client_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'Identificador inválido.' })
    .optional(),
});

export const ZSetStatusInput = z.object({
  status: zIdParam('Selecione um status.'),
  name: z.string().max(300).optional(),
  contact: zBigIdParam(ATT_MSG.attendanceNotFound),
  data: z.record(z.string(), z.unknown()).optional(),
});

export const ZSetBusyClientInput = z.object({
  busy: z.boolean(),
  name: z.string().max(300).optional(),
  contact: zBigIdParam(ATT_MSG.attendanceNotFound),
  operator_assigned_id: zId().nullable().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});

export const ZSaveNotesInput = z.object({
  notes: z.string().max(5000, { error: 'As anotações devem ter no máximo 5000 caracteres.' }),
});
export const ZSwitchSectorInput = z.object({
  sector_id: zIdParam('Selecione um setor.'),
});
export const ZSwitchOperatorInput = z.object({
  operator_id: zIdParam('Selecione um operador.'),
});
export const ZSetAnsweredInput = z.object({ answered: z.boolean() });

export const ZViewedBy = z.array(
  z.object({ user_id: z.number(), user_name: z.string(), viewed_at: z.string() }),
);

/** The answer of a call that changes an attendance: the text to show and the card's new state. */
export const ZCardResult = z.object({ message: z.string(), card: ZCard });

/** A message sent into an attendance (send, forward) and the card's new state. */
export const ZSendResult = z.object({ message: ZMessage, card: ZCard });

/** An operator of the attendance's sector (GET /attendances/:id/operators, transfer to an operator). */
export const ZSectorOperator = z.object({
  id: z.number(),
  name: z.string(),
  role: z.number(),
  operator_status: z.string(),
});
export type TSectorOperator = z.infer<typeof ZSectorOperator>;
