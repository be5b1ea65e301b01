import { Badge, Text } from '@mantine/core';
import { CONNECTION_STATE_LABEL, type TConnectionStateName } from '@prosa/shared/connection-state';

const COLOR: Record<TConnectionStateName, string> = {
  none: 'gray',
  starting: 'yellow',
  connected: 'teal',
  disconnected: 'gray',
  error: 'red',
};

/** A channel's connection in a list: its state, and under it what went wrong. */
export function ConnectionStateCell(props: {
  state: TConnectionStateName;
  error: string | null | undefined;
}) {
  return (
    <>
      <Badge variant="light" color={COLOR[props.state]}>
        {CONNECTION_STATE_LABEL[props.state]}
      </Badge>
      {props.error ? (
        <Text size="xs" c="red" mt={2}>
          {props.error}
        </Text>
      ) : null}
    </>
  );
}
