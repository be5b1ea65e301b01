import type { TCheckMfaInput } from '@prosa/shared/auth';
import { ERROR_CODE, MSG } from '@prosa/shared/messages';
import { Secret } from 'otpauth';
import { decryptSecret, sha256, sixDigitCode } from '../../platform/crypto';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { checkAccess } from './check-access';
import { completeLogin, type LoginResult, maskEmail, sendMfaMail } from './login';
import { reserveMfaGuess } from './mfa-limits';
import {
  claimTotpStep,
  consumeChallenge,
  countChallengeAttempt,
  findOpenChallenge,
  findUser,
  setChallengeCode,
  type UserWithCompany,
} from './repository';
import { totpStepOf } from './totp-step';

const MAX_ATTEMPTS = 5;

type MfaDeps = Pick<AppDeps, 'db' | 'config' | 'queue' | 'mailer' | 'appSecret'>;

const expired = () => new AppError(ERROR_CODE.mfaInvalid, MSG.mfaChallengeExpired, 401);

export async function checkMfaCode(
  deps: MfaDeps,
  input: TCheckMfaInput & { ip: string; userAgent: string | null },
): Promise<LoginResult> {
  const challenge = await findOpenChallenge(deps.db, input.challengeId);
  if (!challenge) throw expired();
  const attempts = await countChallengeAttempt(deps.db, challenge.id);
  if (attempts > MAX_ATTEMPTS) {
    await consumeChallenge(deps.db, challenge.id);
    throw expired();
  }
  const found = await findUser(deps.db, challenge.companyId, challenge.userId);
  if (!found) throw expired();
  checkAccess(found, input.ip);
  // Wrong codes are also limited per user across challenges (each login with the password opens a new one).
  const guess = await reserveMfaGuess(deps, found.user).catch(async (err: unknown) => {
    await consumeChallenge(deps.db, challenge.id);
    throw err;
  });

  const valid =
    input.method === 'totp'
      ? await totpValid(deps, found, input.code)
      : sha256(input.code) === challenge.codeHash;
  if (!valid) {
    throw new AppError(
      ERROR_CODE.mfaInvalid,
      input.method === 'totp' ? MSG.totpInvalid : MSG.mfaCodeInvalid,
      401,
    );
  }
  await guess.right();
  if (!(await consumeChallenge(deps.db, challenge.id))) throw expired();
  return completeLogin(deps, found, input);
}

/** A TOTP code is accepted once: its time step must be newer than the last one accepted for the user. */
async function totpValid(deps: MfaDeps, found: UserWithCompany, code: string): Promise<boolean> {
  const { user } = found;
  if (!user.totpEnabled || !user.totpSecret) return false;
  const secret = Secret.fromBase32(decryptSecret(user.totpSecret, deps.appSecret));
  const step = totpStepOf(secret, code);
  if (step === null) return false;
  return claimTotpStep(deps.db, user.companyId, user.id, step);
}

/** Sends (or sends again) the e-mail code of an open challenge, with a fresh code and expiry. */
export async function resendMfaEmail(deps: MfaDeps, input: { challengeId: string }) {
  const challenge = await findOpenChallenge(deps.db, input.challengeId);
  if (!challenge) throw expired();
  const found = await findUser(deps.db, challenge.companyId, challenge.userId);
  if (!found) throw expired();
  const code = sixDigitCode();
  const expiresAt = new Date(Date.now() + deps.config.MFA_CODE_TTL_MINUTES * 60_000);
  await setChallengeCode(deps.db, challenge.id, sha256(code), expiresAt);
  await sendMfaMail(deps, found, code);
  return {
    message: `Enviamos um novo código para ${maskEmail(found.user.email)}.`,
  };
}
