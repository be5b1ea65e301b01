import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { TRIGGER_NAME_MAX, TRIGGER_TEXT_MAX } from '@prosa/shared/triggers';
import {
  IconAlertTriangle,
  IconArrowDown,
  IconArrowUp,
  IconChevronDown,
  IconChevronUp,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { ActionsEditor } from './actions-editor';
import {
  actionsSummary,
  isDirty,
  orderingErrors,
  type TTextDraft,
  type TTextRow,
  validateDraft,
} from './text-trigger-rows';

type Option = { value: string; label: string };

type Props = {
  row: TTextRow;
  index: number;
  count: number;
  channel: { type: string; id: number };
  readOnly: boolean;
  expanded: boolean;
  saving: boolean;
  sectors: Option[];
  finishStatuses: Option[];
  onToggle: () => void;
  onDraft: (draft: TTextDraft) => void;
  onSave: () => void;
  onDiscard: () => void;
  onDelete: () => void;
  onMove: (delta: -1 | 1) => void;
  /** Drag and drop: the card at `from` was dropped on this one. */
  onDropAt: (from: number) => void;
};

const DRAG_TYPE = 'application/x-prosa-trigger-index';

const nameOf = (options: Option[]) => (id: number) => options.find((o) => o.value === String(id))?.label;

/** One text trigger in the ordered list: its summary, and its form while open. */
export function TextTriggerCard(props: Props) {
  const { row, index, count, readOnly } = props;
  const [attempted, setAttempted] = useState(false);
  const dirty = isDirty(row);
  const draft = row.draft;
  const title = draft.name.trim() || 'Novo gatilho';
  const errors = attempted
    ? Object.fromEntries(
        validateDraft(draft)
          .reverse()
          .map((e) => [e.field, e.message]),
      )
    : {};
  const rules = orderingErrors(draft);
  const set = (patch: Partial<TTextDraft>) => props.onDraft({ ...draft, ...patch });
  const save = () => {
    setAttempted(true);
    if (validateDraft(draft).length === 0) props.onSave();
  };
  const summary = actionsSummary(
    draft.actions.map((a) => ({ type: a.type, params: a.params })),
    { sector: nameOf(props.sectors), status: nameOf(props.finishStatuses) },
  );

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      aria-label={`Gatilho ${title}`}
      component="section"
      // The summary line drags (a closed card); an open card keeps its fields selectable.
      draggable={!readOnly && !props.expanded}
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, String(index));
        e.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={(e) => {
        if (!readOnly && e.dataTransfer.types.includes(DRAG_TYPE)) e.preventDefault();
      }}
      onDrop={(e) => {
        const from = Number(e.dataTransfer.getData(DRAG_TYPE));
        if (Number.isInteger(from) && e.dataTransfer.types.includes(DRAG_TYPE)) {
          e.preventDefault();
          props.onDropAt(from);
        }
      }}
      style={{ cursor: !readOnly && !props.expanded ? 'grab' : undefined }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: 1 }}>
          <Badge variant="light" color="gray" radius="sm" mt={2}>
            {index + 1}
          </Badge>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600} size="sm">
                {title}
              </Text>
              {!row.saved ? (
                <Badge size="xs" color="yellow" variant="light">
                  Não salvo
                </Badge>
              ) : dirty ? (
                <Badge size="xs" color="yellow" variant="light">
                  Alterações não salvas
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed" lineClamp={1}>
              Se o cliente digitar: <b>{draft.trigger_text.trim() || '—'}</b>
            </Text>
            <Text size="xs" c="dimmed" lineClamp={1}>
              {summary}
            </Text>
          </Stack>
        </Group>
        <Group gap={2} wrap="nowrap">
          {readOnly ? null : (
            <>
              <Tooltip label="Mover para cima" withArrow>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Mover ${title} para cima`}
                  disabled={index === 0}
                  onClick={() => props.onMove(-1)}
                >
                  <IconArrowUp size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Mover para baixo" withArrow>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Mover ${title} para baixo`}
                  disabled={index === count - 1}
                  onClick={() => props.onMove(1)}
                >
                  <IconArrowDown size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Excluir" withArrow>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Excluir ${title}`}
                  onClick={props.onDelete}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            </>
          )}
          <Tooltip label={props.expanded ? 'Fechar' : readOnly ? 'Ver' : 'Editar'} withArrow>
            <ActionIcon
              variant="subtle"
              aria-label={`${props.expanded ? 'Fechar' : readOnly ? 'Ver' : 'Editar'} ${title}`}
              aria-expanded={props.expanded}
              onClick={props.onToggle}
            >
              {props.expanded ? <IconChevronUp size={18} /> : <IconChevronDown size={18} />}
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {props.expanded ? (
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="sm" mt="md" pl={{ base: 0, sm: 40 }}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Nome"
                withAsterisk
                maxLength={TRIGGER_NAME_MAX}
                description={`Até ${TRIGGER_NAME_MAX} caracteres.`}
                value={draft.name}
                error={errors.name}
                onChange={(e) => set({ name: e.currentTarget.value })}
              />
              <TextInput
                label="Se o cliente digitar"
                withAsterisk
                maxLength={TRIGGER_TEXT_MAX}
                description="Separe alternativas com ponto e vírgula (oi; olá)."
                value={draft.trigger_text}
                error={errors.trigger_text}
                onChange={(e) => set({ trigger_text: e.currentTarget.value })}
              />
            </SimpleGrid>
            <ActionsEditor
              channel={props.channel}
              actions={draft.actions}
              onChange={(actions) => set({ actions })}
              sectors={props.sectors}
              finishStatuses={props.finishStatuses}
              errors={errors}
            />
            {rules.length > 0 || (attempted && errors.actions) ? (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} p="xs">
                <Stack gap={2}>
                  {(rules.length ? rules : [errors.actions]).map((m) => (
                    <Text key={m} size="sm" c="red.8">
                      {m}
                    </Text>
                  ))}
                </Stack>
              </Alert>
            ) : null}
            {readOnly ? null : (
              <Group justify="flex-end" gap="sm">
                <Button
                  variant="default"
                  disabled={props.saving || (!dirty && row.saved !== null)}
                  onClick={() => {
                    setAttempted(false);
                    props.onDiscard();
                  }}
                >
                  {row.saved ? 'Descartar alterações' : 'Cancelar'}
                </Button>
                <Button loading={props.saving} disabled={!dirty} onClick={save}>
                  Salvar gatilho
                </Button>
              </Group>
            )}
          </Stack>
        </fieldset>
      ) : null}
    </Paper>
  );
}
