import { Button, Card, EmptyState, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { TRIGGER_MSG, type TTextTrigger } from '@prosa/shared/triggers';
import { IconDeviceFloppy, IconMessageBolt, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { DeleteDialog } from '../../components/confirm-dialog';
import { useDeleteTrigger, useSaveTextTrigger, useSaveTriggerOrder } from './api';
import { TextTriggerCard } from './text-trigger-card';
import {
  draftFrom,
  isDirty,
  markSaved,
  moveRow,
  moveTo,
  orderIds,
  orderSaveState,
  reconcile,
  rowFrom,
  rowsFrom,
  type TTextRow,
  toInput,
} from './text-trigger-rows';
import { useReportUnsaved } from './unsaved';

type Option = { value: string; label: string };

type Props = {
  channel: { type: string; id: number };
  list: TTextTrigger[];
  readOnly: boolean;
  sectors: Option[];
  finishStatuses: Option[];
};

/** The channel's text triggers, in the order they are tried: new, edit, delete, reorder and "Salvar ordem". */
export function TextTriggersSection({ channel, list, readOnly, sectors, finishStatuses }: Props) {
  const [rows, setRows] = useState<TTextRow[]>(() => rowsFrom(list));
  const [open, setOpen] = useState<string | null>(null);
  const [removing, setRemoving] = useState<TTextRow | null>(null);
  const save = useSaveTextTrigger(channel);
  const remove = useDeleteTrigger();
  const saveOrder = useSaveTriggerOrder(channel);
  const [savingKey, setSavingKey] = useState<string | null>(null);

  // The server's list changed (a save, a delete, the order): keep the local order and open drafts.
  useEffect(() => setRows((current) => reconcile(current, list)), [list]);

  useReportUnsaved('text', !readOnly && rows.some(isDirty));
  const order = orderSaveState(rows, list);
  const update = (key: string, change: (row: TTextRow) => TTextRow) =>
    setRows((current) => current.map((r) => (r.key === key ? change(r) : r)));

  const add = () => {
    const row = rowFrom(null);
    setRows((current) => [...current, row]);
    setOpen(row.key);
  };

  const saveRow = (row: TTextRow) => {
    setSavingKey(row.key);
    save.mutate(
      { id: row.saved?.id ?? null, body: toInput(row.draft) },
      {
        onSuccess: (trigger) => {
          setRows((current) => markSaved(current, row.key, trigger));
          // Saved, the trigger closes into its summary line.
          setOpen((current) => (current === row.key ? null : current));
        },
        onSettled: () => setSavingKey(null),
      },
    );
  };

  const confirmRemove = (row: TTextRow) => {
    if (!row.saved) {
      setRows((current) => current.filter((r) => r.key !== row.key));
      setRemoving(null);
      return;
    }
    remove.mutate(row.saved.id, {
      onSuccess: () => setRows((current) => current.filter((r) => r.key !== row.key)),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <Card padding="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={4}>Gatilhos de texto</Title>
            <Text size="sm" c="dimmed">
              Quando o cliente digita um dos textos, o primeiro gatilho da lista que corresponder executa suas
              ações. Arraste ou use as setas para mudar a ordem.
            </Text>
          </Stack>
          {readOnly ? null : (
            <Group gap="xs">
              <Tooltip label={order.reason} disabled={!order.reason} withArrow>
                <Button
                  variant="default"
                  leftSection={<IconDeviceFloppy size={16} />}
                  disabled={!order.enabled}
                  loading={saveOrder.isPending}
                  onClick={() => saveOrder.mutate(orderIds(rows))}
                >
                  Salvar ordem
                </Button>
              </Tooltip>
              <Button leftSection={<IconPlus size={16} />} onClick={add}>
                Novo gatilho
              </Button>
            </Group>
          )}
        </Group>
        {order.reason && rows.length > 1 ? (
          <Text size="xs" c="dimmed">
            {order.reason}
          </Text>
        ) : null}
        {rows.length === 0 ? (
          <EmptyState
            py="lg"
            icon={<IconMessageBolt size={28} />}
            title={TRIGGER_MSG.empty}
            description={
              readOnly ? undefined : 'Crie um gatilho para responder automaticamente a um texto do cliente.'
            }
          />
        ) : (
          <Stack gap="xs">
            {rows.map((row, i) => (
              <TextTriggerCard
                key={row.key}
                row={row}
                index={i}
                count={rows.length}
                channel={channel}
                readOnly={readOnly}
                expanded={open === row.key}
                saving={savingKey === row.key}
                sectors={sectors}
                finishStatuses={finishStatuses}
                onToggle={() => setOpen(open === row.key ? null : row.key)}
                onDraft={(draft) => update(row.key, (r) => ({ ...r, draft }))}
                onSave={() => saveRow(row)}
                onDiscard={() => {
                  if (!row.saved) {
                    setRows((current) => current.filter((r) => r.key !== row.key));
                    return;
                  }
                  update(row.key, (r) => ({ ...r, draft: draftFrom(r.saved) }));
                }}
                onDelete={() => setRemoving(row)}
                onMove={(delta) => setRows((current) => moveRow(current, i, delta))}
                onDropAt={(from) => setRows((current) => moveTo(current, from, i))}
              />
            ))}
          </Stack>
        )}
      </Stack>
      <DeleteDialog
        target={removing}
        title="Excluir gatilho"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={confirmRemove}
      >
        <Text size="sm">
          {removing ? `Deseja excluir o gatilho "${removing.draft.name.trim() || 'Novo gatilho'}"?` : ''}
        </Text>
      </DeleteDialog>
    </Card>
  );
}
