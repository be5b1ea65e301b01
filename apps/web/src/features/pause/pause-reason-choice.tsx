import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TPauseState } from '@prosa/shared/pause';
import { PAUSE_MSG } from '@prosa/shared/pause-texts';
import { IconPlayerPause } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { usePauseReasons } from './api';
import { REASONS_SHOWN } from './pause-button';

/** The reason of a pause, chosen in the header's "Pausar" dialog (pause-button.tsx loads it when opened). */
export type ReasonChoiceProps = {
  state: TPauseState | undefined;
  saving: boolean;
  onCancel: () => void;
  onConfirm: (reasonId?: number) => void;
};

export function ReasonChoice(props: ReasonChoiceProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [reasonId, setReasonId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reasons = usePauseReasons({ page: 1, count: REASONS_SHOWN, search: debounced });
  const required = props.state?.needs_reason === true;
  const options = (reasons.data?.items ?? []).map((r) => ({ value: r.id, label: r.title }));

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Em pausa você não recebe atendimentos da distribuição automática.
      </Text>
      <Select<number>
        label="Motivo da pausa"
        placeholder={required ? 'Selecione o motivo' : 'Selecione (opcional)'}
        withAsterisk={required}
        data={options}
        value={reasonId}
        onChange={(v) => {
          setReasonId(v);
          setError(null);
        }}
        searchable
        onSearchChange={setSearch}
        clearable={!required}
        nothingFoundMessage="Nenhum motivo encontrado"
        error={error ?? errorMessage(reasons.error)}
        // Focused when the modal opens; a list opening by itself would cover the buttons.
        openOnFocus={false}
        data-autofocus
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={props.onCancel} disabled={props.saving}>
          Cancelar
        </Button>
        <Button
          color="yellow"
          leftSection={<IconPlayerPause size={16} />}
          loading={props.saving}
          onClick={() => {
            if (required && reasonId === null) setError(PAUSE_MSG.reasonRequired);
            else props.onConfirm(reasonId ?? undefined);
          }}
        >
          Pausar
        </Button>
      </Group>
    </Stack>
  );
}
