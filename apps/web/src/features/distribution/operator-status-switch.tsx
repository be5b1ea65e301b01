import { Box, Switch, Text, Tooltip } from '@mantine/core';
import { useCurrentUser } from '../auth/session-context';
import { useSetOwnStatus } from './api';

/** The header's "On-line / Off-line" switch: only on-line operators receive distributed attendances. */
export function OperatorStatusSwitch() {
  const user = useCurrentUser();
  const setStatus = useSetOwnStatus(user.id);
  const online = (setStatus.isPending ? setStatus.variables : user.operatorStatus) === 'online';
  return (
    <Tooltip
      label={online ? 'Você recebe atendimentos da distribuição' : 'Fique on-line para receber atendimentos'}
      withArrow
    >
      <Box>
        <Switch
          checked={online}
          onChange={(e) => setStatus.mutate(e.currentTarget.checked ? 'online' : 'offline')}
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
