import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { FLOW_HTTP_TIMEOUT_MAX, HTTP_METHODS } from '@prosa/shared/chatbot';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { TNodeData } from './graph';
import { num, PLACEHOLDER_HINT, str } from './panel-fields';

/** An HTTP node: method, URL, headers, body, time-out and where the answer is kept. */
type THeader = { key: string; value: string };

export function HttpFields({
  data,
  set,
  fields,
}: {
  data: TNodeData;
  set: (patch: TNodeData) => void;
  fields: { value: string; label: string }[];
}) {
  const headers = (Array.isArray(data.headers) ? data.headers : []) as THeader[];
  const setHeader = (i: number, patch: Partial<THeader>) =>
    set({ headers: headers.map((h, j) => (j === i ? { ...h, ...patch } : h)) });
  return (
    <>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <Select
          label="Método"
          w={96}
          data={[...HTTP_METHODS]}
          value={str(data.method) || 'GET'}
          onChange={(v) => set({ method: v ?? 'GET' })}
          allowDeselect={false}
        />
        <TextInput
          label="URL"
          withAsterisk
          style={{ flex: 1 }}
          placeholder="https://api.exemplo.com.br/pedidos"
          value={str(data.url)}
          maxLength={2000}
          onChange={(e) => set({ url: e.currentTarget.value })}
        />
      </Group>
      <Text size="xs" c="dimmed">
        Somente endereços https públicos. Uma resposta 2xx segue por “Sucesso”; qualquer outra resposta, erro
        ou tempo esgotado segue por “Erro”.
      </Text>
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          Cabeçalhos
        </Text>
        {headers.map((h, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: headers are edited in place by position
          <Group key={i} gap={6} wrap="nowrap">
            <TextInput
              aria-label={`Nome do cabeçalho ${i + 1}`}
              placeholder="Nome"
              value={h.key}
              maxLength={200}
              onChange={(e) => setHeader(i, { key: e.currentTarget.value })}
              style={{ flex: 1 }}
            />
            <TextInput
              aria-label={`Valor do cabeçalho ${i + 1}`}
              placeholder="Valor"
              value={h.value}
              maxLength={2000}
              onChange={(e) => setHeader(i, { value: e.currentTarget.value })}
              style={{ flex: 1 }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remover cabeçalho ${i + 1}`}
              onClick={() => set({ headers: headers.filter((_, j) => j !== i) })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={headers.length >= 20}
          onClick={() => set({ headers: [...headers, { key: '', value: '' }] })}
        >
          Adicionar cabeçalho
        </Button>
      </Stack>
      {data.method === 'POST' ? (
        <Textarea
          label="Corpo (JSON)"
          autosize
          minRows={3}
          maxRows={8}
          maxLength={10_000}
          value={str(data.body)}
          onChange={(e) => set({ body: e.currentTarget.value || null })}
          description={PLACEHOLDER_HINT}
        />
      ) : null}
      <NumberInput
        label="Tempo limite (ms)"
        min={100}
        max={FLOW_HTTP_TIMEOUT_MAX}
        step={500}
        allowDecimal={false}
        allowNegative={false}
        value={num(data.timeout_ms) ?? ''}
        onChange={(v) => set({ timeout_ms: typeof v === 'number' ? v : 5000 })}
      />
      <Select
        label="Salvar a resposta no campo (opcional)"
        data={fields}
        value={str(data.save_as) || null}
        onChange={(v) => set({ save_as: v })}
        clearable
        searchable
        nothingFoundMessage="Nenhum campo encontrado"
      />
      {data.save_as ? (
        <TextInput
          label="Caminho no JSON da resposta (opcional)"
          placeholder="pedido.status"
          description="Em branco, guarda o corpo inteiro como texto."
          value={str(data.response_path)}
          maxLength={200}
          onChange={(e) => set({ response_path: e.currentTarget.value || null })}
        />
      ) : null}
    </>
  );
}
