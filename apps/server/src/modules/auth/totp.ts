import { MSG } from '@prosa/shared/messages';
import { Secret, TOTP } from 'otpauth';
import { decryptSecret, encryptSecret } from '../../platform/crypto';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { claimTotpStep, findUser, setTotp } from './repository';
import { totpStepOf } from './totp-step';

type TotpDeps = Pick<AppDeps, 'db' | 'appSecret'>;

function totpFor(email: string, secret: Secret) {
  return new TOTP({ issuer: 'Prosa', label: email, secret, digits: 6, period: 30 });
}

/** Enrolment step 1: a new secret, kept (encrypted) but not active until a code proves the app has it. */
export async function setupTotp(deps: TotpDeps, caller: Caller) {
  const found = await findUser(deps.db, caller.companyId, caller.userId);
  if (!found) throw notFound();
  const secret = new Secret({ size: 20 });
  await setTotp(
    deps.db,
    caller.companyId,
    caller.userId,
    encryptSecret(secret.base32, deps.appSecret),
    false,
  );
  return { secret: secret.base32, otpauthUrl: totpFor(found.user.email, secret).toString() };
}

export async function enableTotp(deps: TotpDeps, caller: Caller, code: string) {
  const found = await findUser(deps.db, caller.companyId, caller.userId);
  if (!found?.user.totpSecret) throw badRequest('Gere um novo código QR antes de ativar.');
  const secret = Secret.fromBase32(decryptSecret(found.user.totpSecret, deps.appSecret));
  const step = totpStepOf(secret, code);
  if (step === null) throw badRequest(MSG.totpInvalid);
  await setTotp(deps.db, caller.companyId, caller.userId, found.user.totpSecret, true);
  await claimTotpStep(deps.db, caller.companyId, caller.userId, step);
  return { message: MSG.totpEnabled };
}

export async function disableTotp(deps: TotpDeps, caller: Caller) {
  await setTotp(deps.db, caller.companyId, caller.userId, null, false);
  return { message: MSG.totpDisabled };
}
