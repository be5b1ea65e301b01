import { ActionIcon, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TPauseState } from '@prosa/shared/pause';
import { PAUSE_MSG } from '@prosa/shared/pause-texts';
import { IconPlayerPause } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { reasonsQuery, usePauseAction, usePauseReasons, usePauseState } from './api';

const REASONS_SHOWN = 16;

/** Refusals (control off, already paused) are warnings with the server's text; other failures are errors. */
export function pauseErrorToast(error: unknown) {
  if (error instanceof ApiError && error.fromServer && error.status < 500) toast.warning(error.message);
  else toast.apiError(error);
}

/**
 * "Pausar" in the header: a reason is chosen when the company has reasons; then the block page. Shown only
 * while the company's pause control is on (off, pausing is refused, so the button would do nothing).
 */
export function PauseButton() {
  const queryClient = useQueryClient();
  const state = usePauseState();
  const enter = usePauseAction<{ reason_id?: number }>('/api/pause');
  const [checking, setChecking] = useState(false);
  const [choosing, setChoosing] = useState(false);

  const start = (reasonId?: number) =>
    enter.mutate(reasonId === undefined ? {} : { reason_id: reasonId }, {
      onSuccess: (result) => {
        setChoosing(false);
        toast.success(result.message || PAUSE_MSG.paused);
      },
      onError: pauseErrorToast,
    });

  const busy = checking || (enter.isPending && !choosing);

  const onClick = async () => {
    setChecking(true);
    try {
      const first = await queryClient.fetchQuery({
        ...reasonsQuery({ page: 1, count: REASONS_SHOWN, search: '' }),
        staleTime: 0,
      });
      if (first.total > 0) setChoosing(true);
      else start();
    } catch (error) {
      toast.apiError(error);
    } finally {
      setChecking(false);
    }
  };

  if (!state.data?.control_active) return null;

  return (
    <>
      <Button
        visibleFrom="sm"
        variant="light"
        color="yellow"
        leftSection={<IconPlayerPause size={18} />}
        onClick={onClick}
        loading={busy}
      >
        Pausar
      </Button>
      {/* Narrow screens: the same action as an icon, so the header keeps "Sair" in view. */}
      <ActionIcon
        hiddenFrom="sm"
        variant="light"
        color="yellow"
        size="lg"
        aria-label="Pausar"
        onClick={onClick}
        loading={busy}
      >
        <IconPlayerPause size={18} />
      </ActionIcon>
      <Modal opened={choosing} onClose={() => setChoosing(false)} title="Pausar atendimento" centered>
        {choosing ? (
          <ReasonChoice
            state={state.data}
            saving={enter.isPending}
            onCancel={() => setChoosing(false)}
            onConfirm={start}
          />
        ) : null}
      </Modal>
    </>
  );
}

function ReasonChoice(props: {
  state: TPauseState | undefined;
  saving: boolean;
  onCancel: () => void;
  onConfirm: (reasonId?: number) => void;
}) {
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
