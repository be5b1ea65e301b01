import { Box, Switch, Text, Tooltip } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useCurrentUser } from '../auth/session-context';
import { useSetOwnStatus } from './api';

/** The header's "On-line / Off-line" switch: only on-line operators receive distributed attendances. */
export function OperatorStatusSwitch() {
  const user = useCurrentUser();
  const setStatus = useSetOwnStatus(user.id);
  // The switch follows the click at once; the session's status catches up after the server answers.
  const [wanted, setWanted] = useState<'online' | 'offline' | null>(null);
  useEffect(() => {
    if (wanted !== null && user.operatorStatus === wanted) setWanted(null);
  }, [user.operatorStatus, wanted]);
  const online = (wanted ?? user.operatorStatus) === 'online';
  return (
    <Tooltip
      label={online ? 'Você recebe atendimentos da distribuição' : 'Fique on-line para receber atendimentos'}
      withArrow
    >
      <Box>
        <Switch
          checked={online}
          onChange={(e) => {
            const next = e.currentTarget.checked ? 'online' : 'offline';
            setWanted(next);
            setStatus.mutate(next, { onError: () => setWanted(null) });
          }}
          disabled={setStatus.isPending}
          label={
            <Text span visibleFrom="sm" fw={600} size="sm" miw={56} style={{ whiteSpace: 'nowrap' }}>
              {online ? 'On-line' : 'Off-line'}
            </Text>
          }
          aria-label="Status on-line"
          color="teal"
          size="md"
        />
      </Box>
    </Tooltip>
  );
}
