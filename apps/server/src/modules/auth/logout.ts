import { noticeSessionsRevoked } from '../../facts/notices';
import type { AppDeps, Caller } from '../../platform/deps';
import { returnChatsIfConfigured } from '../attendance/return-chats';
import { insertAccessLog, revokeSession } from './repository';

export async function logout(deps: Pick<AppDeps, 'db'>, caller: Caller, ip: string) {
  if (await revokeSession(deps.db, caller.sessionId)) {
    await insertAccessLog(deps.db, {
      companyId: caller.companyId,
      userId: caller.userId,
      event: 'logout',
      ip,
    });
    await noticeSessionsRevoked(deps.db, {
      companyId: caller.companyId,
      userId: caller.userId,
      sessionIds: [caller.sessionId],
      reason: 'logout',
    });
    // remove_chats_logout: a logged-out operator's open chats go back to the queue.
    await returnChatsIfConfigured(deps, caller.companyId, caller.userId);
  }
}
