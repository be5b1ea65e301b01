import { ActionIcon, Tooltip } from '@mantine/core';
import { ROLE } from '@prosa/shared/roles';
import { IconRocket } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useCurrentUser } from '../auth/session-context';
import { useOnboarding } from './api';
import { OnboardingDrawer } from './onboarding-drawer';
import { TrialWelcomeModal } from './trial-welcome-modal';

const AUTO_OPENED_KEY = 'prosa:onboarding-auto-opened';

/** True when the guide already opened by itself in this tab (a reload does not open it again); marks it. */
function autoOpenedThisTab(userId: number): boolean {
  const key = `${AUTO_OPENED_KEY}:${userId}`;
  try {
    if (sessionStorage.getItem(key)) return true;
    sessionStorage.setItem(key, '1');
  } catch {
    // Storage refused (private mode): the guide opens once per page load.
  }
  return false;
}

/**
 * The header's "Guia de primeiros passos" button and the guide it opens. The guide opens by itself once per
 * tab and user while the server says so (an admin, steps missing, not dismissed); the trial welcome comes first.
 */
export function OnboardingHost() {
  const user = useCurrentUser();
  const [opened, setOpened] = useState(false);
  const [autoDone, setAutoDone] = useState(false);
  const [trialClosed, setTrialClosed] = useState(false);
  const onboarding = useOnboarding(opened);
  const data = onboarding.data;
  const trialWelcome =
    !trialClosed && user.role >= ROLE.admin && data?.trial !== null && data?.trial?.seen === false;

  useEffect(() => {
    if (autoDone || !data || trialWelcome) return;
    setAutoDone(true);
    if (data.show && !autoOpenedThisTab(user.id)) setOpened(true);
  }, [autoDone, data, trialWelcome, user.id]);

  return (
    <>
      {/* Hidden while the guide is open: it would cover the drawer's first lines. */}
      <Tooltip label="Guia de primeiros passos" withArrow disabled={opened}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label="Guia de primeiros passos"
          onClick={() => setOpened(true)}
        >
          <IconRocket size={20} />
        </ActionIcon>
      </Tooltip>
      {trialWelcome && data?.trial ? (
        <TrialWelcomeModal trial={data.trial} onClose={() => setTrialClosed(true)} />
      ) : null}
      <OnboardingDrawer opened={opened} data={data} onClose={() => setOpened(false)} />
    </>
  );
}
