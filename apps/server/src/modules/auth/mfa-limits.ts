import { ERROR_CODE, MSG } from '@prosa/shared/messages';
import type { AppDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { countMfaEvents, deleteMfaEvent, insertMfaEvent, type MfaEventKind } from './repository';

// Limits per user across MFA challenges, counted in PostgreSQL so every node agrees: wrong codes
// (LOGIN_MAX_FAILURES) and code e-mails (MFA_MAX_EMAILS), both in the LOGIN_FAILURE_WINDOW_MINUTES window.
// Each guess or e-mail is recorded before it is counted, so requests at the same time cannot pass together.

type LimitDeps = Pick<AppDeps, 'db' | 'config'>;
type User = { companyId: number; id: number };

const tooManyCodes = () => new AppError(ERROR_CODE.rateLimited, MSG.mfaTooManyCodes, 429);
const tooManyEmails = () => new AppError(ERROR_CODE.rateLimited, MSG.mfaTooManyEmails, 429);

const since = (deps: LimitDeps) => new Date(Date.now() - deps.config.LOGIN_FAILURE_WINDOW_MINUTES * 60_000);

const count = (deps: LimitDeps, user: User, kind: MfaEventKind) =>
  countMfaEvents(deps.db, { companyId: user.companyId, userId: user.id, kind, since: since(deps) });

/** Refuses to open a challenge while the user has used up the wrong codes of the window. */
export async function assertMfaCodesLeft(deps: LimitDeps, user: User) {
  if ((await count(deps, user, 'code_failure')) >= deps.config.LOGIN_MAX_FAILURES) throw tooManyCodes();
}

/**
 * Counts a guess as wrong until it proves right: `right()` takes it back. Over the limit, the guess is not
 * checked at all (429).
 */
export async function reserveMfaGuess(deps: LimitDeps, user: User) {
  const id = await insertMfaEvent(deps.db, user.companyId, user.id, 'code_failure');
  if ((await count(deps, user, 'code_failure')) > deps.config.LOGIN_MAX_FAILURES) {
    await deleteMfaEvent(deps.db, id);
    throw tooManyCodes();
  }
  return { right: () => deleteMfaEvent(deps.db, id) };
}

/** Takes one code e-mail of the window, or refuses (429) when the user has had them all. */
export async function reserveMfaEmail(deps: LimitDeps, user: User) {
  const id = await insertMfaEvent(deps.db, user.companyId, user.id, 'code_email');
  if ((await count(deps, user, 'code_email')) > deps.config.MFA_MAX_EMAILS) {
    await deleteMfaEvent(deps.db, id);
    throw tooManyEmails();
  }
}
