import { ActionIcon, Tooltip } from '@mantine/core';
import { ROLE } from '@prosa/shared/roles';
import { IconRocket } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useCurrentUser } from '../auth/session-context';
import { useOnboarding } from './api';
import { OnboardingDrawer } from './onboarding-drawer';
import { TrialWelcomeModal } from './trial-welcome-modal';

/**
 * The header's "Guia de primeiros passos" button and the guide it opens. The guide opens by itself once per
 * session while the server says so (an admin, steps missing, not dismissed); the trial welcome comes first.
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
    if (data.show) setOpened(true);
  }, [autoDone, data, trialWelcome]);

  return (
    <>
      <Tooltip label="Guia de primeiros passos" withArrow>
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
