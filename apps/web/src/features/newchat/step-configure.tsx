import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { TNewchatField } from '@prosa/shared/newchat';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { errorOf, type StepProps, withSettings } from './step-props';
import { isDefaultField, newField } from './wizard-state';

const FIELD_TYPES = [
  { value: 'text', label: 'Texto' },
  { value: 'number', label: 'Número' },
  { value: 'email', label: 'E-mail' },
  { value: 'phone', label: 'Telefone' },
];

type Props = StepProps & {
  sectors: { id: number; name: string }[];
  statuses: { id: number; name: string; should_close: number }[];
};

/** Step 1: name, sector, the visitor's form, finishing by the visitor and typing. */
export function StepConfigure(p: Props) {
  const { values: v, onChange } = p;
  const s = v.settings;
  const setField = (i: number, change: Partial<TNewchatField>) =>
    onChange(withSettings(v, { form: s.form.map((f, j) => (j === i ? { ...f, ...change } : f)) }));
  return (
    <Stack gap="md">
      <Group grow align="flex-start">
        <TextInput
          label="Nome do Canal"
          withAsterisk
          value={v.name}
          onChange={(e) => onChange({ ...v, name: e.currentTarget.value })}
          error={errorOf(p, 'name')}
        />
        <Select
          label="Setor"
          withAsterisk
          placeholder="Selecione o setor"
          data={p.sectors.map((x) => ({ value: String(x.id), label: x.name }))}
          value={v.sector_id ? String(v.sector_id) : null}
          onChange={(x) => onChange({ ...v, sector_id: x ? Number(x) : null })}
          error={errorOf(p, 'sector_id')}
        />
      </Group>
      <Switch
        label="Mostrar formulário antes da conversa"
        checked={s.showForm}
        onChange={(e) => onChange(withSettings(v, { showForm: e.currentTarget.checked }))}
      />
      {s.showForm ? (
        <Stack gap="xs">
          <Title order={5}>Campos do formulário</Title>
          <Table aria-label="Campos do formulário" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Rótulo</Table.Th>
                <Table.Th>Tipo</Table.Th>
                <Table.Th>Obrigatório</Table.Th>
                <Table.Th>Mensagem de erro</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.form.map((f, i) => (
                <Table.Tr key={f.name}>
                  <Table.Td>
                    <TextInput
                      aria-label={`Rótulo do campo ${i + 1}`}
                      value={f.label}
                      onChange={(e) => setField(i, { label: e.currentTarget.value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Tipo do campo ${i + 1}`}
                      data={FIELD_TYPES}
                      value={f.type}
                      disabled={isDefaultField(f)}
                      allowDeselect={false}
                      onChange={(x) => x && setField(i, { type: x as TNewchatField['type'] })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Campo ${f.label} obrigatório`}
                      checked={f.required}
                      onChange={(e) => setField(i, { required: e.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Mensagem de erro do campo ${i + 1}`}
                      value={f.error}
                      onChange={(e) => setField(i, { error: e.currentTarget.value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    {isDefaultField(f) ? null : (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remover o campo ${f.label}`}
                        onClick={() => onChange(withSettings(v, { form: s.form.filter((_, j) => j !== i) }))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => onChange(withSettings(v, { form: [...s.form, newField(s.form)] }))}
            >
              Adicionar campo
            </Button>
          </Group>
          <Switch
            label="Enviar as respostas do formulário como primeira mensagem ao atendente"
            checked={s.showFormMessage}
            onChange={(e) => onChange(withSettings(v, { showFormMessage: e.currentTarget.checked }))}
          />
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          Sem formulário, o cliente começa a conversa direto e aparece como "Visitante".
        </Text>
      )}
      <Switch
        label="Permitir que o cliente finalize o atendimento"
        checked={s.hasFinish}
        onChange={(e) => onChange(withSettings(v, { hasFinish: e.currentTarget.checked }))}
      />
      {s.hasFinish ? (
        <Select
          label="Status de finalização"
          withAsterisk
          placeholder="Selecione o status"
          data={p.statuses
            .filter((x) => x.should_close === 1)
            .map((x) => ({ value: String(x.id), label: x.name }))}
          value={s.finishStatus ? String(s.finishStatus) : null}
          onChange={(x) => onChange(withSettings(v, { finishStatus: x ? Number(x) : null }))}
          error={errorOf(p, 'finishStatus')}
          maw={360}
        />
      ) : null}
      <Switch
        label='Mostrar "digitando…" para o cliente e para o atendente'
        checked={s.showTyping}
        onChange={(e) => onChange(withSettings(v, { showTyping: e.currentTarget.checked }))}
      />
    </Stack>
  );
}
