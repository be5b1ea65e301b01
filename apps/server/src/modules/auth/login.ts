import type { TLoginInput, TLoginOutput } from '@prosa/shared/auth';
import { featureFlagActive } from '@prosa/shared/feature-flags';
import { LOGIN_REDIRECT_MSG } from '@prosa/shared/login-redirect';
import { ERROR_CODE, MSG } from '@prosa/shared/messages';
import { hashPassword, newToken, sha256, sixDigitCode, verifyPassword } from '../../platform/crypto';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { loginRedirectFor } from '../companies/login-redirect';
import { enqueueMail } from '../mail/enqueue-mail';
import { checkAccess } from './check-access';
import { assertMfaCodesLeft, reserveMfaEmail } from './mfa-limits';
import {
  countRecentFailures,
  createMfaChallenge,
  createPasswordToken,
  findUserByEmail,
  recordAttempt,
  type UserWithCompany,
} from './repository';
import { createSession, toSessionUser } from './sessions';

export type LoginResult = { output: TLoginOutput; sessionToken?: string };

type LoginDeps = Pick<AppDeps, 'db' | 'config' | 'queue' | 'mailer'>;

// Compared against when the e-mail is unknown, so both paths cost one argon2 verification.
let dummyHash: Promise<string> | null = null;

export async function login(
  deps: LoginDeps,
  input: TLoginInput & { ip: string; userAgent: string | null },
): Promise<LoginResult> {
  await assertNotRateLimited(deps, input.email, input.ip);
  const found = await findUserByEmail(deps.db, input.email);
  dummyHash ??= hashPassword('senha-inexistente-1');
  const ok = await verifyPassword(found?.user.passwordHash ?? (await dummyHash), input.password);
  if (!found || !ok) {
    await recordAttempt(deps.db, input.email, input.ip, false);
    throw new AppError(ERROR_CODE.invalidCredentials, MSG.invalidCredentials, 401);
  }
  checkAccess(found, input.ip);
  await recordAttempt(deps.db, input.email, input.ip, true);
  // The company moved to a new product URL (spec 2 §4): the user is sent there, with no session here.
  const redirect = loginRedirectFor(found);
  if (redirect) return { output: { step: 'redirect', url: redirect, message: LOGIN_REDIRECT_MSG.notice } };

  // Feature flag mfa_active off: the platform turned MFA off for the company, whatever its own setting says.
  const allow = found.company.metadata.allow as Record<string, unknown> | undefined;
  if (found.company.mfaEnabled && featureFlagActive('mfa_active', allow))
    return { output: await startMfa(deps, found) };
  return completeLogin(deps, found, input);
}

async function assertNotRateLimited(deps: LoginDeps, email: string, ip: string) {
  const since = new Date(Date.now() - deps.config.LOGIN_FAILURE_WINDOW_MINUTES * 60_000);
  const byEmail = await countRecentFailures(deps.db, { email }, since);
  // An address may try several accounts (an office behind one NAT), so its limit is wider.
  const byIp = await countRecentFailures(deps.db, { ip }, since);
  if (byEmail >= deps.config.LOGIN_MAX_FAILURES || byIp >= deps.config.LOGIN_MAX_FAILURES * 4) {
    throw new AppError(ERROR_CODE.rateLimited, MSG.tooManyAttempts, 429);
  }
}

export async function startMfa(deps: LoginDeps, found: UserWithCompany): Promise<TLoginOutput> {
  const { user } = found;
  await assertMfaCodesLeft(deps, user);
  const code = sixDigitCode();
  const expiresAt = new Date(Date.now() + deps.config.MFA_CODE_TTL_MINUTES * 60_000);
  const challengeId = await createMfaChallenge(deps.db, {
    companyId: user.companyId,
    userId: user.id,
    codeHash: sha256(code),
    expiresAt,
  });
  // A user with an authenticator app types its code; the e-mail code is sent on request only.
  if (!user.totpEnabled) await sendMfaMail(deps, found, code);
  return {
    step: 'mfa',
    challengeId,
    methods: user.totpEnabled ? ['totp', 'email'] : ['email'],
    maskedEmail: maskEmail(user.email),
    expiresAt: expiresAt.toISOString(),
  };
}

export async function sendMfaMail(deps: LoginDeps, found: UserWithCompany, code: string) {
  // Every code e-mail (new challenge or resend) counts against the user's e-mails of the window.
  await reserveMfaEmail(deps, found.user);
  await enqueueMail(deps, {
    companyId: found.user.companyId,
    to: found.user.email,
    subject: `Prosa: seu código de acesso é ${code}`,
    text: [
      `Olá, ${found.user.displayName}.`,
      '',
      `Seu código de acesso ao Prosa é: ${code}`,
      `Ele vale por ${deps.config.MFA_CODE_TTL_MINUTES} minutos e só pode ser usado uma vez.`,
      '',
      'Se você não tentou entrar, ignore este e-mail e avise o administrador da sua empresa.',
    ].join('\n'),
  });
}

/** After password (and MFA when on): a forced password change, or a new session. */
export async function completeLogin(
  deps: LoginDeps,
  found: UserWithCompany,
  input: { ip: string; userAgent: string | null },
): Promise<LoginResult> {
  const { user, company } = found;
  const maxAge = company.passwordMaxAgeDays;
  const expired = maxAge > 0 && user.passwordChangedAt.getTime() < Date.now() - maxAge * 86_400_000;
  if (user.mustChangePassword || expired) {
    const changeToken = newToken();
    await createPasswordToken(deps.db, {
      companyId: user.companyId,
      userId: user.id,
      purpose: 'change',
      tokenHash: sha256(changeToken),
      expiresAt: new Date(Date.now() + 15 * 60_000),
    });
    return {
      output: { step: 'change_password', changeToken, reason: user.mustChangePassword ? 'admin' : 'expired' },
    };
  }
  const session = await createSession(deps, { found, ip: input.ip, userAgent: input.userAgent });
  return { output: { step: 'done', user: await toSessionUser(deps, found) }, sessionToken: session.token };
}

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const visible = local.slice(0, Math.min(2, local.length));
  return `${visible}${'*'.repeat(Math.max(1, local.length - visible.length))}@${domain}`;
}
