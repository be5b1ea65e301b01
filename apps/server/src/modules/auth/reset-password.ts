import { ERROR_CODE, MSG } from '@prosa/shared/messages';
import { sha256, verifyPassword } from '../../platform/crypto';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest } from '../../platform/errors';
import { setPassword } from './change-password';
import { consumePasswordToken, findUsablePasswordToken, findUser, voidPasswordTokens } from './repository';

/** Uses a recovery link once: the conditional update lets only the first request through. */
export async function resetPassword(
  deps: Pick<AppDeps, 'db' | 'config' | 'queue' | 'mailer'>,
  input: { token: string; newPassword: string },
) {
  const invalid = () => new AppError(ERROR_CODE.validation, MSG.resetLinkInvalid, 400);
  const usable = await findUsablePasswordToken(deps.db, sha256(input.token), 'reset');
  if (!usable) throw invalid();
  const found = await findUser(deps.db, usable.companyId, usable.userId);
  if (!found) throw invalid();
  if (await verifyPassword(found.user.passwordHash, input.newPassword))
    throw badRequest(MSG.passwordSameAsOld);
  if (!(await consumePasswordToken(deps.db, sha256(input.token), 'reset'))) throw invalid();
  // Any other link still open for the person ends with this one.
  await voidPasswordTokens(deps.db, usable.companyId, usable.userId, 'reset');
  await setPassword(deps, found, input.newPassword);
  return { message: MSG.passwordChanged };
}
