import { MESSENGER_MSG, type TMessengerOperator, type ZMessageToManager } from '@prosa/shared/messenger';
import { ROLE } from '@prosa/shared/roles';
import type { z } from '@prosa/shared/zod';
import { sql } from 'drizzle-orm';
import { writeFacts } from '../../facts/write-facts';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';

type Deps = Pick<AppDeps, 'db'>;

/** Active managers and admins of the caller's company, by name (an operator's pick list). */
export async function messengerManagers(deps: Deps, caller: Caller): Promise<TMessengerOperator[]> {
  const r = await deps.db.execute<{ id: number; name: string }>(sql`
    select id, name from users
    where company_id = ${caller.companyId} and role >= ${ROLE.manager} and role < ${ROLE.lord}
      and inactive_since is null and id <> ${caller.userId}
    order by lower(name), id`);
  return r.rows.map((u) => ({ id: u.id, name: u.name }));
}

/**
 * An operator writes to a manager of the company: the pair's chat (created when new) gets the message and the
 * manager hears it like an answer.
 */
export async function sendToManager(
  deps: Deps,
  caller: Caller,
  input: z.output<typeof ZMessageToManager>,
): Promise<{ message: string; chat_id: number }> {
  const manager = await deps.db.execute<{ id: number }>(sql`
    select id from users
    where company_id = ${caller.companyId} and id = ${input.manager_id} and role >= ${ROLE.manager}
      and role < ${ROLE.lord} and inactive_since is null`);
  if (!manager.rows[0]) throw notFound(MESSENGER_MSG.managerNotFound);
  return deps.db.transaction(async (tx) => {
    const chat = await tx.execute<{ id: number }>(sql`
      insert into internal_chats (company_id, manager_id, operator_id, last_message_at, unread_manager)
      values (${caller.companyId}, ${input.manager_id}, ${caller.userId}, now(), 1)
      on conflict (company_id, manager_id, operator_id) do update
        set last_message_at = now(), unread_manager = internal_chats.unread_manager + 1
      returning id`);
    const chatId = Number(chat.rows[0]?.id);
    await tx.execute(sql`
      insert into internal_messages (company_id, chat_id, from_user_id, text, need_answer)
      values (${caller.companyId}, ${chatId}, ${caller.userId}, ${input.message}, false)`);
    await writeFacts(tx, [
      {
        companyId: caller.companyId,
        actorUserId: caller.userId,
        name: 'internal.message',
        data: { chat_id: chatId, to_user_id: input.manager_id, answer: true },
      },
    ]);
    return { message: MESSENGER_MSG.sent, chat_id: chatId };
  });
}
