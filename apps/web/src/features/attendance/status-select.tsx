import { Select, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TCard } from '@prosa/shared/attendance';
import { useEffect, useMemo, useState } from 'react';
import type { TStatus } from '../statuses/api';
import { needsConfirmation, STATUS_GROUP_LABEL, statusColor, statusGroups } from './status-options';
import { useSetStatus } from './use-card-actions';

type Props = {
  card: TCard;
  statuses: TStatus[];
  allow: Record<string, boolean>;
  /** The confirmation dialog opened or closed (the chat modal must not close on its Escape). */
  onDialog: (open: boolean) => void;
};

/**
 * Status of the attendance (spec 1 §4): classifications keep it open, finalizations close it and the modal.
 * The choice shows at once and goes back to the old status when the call fails.
 */
export function StatusSelect({ card, statuses, allow, onDialog }: Props) {
  const setStatus = useSetStatus(card);
  const [value, setValue] = useState<string | null>(card.status === null ? null : String(card.status));
  const groups = useMemo(() => statusGroups(statuses), [statuses]);
  const data = useMemo(
    () => [
      {
        group: STATUS_GROUP_LABEL.classification,
        items: groups.classification.map((s) => ({ value: String(s.id), label: s.name })),
      },
      {
        group: STATUS_GROUP_LABEL.finalization,
        items: groups.finalization.map((s) => ({ value: String(s.id), label: s.name })),
      },
    ],
    [groups],
  );
  const byId = useMemo(() => new Map(statuses.map((s) => [String(s.id), s])), [statuses]);

  useEffect(() => {
    setValue(card.status === null ? null : String(card.status));
  }, [card.status]);

  const apply = (status: TStatus) => {
    const old = value;
    setValue(String(status.id));
    setStatus.mutate(
      { id: status.id, finalizes: status.should_close === 1 },
      { onError: () => setValue(old) },
    );
  };

  const choose = (next: string | null) => {
    const status = next ? byId.get(next) : undefined;
    if (!status || next === value) return;
    if (!needsConfirmation(status, allow)) {
      apply(status);
      return;
    }
    const finalizes = status.should_close === 1;
    onDialog(true);
    modals.openConfirmModal({
      onClose: () => onDialog(false),
      title: finalizes ? 'Finalizar atendimento' : 'Alterar status',
      zIndex: 400,
      children: (
        <Text size="sm">
          {finalizes
            ? `Finalizar o atendimento de ${card.name} com o status "${status.name}"?`
            : `Alterar o status do atendimento de ${card.name} para "${status.name}"?`}
        </Text>
      ),
      labels: { confirm: finalizes ? 'Finalizar' : 'Alterar', cancel: 'Cancelar' },
      confirmProps: { color: finalizes ? 'red' : undefined },
      onConfirm: () => apply(status),
    });
  };

  const current = value ? byId.get(value) : undefined;
  return (
    <Select
      aria-label="Status do atendimento"
      placeholder="Selecionar status"
      data={data}
      value={value}
      onChange={choose}
      allowDeselect={false}
      disabled={setStatus.isPending}
      size="sm"
      w={{ base: '100%', xs: 240 }}
      comboboxProps={{ zIndex: 350, withinPortal: true }}
      leftSection={
        <span
          aria-hidden
          style={{
            width: 10,
            height: 10,
            borderRadius: 5,
            background: statusColor(current?.color) ?? 'var(--mantine-color-gray-4)',
          }}
        />
      }
      rightSectionPointerEvents="none"
    />
  );
}
