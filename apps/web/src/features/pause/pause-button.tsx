import { ActionIcon, Button, Modal } from '@mantine/core';
import { PAUSE_MSG } from '@prosa/shared/pause-texts';
import { IconPlayerPause } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useState } from 'react';
import { ApiError } from '../../lib/api';
import { loadOrReload } from '../../lib/lazy-page';
import { toast } from '../../lib/toast';
import { reasonsQuery, usePauseAction, usePauseState } from './api';
import type { ReasonChoiceProps } from './pause-reason-choice';

/** Reasons listed in the dialog at a time (the search finds the others). */
export const REASONS_SHOWN = 16;

// The reason's Select (combobox, popover) is not needed until "Pausar" is clicked: loaded then, while the
// reasons are fetched, and the dialog opens once both arrived. Not React.lazy: a dialog drawn with a
// placeholder first would focus its close button instead of the Select (data-autofocus).
let ReasonChoice: ComponentType<ReasonChoiceProps> | null = null;
async function loadReasonChoice(): Promise<void> {
  ReasonChoice ??= (await loadOrReload(() => import('./pause-reason-choice'))).ReasonChoice;
}

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
      const [first] = await Promise.all([
        queryClient.fetchQuery({
          ...reasonsQuery({ page: 1, count: REASONS_SHOWN, search: '' }),
          staleTime: 0,
        }),
        loadReasonChoice(),
      ]);
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
        {choosing && ReasonChoice ? (
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
