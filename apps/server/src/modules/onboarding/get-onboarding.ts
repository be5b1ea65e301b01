import {
  daysUntil,
  ONBOARDING_STEP_KEYS,
  type TOnboardingOutput,
  type TOnboardingStepKey,
  type TTrialInfo,
  trialUntil,
} from '@prosa/shared/onboarding';
import { ROLE } from '@prosa/shared/roles';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { onboardingFacts, readUserSettings, trialFacts } from './repository';

type Deps = Pick<AppDeps, 'db'>;

export const DISMISSED_SETTING = 'onboarding_dismissed';
export const TRIAL_SEEN_SETTING = 'trial_welcome_seen';

/** The company's trial as the caller sees it, or null when the company is not in trial (or it ended). */
export async function trialOf(
  deps: Deps,
  caller: Caller,
  seen: boolean,
  now = new Date(),
): Promise<TTrialInfo | null> {
  const facts = await trialFacts(deps.db, caller.companyId);
  if (!facts) throw notFound();
  const until = trialUntil({
    metadataTrialUntil: facts.trialUntil,
    hasContract: facts.hasContract,
    createdAt: facts.createdAt,
  });
  if (!until) return null;
  const daysLeft = daysUntil(until, now.toISOString().slice(0, 10));
  return daysLeft < 0 ? null : { until, days_left: daysLeft, seen };
}

/**
 * GET /api/onboarding: the first-run guide computed live from the company's data (a sector, a user besides the
 * admin, a channel not deleted, a web chat conversation received), whether this user dismissed it, and the trial.
 */
export async function getOnboarding(
  deps: Deps,
  caller: Caller,
  now = new Date(),
): Promise<TOnboardingOutput> {
  const facts = await onboardingFacts(deps.db, caller.companyId);
  const settings = await readUserSettings(deps.db, caller);
  const done: Record<TOnboardingStepKey, boolean> = {
    sector: facts.sectors > 0,
    user: facts.users > 1,
    channel: facts.channels > 0,
    webchat: facts.webchatConversation,
  };
  const steps = ONBOARDING_STEP_KEYS.map((key) => ({ key, done: done[key] }));
  const allDone = steps.every((s) => s.done);
  const dismissed = settings[DISMISSED_SETTING] === true;
  const trial = await trialOf(deps, caller, settings[TRIAL_SEEN_SETTING] === true, now);
  return {
    steps,
    all_done: allDone,
    dismissed,
    show: caller.role >= ROLE.admin && !allDone && !dismissed,
    trial,
  };
}
