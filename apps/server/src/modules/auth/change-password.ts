import type { TChangePasswordInput } from '@prosa/shared/auth';
import { ERROR_CODE, MSG } from '@prosa/shared/messages';
import { noticeSessionsRevoked } from '../../facts/notices';
import { hashPassword, sha256, verifyPassword } from '../../platform/crypto';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, badRequest } from '../../platform/errors';
import { checkAccess } from './check-access';
import { completeLogin, type LoginResult } from './login';
import {
  consumePasswordToken,
  findUsablePasswordToken,
  findUser,
  revokeUserSessions,
  type UserWithCompany,
  updatePassword,
} from './repository';

type ChangeDeps = Pick<AppDeps, 'db' | 'config' | 'queue' | 'mailer'>;

/**
 * Forced change (changeToken from the login step, no session yet) or voluntary change by a logged-in
 * user (currentPassword). Every other session of the user is revoked.
 */
export async function changePassword(
  deps: ChangeDeps,
  input: TChangePasswordInput & { caller: Caller | null; ip: string; userAgent: string | null },
): Promise<LoginResult | { message: string }> {
  if (input.changeToken) {
    const owner = await findUsablePasswordToken(deps.db, sha256(input.changeToken), 'change');
    if (!owner) throw new AppError(ERROR_CODE.unauthenticated, MSG.mfaChallengeExpired, 401);
    const found = await findUser(deps.db, owner.companyId, owner.userId);
    if (!found) throw new AppError(ERROR_CODE.unauthenticated, MSG.mfaChallengeExpired, 401);
    checkAccess(found, input.ip);
    await assertNewPassword(found, input.newPassword);
    if (!(await consumePasswordToken(deps.db, sha256(input.changeToken), 'change'))) {
      throw new AppError(ERROR_CODE.unauthenticated, MSG.mfaChallengeExpired, 401);
    }
    await setPassword(deps, found, input.newPassword);
    const refreshed = await findUser(deps.db, owner.companyId, owner.userId);
    if (!refreshed) throw new AppError(ERROR_CODE.unauthenticated, MSG.mfaChallengeExpired, 401);
    return completeLogin(deps, refreshed, input);
  }

  const caller = input.caller;
  if (!caller) throw new AppError(ERROR_CODE.unauthenticated, MSG.unauthenticated, 401);
  const found = await findUser(deps.db, caller.companyId, caller.userId);
  if (!found) throw new AppError(ERROR_CODE.unauthenticated, MSG.unauthenticated, 401);
  if (!(await verifyPassword(found.user.passwordHash, input.currentPassword ?? ''))) {
    throw badRequest(MSG.currentPasswordWrong);
  }
  await assertNewPassword(found, input.newPassword);
  await setPassword(deps, found, input.newPassword, caller.sessionId);
  return { message: MSG.passwordChanged };
}

async function assertNewPassword(found: UserWithCompany, newPassword: string) {
  if (await verifyPassword(found.user.passwordHash, newPassword)) throw badRequest(MSG.passwordSameAsOld);
}

export async function setPassword(
  deps: ChangeDeps,
  found: UserWithCompany,
  newPassword: string,
  keepSessionId?: string,
) {
  const { user } = found;
  await updatePassword(deps.db, user.companyId, user.id, await hashPassword(newPassword));
  const revoked = await revokeUserSessions(deps.db, user.companyId, user.id, keepSessionId);
  await noticeSessionsRevoked(deps.db, {
    companyId: user.companyId,
    userId: user.id,
    sessionIds: revoked,
    reason: 'password_changed',
  });
}
