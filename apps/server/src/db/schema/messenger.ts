import { boolean, index, integer, pgTable, primaryKey, text, timestamptz, uniqueIndex } from './columns';
import { companies } from './companies';

// Internal messenger (issue 20; spec 3 §3 Internal message): one chat per manager × operator pair, unread
// counters kept on the chat so the header badge is one cheap query.
export const internalChats = pgTable(
  'internal_chats',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    managerId: integer('manager_id').notNull(),
    operatorId: integer('operator_id').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastMessageAt: timestamptz('last_message_at').notNull().defaultNow(),
    unreadOperator: integer('unread_operator').notNull().default(0),
    unreadManager: integer('unread_manager').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('internal_chats_pair_uq').on(t.companyId, t.managerId, t.operatorId),
    index('internal_chats_operator_idx').on(t.companyId, t.operatorId),
  ],
);

export const internalMessages = pgTable(
  'internal_messages',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    id: integer('id').generatedAlwaysAsIdentity(),
    chatId: integer('chat_id').notNull(),
    fromUserId: integer('from_user_id').notNull(),
    text: text('text').notNull(),
    needAnswer: boolean('need_answer').notNull().default(false),
    answeredAt: timestamptz('answered_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('internal_messages_chat_idx').on(t.companyId, t.chatId, t.createdAt),
    index('internal_messages_created_idx').on(t.companyId, t.createdAt),
  ],
);
