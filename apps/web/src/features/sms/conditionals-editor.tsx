import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { newConditional, type SmsFormValues } from './sms-form-values';

type Props = { form: UseFormReturnType<SmsFormValues>; sectors: { value: string; label: string }[] };

/**
 * Conditionals (spec 2 §3): the first message of a conversation matching a condition (words separated by
 * commas, or /expressão/) opens it in that sector; the default one catches the rest.
 */
export function ConditionalsEditor({ form, sectors }: Props) {
  const rows = form.values.conditionals;
  const error = form.errors.conditionals;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <div>
          <Text fw={500} size="sm">
            Condições
          </Text>
          <Text size="xs" c="dimmed">
            A primeira mensagem da conversa que contém as palavras (separadas por vírgula) ou casa com a
            /expressão/ vai para o setor escolhido.
          </Text>
        </div>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => form.insertListItem('conditionals', newConditional())}
        >
          Adicionar condição
        </Button>
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Sem condições: toda conversa nova entra no setor padrão do canal.
        </Text>
      ) : null}
      {rows.map((row, i) => (
        <Group key={row.key} align="flex-end" wrap="nowrap" gap="sm">
          <TextInput
            label={i === 0 ? 'Condição' : undefined}
            aria-label={`Condição ${i + 1}`}
            placeholder="ex.: boleto, fatura"
            style={{ flex: 2 }}
            {...form.getInputProps(`conditionals.${i}.conditional`)}
          />
          <Select
            label={i === 0 ? 'Setor' : undefined}
            aria-label={`Setor da condição ${i + 1}`}
            placeholder="Selecione"
            data={sectors}
            style={{ flex: 1 }}
            {...form.getInputProps(`conditionals.${i}.sector_id`)}
          />
          <Switch
            label="Ativa"
            mb={8}
            {...form.getInputProps(`conditionals.${i}.status`, { type: 'checkbox' })}
          />
          <Checkbox
            label="Padrão"
            mb={8}
            checked={row.default}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              // One default at most: marking one unmarks the others.
              form.setFieldValue(
                'conditionals',
                rows.map((r, j) => ({ ...r, default: j === i ? on : on ? false : r.default })),
              );
            }}
          />
          <Tooltip label="Remover condição">
            <ActionIcon
              variant="subtle"
              color="red"
              mb={4}
              aria-label={`Remover condição ${i + 1}`}
              onClick={() => form.removeListItem('conditionals', i)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ))}
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
