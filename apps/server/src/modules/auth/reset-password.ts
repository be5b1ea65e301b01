import { ERROR_CODE, MSG } from '@prosa/shared/messages';
import { sha256 } from '../../platform/crypto';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { setPassword } from './change-password';
import { consumePasswordToken, findUser } from './repository';

/** Uses a recovery link once: the conditional update lets only the first request through. */
export async function resetPassword(
  deps: Pick<AppDeps, 'db' | 'config' | 'queue' | 'mailer' | 'events'>,
  input: { token: string; newPassword: string },
) {
  const owner = await consumePasswordToken(deps.db, sha256(input.token), 'reset');
  if (!owner) throw new AppError(ERROR_CODE.validation, MSG.resetLinkInvalid, 400);
  const found = await findUser(deps.db, owner.companyId, owner.userId);
  if (!found) throw new AppError(ERROR_CODE.validation, MSG.resetLinkInvalid, 400);
  await setPassword(deps, found, input.newPassword);
  return { message: MSG.passwordChanged };
}
