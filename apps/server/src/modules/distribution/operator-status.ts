import { ERROR_CODE } from '@prosa/shared/messages';
import { ROLE } from '@prosa/shared/roles';
import { and, eq, isNull } from 'drizzle-orm';
import { userPauses } from '../../db/schema/distribution';
import { users } from '../../db/schema/users';
import { writeFacts } from '../../facts/write-facts';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { returnChatsIfConfigured } from '../attendance/return-chats';

export const INACTIVE_ONLINE = 'Usuário inativo, não é possível alterar status para on-line.';

/**
 * setStatus (user_id, status): an operator goes online or offline; managers set their team's. Going offline
 * returns the operator's open chats to the queue when the company asks for it (remove_chats_logout).
 */
export async function setOperatorStatus(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  input: { userId: number; status: 'online' | 'offline' },
) {
  if (input.userId !== caller.userId && caller.role < ROLE.manager) throw forbidden();
  const [user] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.companyId, caller.companyId), eq(users.id, input.userId)));
  if (!user || user.role > caller.role) throw notFound();
  if (input.status === 'online' && user.inactiveSince)
    throw new AppError(ERROR_CODE.validation, INACTIVE_ONLINE, 400);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ operatorStatus: input.status, updatedAt: new Date() })
      .where(and(eq(users.companyId, caller.companyId), eq(users.id, user.id)));
    const [pause] = await tx
      .select({ id: userPauses.id })
      .from(userPauses)
      .where(
        and(
          eq(userPauses.companyId, caller.companyId),
          eq(userPauses.userId, user.id),
          isNull(userPauses.endedAt),
        ),
      );
    await writeFacts(tx, [
      {
        companyId: caller.companyId,
        actorUserId: caller.userId,
        name: 'operator.status_changed',
        data: { user_id: user.id, status: input.status, paused: Boolean(pause) },
      },
    ]);
  });
  let returned = 0;
  if (input.status === 'offline')
    returned = await returnChatsIfConfigured(deps, caller.companyId, user.id, caller.userId);
  return { message: 'Status alterado com sucesso!', status: input.status, returned_to_queue: returned };
}
