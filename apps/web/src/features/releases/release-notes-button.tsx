import { ActionIcon, Tooltip } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { ReleaseNotesDialog } from './release-notes';

/** The header's "Novidades" button: reopens the release notes, every version, whenever the user wants. */
export function ReleaseNotesButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Tooltip label="Novidades" withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label="Novidades"
          onClick={() => setOpened(true)}
        >
          <IconSparkles size={20} />
        </ActionIcon>
      </Tooltip>
      {opened && <ReleaseNotesDialog all onClose={() => setOpened(false)} />}
    </>
  );
}
