import { ActionIcon, Button, Group, Paper, Select, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import {
  ACTION_LABEL,
  ACTION_TYPES,
  type TActionType,
  TRIGGER_MESSAGE_MAX,
  type TTriggerImage,
} from '@prosa/shared/triggers';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { ImageField } from './image-field';
import { moveRow, newAction, type TActionDraft } from './text-trigger-rows';

type Option = { value: string; label: string };

type Props = {
  channel: { type: string; id: number };
  actions: TActionDraft[];
  onChange: (actions: TActionDraft[]) => void;
  sectors: Option[];
  finishStatuses: Option[];
  /** Errors by field ('actions.0.params.text'), shown after a save attempt. */
  errors: Record<string, string>;
};

const TYPE_OPTIONS = ACTION_TYPES.map((t) => ({ value: t, label: ACTION_LABEL[t] }));

/** The ordered actions of a text trigger: add, remove, move up and down, each with its own fields. */
export function ActionsEditor({ channel, actions, onChange, sectors, finishStatuses, errors }: Props) {
  const update = (key: string, patch: Partial<TActionDraft>) =>
    onChange(actions.map((a) => (a.key === key ? { ...a, ...patch } : a)));
  const setParam = (a: TActionDraft, name: string, value: unknown) =>
    update(a.key, { params: { ...a.params, [name]: value } });

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Ações
      </Text>
      {actions.length === 0 ? (
        <Text size="sm" c={errors.actions ? 'red' : 'dimmed'}>
          Nenhuma ação. Adicione o que o gatilho faz quando o cliente digitar o texto.
        </Text>
      ) : null}
      {actions.map((a, i) => {
        const n = i + 1;
        const err = (path: string) => errors[`actions.${i}.${path}`];
        return (
          <Paper key={a.key} withBorder p="sm" radius="md" bg="gray.0">
            <Group align="flex-start" gap="sm" wrap="nowrap">
              <Text size="sm" c="dimmed" fw={600} w={20} pt={8} ta="right">
                {n}.
              </Text>
              <Stack gap="xs" style={{ flex: 1 }}>
                <Select
                  aria-label={`Tipo da ação ${n}`}
                  placeholder="Selecione o tipo da ação"
                  data={TYPE_OPTIONS}
                  value={a.type || null}
                  allowDeselect={false}
                  error={err('type')}
                  onChange={(v) => update(a.key, { type: (v ?? '') as TActionType | '', params: {} })}
                  maw={320}
                />
                {a.type === 'TEXT' ? (
                  <Textarea
                    aria-label={`Texto da ação ${n}`}
                    placeholder="Texto enviado ao cliente"
                    autosize
                    minRows={2}
                    maxRows={8}
                    maxLength={TRIGGER_MESSAGE_MAX}
                    value={typeof a.params.text === 'string' ? a.params.text : ''}
                    error={err('params.text')}
                    onChange={(e) => setParam(a, 'text', e.currentTarget.value)}
                  />
                ) : null}
                {a.type === 'MEDIA' ? (
                  <ImageField
                    channel={channel}
                    label={`Imagem da ação ${n}`}
                    value={(a.params.image as TTriggerImage | null | undefined) ?? null}
                    error={err('params.image')}
                    onChange={(image) => setParam(a, 'image', image)}
                  />
                ) : null}
                {a.type === 'CHAT' ? (
                  <Select
                    aria-label={`Setor da ação ${n}`}
                    label="Setor"
                    description="Vazio: o setor do atendimento."
                    placeholder="Setor do atendimento"
                    data={sectors}
                    clearable
                    value={typeof a.params.sector_id === 'number' ? String(a.params.sector_id) : null}
                    onChange={(v) => setParam(a, 'sector_id', v ? Number(v) : null)}
                    maw={320}
                  />
                ) : null}
                {a.type === 'QUIT_CHAT' ? (
                  <Text size="xs" c="dimmed">
                    O atendimento volta para o menu do robô (quando o canal tem menu).
                  </Text>
                ) : null}
                {a.type === 'EXIT_CHAT' ? (
                  <Select
                    aria-label={`Status de finalização da ação ${n}`}
                    label="Status de finalização"
                    placeholder="Selecione o status"
                    data={finishStatuses}
                    value={typeof a.params.status_id === 'number' ? String(a.params.status_id) : null}
                    error={err('params.status_id')}
                    onChange={(v) => setParam(a, 'status_id', v ? Number(v) : null)}
                    maw={320}
                  />
                ) : null}
              </Stack>
              <Group gap={2} wrap="nowrap">
                <Tooltip label="Mover para cima" withArrow>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Mover ação ${n} para cima`}
                    disabled={i === 0}
                    onClick={() => onChange(moveRow(actions, i, -1))}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Mover para baixo" withArrow>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Mover ação ${n} para baixo`}
                    disabled={i === actions.length - 1}
                    onClick={() => onChange(moveRow(actions, i, 1))}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Remover ação" withArrow>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remover ação ${n}`}
                    onClick={() => onChange(actions.filter((x) => x.key !== a.key))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          </Paper>
        );
      })}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...actions, newAction()])}
        >
          Adicionar ação
        </Button>
      </Group>
    </Stack>
  );
}
