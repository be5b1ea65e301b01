import { ActionIcon, Tooltip } from '@mantine/core';
import type { TCard } from '@prosa/shared/attendance';
import { IconMailFilled } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyCard, openAttendance } from '../../lib/attendance-cache';
import { toast } from '../../lib/toast';
import { chatApi } from './api';

const LABEL = 'Marcar como não lido';

/**
 * Read/unread (attendance settings): the card goes back to unread on the server, for every tab and screen that
 * shows it, and the conversation closes so the operator comes back to it later.
 */
export function MarkUnreadAction({ card }: { card: TCard }) {
  const queryClient = useQueryClient();
  const mark = useMutation({
    mutationFn: () => chatApi.markUnread(card.id),
    onSuccess: (res) => {
      applyCard(queryClient, res.card);
      toast.success(res.message);
      openAttendance.close();
    },
    onError: (error) => toast.apiError(error),
  });
  return (
    <Tooltip label={LABEL} withArrow>
      <ActionIcon
        variant="default"
        size={36}
        aria-label={LABEL}
        loading={mark.isPending}
        onClick={() => mark.mutate()}
      >
        <IconMailFilled size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
