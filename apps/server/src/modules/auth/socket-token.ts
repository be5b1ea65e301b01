import { noticeSessionsRevoked } from '../../facts/notices';
import type { AppDeps, Caller } from '../../platform/deps';
import { bumpSocketTokenVersion, findActiveSession } from './repository';
import { socketToken } from './sessions';

export async function getSocketToken(deps: Pick<AppDeps, 'db' | 'appSecret'>, caller: Caller) {
  const active = await findActiveSession(deps.db, { id: caller.sessionId });
  const version = active?.session.socketTokenVersion ?? 0;
  return { token: socketToken(deps.appSecret, caller.sessionId, version), companyId: caller.companyId };
}

/** "Reset realtime token": older socket tokens stop working and sockets opened with them are closed. */
export async function resetSocketToken(deps: Pick<AppDeps, 'db' | 'appSecret'>, caller: Caller) {
  const version = await bumpSocketTokenVersion(deps.db, caller.sessionId);
  await noticeSessionsRevoked(deps.db, {
    companyId: caller.companyId,
    userId: caller.userId,
    sessionIds: [caller.sessionId],
    reason: 'token_reset',
  });
  return { token: socketToken(deps.appSecret, caller.sessionId, version), companyId: caller.companyId };
}
