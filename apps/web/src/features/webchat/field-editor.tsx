import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  MAX_FIELDS,
  type TFieldAction,
  type TFieldDraft,
  type TFieldPatch,
  type TFieldType,
} from './field-editor-state';

const TYPE_OPTIONS: { value: TFieldType; label: string }[] = [
  { value: 'text', label: 'Texto' },
  { value: 'number', label: 'Número' },
  { value: 'select', label: 'Lista de opções' },
];
const isType = (v: string | null): v is TFieldType => TYPE_OPTIONS.some((o) => o.value === v);

type Props = {
  fields: TFieldDraft[];
  errors: FormErrors;
  onAction: (action: TFieldAction) => void;
  newKey: () => string;
};

/** The visitor's form of the widget: fields in order, each with identifier, label, type, options, mask. */
export function FieldEditor({ fields, errors, onAction, newKey }: Props) {
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <div>
          <Text fw={600} size="sm">
            Campos do formulário
          </Text>
          <Text size="xs" c="dimmed">
            O visitante preenche estes campos antes de conversar. O campo com identificador "nome" dá o nome
            do contato.
          </Text>
        </div>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={fields.length >= MAX_FIELDS}
          onClick={() => onAction({ type: 'add', key: newKey() })}
        >
          Adicionar campo
        </Button>
      </Group>
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="sm">
          Nenhum campo: o widget pede apenas o nome do visitante.
        </Text>
      ) : null}
      {fields.map((field, index) => (
        <FieldRow
          key={field.key}
          field={field}
          index={index}
          last={index === fields.length - 1}
          errors={errors}
          onAction={onAction}
        />
      ))}
    </Stack>
  );
}

function FieldRow(props: {
  field: TFieldDraft;
  index: number;
  last: boolean;
  errors: FormErrors;
  onAction: (action: TFieldAction) => void;
}) {
  const { field, index, errors, onAction } = props;
  const n = index + 1;
  const path = `custom_data.fields.${index}`;
  const update = (patch: TFieldPatch) => onAction({ type: 'update', key: field.key, patch });
  const optionsError =
    errors[`${path}.options`] ?? Object.entries(errors).find(([k]) => k.startsWith(`${path}.options.`))?.[1];

  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={`Campo ${n}`}>
      <Group justify="space-between" mb="xs">
        <Text size="sm" fw={600}>
          {`Campo ${n}`}
          {field.label.trim() ? <Text span c="dimmed" fw={400}>{` — ${field.label.trim()}`}</Text> : null}
        </Text>
        <Group gap={4}>
          <ActionIcon
            variant="subtle"
            aria-label={`Mover campo ${n} para cima`}
            disabled={index === 0}
            onClick={() => onAction({ type: 'move', key: field.key, offset: -1 })}
          >
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={`Mover campo ${n} para baixo`}
            disabled={props.last}
            onClick={() => onAction({ type: 'move', key: field.key, offset: 1 })}
          >
            <IconArrowDown size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remover campo ${n}`}
            onClick={() => onAction({ type: 'remove', key: field.key })}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
        <TextInput
          label="Rótulo"
          placeholder="Ex.: Telefone"
          maxLength={60}
          value={field.label}
          data-path={`${path}.label`}
          error={errors[`${path}.label`]}
          onChange={(e) => update({ label: e.currentTarget.value })}
        />
        <TextInput
          label="Identificador"
          placeholder="Ex.: telefone"
          maxLength={40}
          value={field.name}
          data-path={`${path}.name`}
          error={errors[`${path}.name`]}
          onChange={(e) => update({ name: e.currentTarget.value })}
        />
        <Select
          label="Tipo"
          data={TYPE_OPTIONS}
          value={field.type}
          allowDeselect={false}
          onChange={(v) => isType(v) && update({ type: v })}
        />
        {field.type === 'select' ? (
          <TagsInput
            label="Opções"
            description="Digite uma opção e tecle Enter."
            placeholder="Nova opção"
            value={field.options}
            maxTags={50}
            acceptValueOnBlur
            data-path={`${path}.options`}
            error={optionsError}
            onChange={(options) => update({ options })}
          />
        ) : (
          <TextInput
            label="Máscara"
            description="9 = dígito, A = letra, * = letra ou dígito"
            placeholder="(99) 99999-9999"
            maxLength={40}
            value={field.mask}
            data-path={`${path}.mask`}
            error={errors[`${path}.mask`]}
            onChange={(e) => update({ mask: e.currentTarget.value })}
          />
        )}
      </SimpleGrid>
      <Checkbox
        mt="sm"
        label="Obrigatório"
        checked={field.required}
        onChange={(e) => update({ required: e.currentTarget.checked })}
      />
    </Paper>
  );
}
