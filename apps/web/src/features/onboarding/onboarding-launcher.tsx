import { ROLE } from '@prosa/shared/roles';
import { lazyComponent } from '../../lib/lazy-page';
import { useCurrentUser } from '../auth/session-context';

// The guide, its header button and the trial welcome load with their own chunk (zod with them), after the chat.
const OnboardingHost = lazyComponent(
  () => import('./onboarding-host').then((m) => m.OnboardingHost),
  () => null,
);

/** The first-run guide and the trial welcome (spec 1 §2 side modals), for a company's managers and admins. */
export function OnboardingLauncher() {
  const user = useCurrentUser();
  if (user.role < ROLE.manager) return null;
  return <OnboardingHost />;
}
