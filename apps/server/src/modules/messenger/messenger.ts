import type { ZAnswerInternalMessage, ZChatsQuery, ZSendInternalMessage } from '@prosa/shared/messenger';
import {
  MESSENGER_MSG,
  type TChatMessages,
  type TInternalChat,
  type TMessengerOperator,
} from '@prosa/shared/messenger';
import { ROLE } from '@prosa/shared/roles';
import type { z } from '@prosa/shared/zod';
import { sql } from 'drizzle-orm';
import { writeFacts } from '../../facts/write-facts';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';

type Deps = Pick<AppDeps, 'db'>;

const iso = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();
const isManager = (c: Caller) => c.role >= ROLE.manager;

/** Active operators of the caller's company, by name (the manager's pick list). */
export async function messengerOperators(deps: Deps, caller: Caller): Promise<TMessengerOperator[]> {
  const r = await deps.db.execute<{ id: number; name: string }>(sql`
    select id, name from users
    where company_id = ${caller.companyId} and role = ${ROLE.operator} and inactive_since is null
    order by lower(name), id`);
  return r.rows.map((u) => ({ id: u.id, name: u.name }));
}

/** A manager writes to every active operator or to the chosen ones: one chat per pair, one message in each. */
export async function sendInternalMessage(
  deps: Deps,
  caller: Caller,
  input: z.output<typeof ZSendInternalMessage>,
): Promise<{ message: string; chat_ids: number[] }> {
  const ids = [...new Set(input.operator_ids)];
  if (input.send_to === 'specific' && ids.length === 0) throw badRequest(MESSENGER_MSG.required);
  const targets = await deps.db.execute<{ id: number }>(
    input.send_to === 'all'
      ? sql`select id from users where company_id = ${caller.companyId} and role = ${ROLE.operator}
              and inactive_since is null order by id`
      : sql`select id from users where company_id = ${caller.companyId} and role = ${ROLE.operator}
              and inactive_since is null and id = any(${`{${ids.join(',')}}`}::int[]) order by id`,
  );
  // Another company's or an inactive operator is not one of ours.
  if (input.send_to === 'specific' && targets.rows.length !== ids.length)
    throw notFound(MESSENGER_MSG.operatorNotFound);
  if (targets.rows.length === 0) throw notFound(MESSENGER_MSG.operatorNotFound);
  return deps.db.transaction(async (tx) => {
    const chatIds: number[] = [];
    for (const op of targets.rows) {
      const chat = await tx.execute<{ id: number }>(sql`
        insert into internal_chats (company_id, manager_id, operator_id, last_message_at, unread_operator)
        values (${caller.companyId}, ${caller.userId}, ${op.id}, now(), 1)
        on conflict (company_id, manager_id, operator_id) do update
          set last_message_at = now(), unread_operator = internal_chats.unread_operator + 1
        returning id`);
      const chatId = Number(chat.rows[0]?.id);
      await tx.execute(sql`
        insert into internal_messages (company_id, chat_id, from_user_id, text, need_answer)
        values (${caller.companyId}, ${chatId}, ${caller.userId}, ${input.message}, ${input.need_answer})`);
      chatIds.push(chatId);
    }
    await writeFacts(
      tx,
      targets.rows.map((op, i) => ({
        companyId: caller.companyId,
        actorUserId: caller.userId,
        name: 'internal.message' as const,
        data: { chat_id: chatIds[i] as number, to_user_id: op.id, answer: false },
      })),
    );
    return { message: MESSENGER_MSG.sent, chat_ids: chatIds };
  });
}

type ChatRow = {
  id: number;
  with_user_id: number;
  with_name: string;
  created_at: Date;
  last_message_at: Date;
  last_text: string | null;
  unread: number;
  pending_answers: number;
};

const toChat = (r: ChatRow): TInternalChat => ({
  id: Number(r.id),
  with_user_id: Number(r.with_user_id),
  with_name: r.with_name,
  created_at: iso(r.created_at),
  last_message_at: iso(r.last_message_at),
  last_text: r.last_text,
  unread: Number(r.unread),
  pending_answers: Number(r.pending_answers),
});

// The caller's side of a chat: a manager sees his chats with operators, an operator his chats with managers.
function chatsSql(caller: Caller, where: ReturnType<typeof sql>) {
  const manager = isManager(caller);
  const mineCol = manager ? sql`c.manager_id` : sql`c.operator_id`;
  const otherCol = manager ? sql`c.operator_id` : sql`c.manager_id`;
  const unreadCol = manager ? sql`c.unread_manager` : sql`c.unread_operator`;
  return sql`
    select c.id, ${otherCol} as with_user_id, u.name as with_name, c.created_at, c.last_message_at,
      ${unreadCol} as unread,
      (select m.text from internal_messages m where m.company_id = c.company_id and m.chat_id = c.id
        order by m.created_at desc, m.id desc limit 1) as last_text,
      (select count(*)::int from internal_messages m where m.company_id = c.company_id and m.chat_id = c.id
        and m.need_answer and m.answered_at is null) as pending_answers
    from internal_chats c
    join users u on u.company_id = c.company_id and u.id = ${otherCol}
    where c.company_id = ${caller.companyId} and ${mineCol} = ${caller.userId} and ${where}`;
}

export async function listChats(
  deps: Deps,
  caller: Caller,
  query: z.output<typeof ZChatsQuery>,
): Promise<TInternalChat[]> {
  const name = query.name ? `%${query.name.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const filter = name ? sql`u.name ilike ${name}` : sql`true`;
  const order =
    query.sort === 'oldest' ? sql`c.last_message_at asc, c.id asc` : sql`c.last_message_at desc, c.id desc`;
  const r = await deps.db.execute<ChatRow>(sql`${chatsSql(caller, filter)} order by ${order} limit 500`);
  return r.rows.map(toChat);
}

async function ownChat(deps: Deps, caller: Caller, chatId: number): Promise<TInternalChat> {
  const r = await deps.db.execute<ChatRow>(chatsSql(caller, sql`c.id = ${chatId}`));
  const row = r.rows[0];
  if (!row) throw notFound(MESSENGER_MSG.chatNotFound);
  return toChat(row);
}

/** A chat's messages, oldest first; reading them clears the caller's unread counter. */
export async function chatMessages(deps: Deps, caller: Caller, chatId: number): Promise<TChatMessages> {
  const chat = await ownChat(deps, caller, chatId);
  const unreadCol = isManager(caller) ? sql.raw('unread_manager') : sql.raw('unread_operator');
  await deps.db.execute(
    sql`update internal_chats set ${unreadCol} = 0 where company_id = ${caller.companyId} and id = ${chatId}`,
  );
  const r = await deps.db.execute<{
    id: number;
    from_user_id: number;
    from_name: string;
    text: string;
    need_answer: boolean;
    answered_at: Date | null;
    created_at: Date;
  }>(sql`
    select m.id, m.from_user_id, coalesce(u.name, '') as from_name, m.text, m.need_answer, m.answered_at,
      m.created_at
    from internal_messages m
    left join users u on u.company_id = m.company_id and u.id = m.from_user_id
    where m.company_id = ${caller.companyId} and m.chat_id = ${chatId}
    order by m.created_at, m.id`);
  return {
    chat: { ...chat, unread: 0 },
    messages: r.rows.map((m) => ({
      id: Number(m.id),
      from_user_id: Number(m.from_user_id),
      from_name: m.from_name,
      text: m.text,
      need_answer: m.need_answer,
      answered_at: m.answered_at ? iso(m.answered_at) : null,
      created_at: iso(m.created_at),
      mine: Number(m.from_user_id) === caller.userId,
    })),
  };
}

/** The operator answers in a chat with a manager: the pending questions count as answered. */
export async function answerChat(
  deps: Deps,
  caller: Caller,
  chatId: number,
  input: z.output<typeof ZAnswerInternalMessage>,
): Promise<{ message: string }> {
  const r = await deps.db.execute<{ manager_id: number }>(sql`
    select manager_id from internal_chats
    where company_id = ${caller.companyId} and id = ${chatId} and operator_id = ${caller.userId}`);
  const managerId = r.rows[0]?.manager_id;
  if (managerId === undefined) throw notFound(MESSENGER_MSG.chatNotFound);
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`
      update internal_messages set answered_at = now()
      where company_id = ${caller.companyId} and chat_id = ${chatId} and need_answer and answered_at is null
        and from_user_id <> ${caller.userId}`);
    await tx.execute(sql`
      insert into internal_messages (company_id, chat_id, from_user_id, text, need_answer)
      values (${caller.companyId}, ${chatId}, ${caller.userId}, ${input.message}, false)`);
    await tx.execute(sql`
      update internal_chats set last_message_at = now(), unread_manager = unread_manager + 1
      where company_id = ${caller.companyId} and id = ${chatId}`);
    await writeFacts(tx, [
      {
        companyId: caller.companyId,
        actorUserId: caller.userId,
        name: 'internal.message',
        data: { chat_id: chatId, to_user_id: Number(managerId), answer: true },
      },
    ]);
  });
  return { message: MESSENGER_MSG.answered };
}

/** Unread messages of the caller (the badge on the menu entry). */
export async function unreadCount(deps: Deps, caller: Caller): Promise<{ unread: number }> {
  const col = isManager(caller) ? sql`unread_manager` : sql`unread_operator`;
  const mine = isManager(caller) ? sql`manager_id` : sql`operator_id`;
  const r = await deps.db.execute<{ n: number }>(sql`
    select coalesce(sum(${col}), 0)::int as n from internal_chats
    where company_id = ${caller.companyId} and ${mine} = ${caller.userId}`);
  return { unread: Number(r.rows[0]?.n ?? 0) };
}
