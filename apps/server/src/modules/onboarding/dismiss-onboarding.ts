import { ONBOARDING_MSG } from '@prosa/shared/onboarding';
import type { AppDeps, Caller } from '../../platform/deps';
import { DISMISSED_SETTING, TRIAL_SEEN_SETTING } from './get-onboarding';
import { setUserSetting } from './repository';

type Deps = Pick<AppDeps, 'db'>;

/** POST /api/onboarding/dismiss: the guide no longer opens by itself for this user (it can still be reopened). */
export async function dismissOnboarding(deps: Deps, caller: Caller) {
  await setUserSetting(deps.db, caller, DISMISSED_SETTING, true);
  return { message: ONBOARDING_MSG.dismissed };
}

/** POST /api/onboarding/trial-seen: the trial welcome was shown to this user; it does not come back. */
export async function markTrialSeen(deps: Deps, caller: Caller) {
  await setUserSetting(deps.db, caller, TRIAL_SEEN_SETTING, true);
  return { message: ONBOARDING_MSG.trialSeen };
}
