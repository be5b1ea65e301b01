import { zId } from './ids';
import { z } from './zod';

// Internal messenger (issue 20; spec 3 §3, §5, §7, §8): managers write to operators, operators answer.

export const MESSENGER_MSG = {
  required: 'Todos os campos devem ser preenchidos.',
  answerRequired: 'O campo de resposta deve ser preenchido.',
  operatorsError: 'Erro ao carregar operadores.',
  managersError: 'Erro ao carregar gestores.',
  chatsError: 'Erro ao carregar as conversas.',
  saveError: 'Erro ao salvar mensagem, por favor tente novamente.',
  operatorNotFound: 'Operador não encontrado.',
  managerNotFound: 'Gestor não encontrado.',
  chatNotFound: 'Conversa não encontrada.',
  sent: 'Mensagem enviada com sucesso.',
  answered: 'Resposta enviada com sucesso.',
  /** The company has the internal messenger off (feature flag internal_messenger). */
  disabled: 'Não foi possível acessar este recurso.',
} as const;

export const ZSendInternalMessage = z.object({
  send_to: z.enum(['all', 'specific'], { error: MESSENGER_MSG.required }),
  operator_ids: z
    .array(zId(MESSENGER_MSG.operatorNotFound), { error: MESSENGER_MSG.required })
    .max(1000)
    .default([]),
  message: z
    .string({ error: MESSENGER_MSG.required })
    .trim()
    .min(1, MESSENGER_MSG.required)
    .max(4000, 'A mensagem deve ter no máximo 4000 caracteres.'),
  need_answer: z.boolean().default(false),
});
export type TSendInternalMessage = z.input<typeof ZSendInternalMessage>;

/** An operator starts (or goes on with) a conversation with a manager of the company. */
export const ZMessageToManager = z.object({
  manager_id: zId(MESSENGER_MSG.managerNotFound),
  message: z
    .string({ error: MESSENGER_MSG.required })
    .trim()
    .min(1, MESSENGER_MSG.required)
    .max(4000, 'A mensagem deve ter no máximo 4000 caracteres.'),
});
export type TMessageToManager = z.input<typeof ZMessageToManager>;

export const ZAnswerInternalMessage = z.object({
  message: z
    .string({ error: MESSENGER_MSG.answerRequired })
    .trim()
    .min(1, MESSENGER_MSG.answerRequired)
    .max(4000, 'A resposta deve ter no máximo 4000 caracteres.'),
});

export const ZChatsQuery = z.object({
  name: z.string().trim().max(200).optional(),
  sort: z.enum(['recent', 'oldest'], { error: 'Ordenação inválida.' }).default('recent'),
});

export const ZInternalChat = z.object({
  id: z.number(),
  /** The other side of the chat (the operator for a manager, the manager for an operator). */
  with_user_id: z.number(),
  with_name: z.string(),
  created_at: z.string(),
  last_message_at: z.string(),
  last_text: z.string().nullable(),
  unread: z.number(),
  pending_answers: z.number(),
});
export type TInternalChat = z.infer<typeof ZInternalChat>;

/** GET /api/messenger/unread: the caller's unread internal messages (the menu badge). */
export const ZMessengerUnread = z.object({ unread: z.number() });

export const ZInternalMessage = z.object({
  id: z.number(),
  from_user_id: z.number(),
  from_name: z.string(),
  text: z.string(),
  need_answer: z.boolean(),
  answered_at: z.string().nullable(),
  created_at: z.string(),
  mine: z.boolean(),
});
export type TInternalMessage = z.infer<typeof ZInternalMessage>;

export const ZChatMessages = z.object({ chat: ZInternalChat, messages: z.array(ZInternalMessage) });
export type TChatMessages = z.infer<typeof ZChatMessages>;

export const ZMessengerOperator = z.object({ id: z.number(), name: z.string() });
export type TMessengerOperator = z.infer<typeof ZMessengerOperator>;

// Internal-communication dashboard (issue 19).
export const ZCommunicationRow = z.object({
  user_id: z.number(),
  name: z.string(),
  role: z.enum(['manager', 'operator']),
  sent: z.number(),
  answers: z.number(),
  pending: z.number(),
  /** Average seconds from a need-answer message to its answer (null without answers). */
  avg_answer_seconds: z.number().nullable(),
});
export const ZCommunicationDashboard = z.object({
  period: z.object({ fromDate: z.string(), toDate: z.string() }),
  rows: z.array(ZCommunicationRow),
  totals: z.object({
    sent: z.number(),
    answers: z.number(),
    pending: z.number(),
    avg_answer_seconds: z.number().nullable(),
  }),
  per_day: z.array(z.object({ day: z.string(), sent: z.number(), answers: z.number() })),
});
export type TCommunicationDashboard = z.infer<typeof ZCommunicationDashboard>;
