import { Chip, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  CHATBOT_CHANNEL_LABEL,
  CHATBOT_CHANNEL_TYPES,
  CONDITION_KIND_LABEL,
  CONDITION_KINDS,
  METADATA_OP_LABEL,
  METADATA_OPS,
  type TConditionKind,
} from '@prosa/shared/chatbot';
import type { TNodeData } from './graph';
import { str } from './panel-fields';

/** A condition node: a contact field compared with a value, the working hours, or the channel. */
export function ConditionFields({
  data,
  set,
  fields,
}: {
  data: TNodeData;
  set: (patch: TNodeData) => void;
  fields: { value: string; label: string }[];
}) {
  const kind = (str(data.kind) || 'working_hours') as TConditionKind;
  const changeKind = (next: string) => {
    // Each kind has its own fields: the others are dropped.
    if (next === 'metadata') set({ kind: next, field: '', op: 'equals', value: '' });
    else if (next === 'channel') set({ kind: next, kinds: [] });
    else set({ kind: next, monday_to_friday: '08:00-18:00', saturday: null, sunday: null });
  };
  const clean = (patch: TNodeData) => {
    const { kind: _k, ...rest } = data;
    const keep =
      kind === 'metadata'
        ? { field: rest.field, op: rest.op, value: rest.value }
        : kind === 'channel'
          ? { kinds: rest.kinds }
          : { monday_to_friday: rest.monday_to_friday, saturday: rest.saturday, sunday: rest.sunday };
    set({ kind, ...keep, ...patch });
  };
  return (
    <>
      <Select
        label="Verificar"
        data={CONDITION_KINDS.map((k) => ({ value: k, label: CONDITION_KIND_LABEL[k] }))}
        value={kind}
        onChange={(v) => v && changeKind(v)}
        allowDeselect={false}
      />
      {kind === 'metadata' ? (
        <>
          <Select
            label="Campo do contato"
            withAsterisk
            data={fields}
            value={str(data.field) || null}
            onChange={(v) => clean({ field: v ?? '' })}
            searchable
            nothingFoundMessage="Nenhum campo encontrado"
          />
          <Select
            label="Comparação"
            data={METADATA_OPS.map((o) => ({ value: o, label: METADATA_OP_LABEL[o] }))}
            value={str(data.op) || 'equals'}
            onChange={(v) => clean({ op: v ?? 'equals' })}
            allowDeselect={false}
          />
          {data.op === 'empty' || data.op === 'not_empty' ? null : (
            <TextInput
              label="Valor"
              value={str(data.value)}
              maxLength={500}
              onChange={(e) => clean({ value: e.currentTarget.value })}
            />
          )}
        </>
      ) : kind === 'channel' ? (
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            O atendimento veio de
          </Text>
          <Chip.Group
            multiple
            value={Array.isArray(data.kinds) ? (data.kinds as string[]) : []}
            onChange={(kinds) => clean({ kinds })}
          >
            <Group gap={6}>
              {CHATBOT_CHANNEL_TYPES.map((k) => (
                <Chip key={k} value={k} size="xs">
                  {CHATBOT_CHANNEL_LABEL[k]}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
      ) : (
        <>
          <Text size="xs" c="dimmed">
            Horários no fuso da empresa, no formato HH:mm-HH:mm. Em branco, o dia é fechado.
          </Text>
          {(
            [
              ['monday_to_friday', 'Segunda a sexta'],
              ['saturday', 'Sábado'],
              ['sunday', 'Domingo'],
            ] as const
          ).map(([key, label]) => (
            <TextInput
              key={key}
              label={label}
              placeholder="08:00-18:00"
              value={str(data[key])}
              maxLength={11}
              onChange={(e) => clean({ [key]: e.currentTarget.value || null })}
            />
          ))}
        </>
      )}
      <Text size="xs" c="dimmed">
        Saídas: “Verdadeiro” quando a condição vale, “Falso” quando não.
      </Text>
    </>
  );
}
