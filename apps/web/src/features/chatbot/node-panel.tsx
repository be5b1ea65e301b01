import {
  ActionIcon,
  Alert,
  Button,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  FLOW_MENU_OPTIONS_MAX,
  FLOW_NODE_LABEL,
  QUESTION_VALIDATION_LABEL,
  QUESTION_VALIDATIONS,
  type TFlowIssue,
  type TFlowNodeType,
  type TFlowOptions,
  type TMenuOption,
} from '@prosa/shared/chatbot';
import { IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { ConditionFields } from './condition-fields';
import { addMenuOption, type TEditorNode, type TNodeData } from './graph';
import { HttpFields } from './http-fields';
import { MediaField } from './media-field';
import { idValue, PLACEHOLDER_HINT, Retries, str, TextField, toId } from './panel-fields';

type Props = {
  node: TEditorNode;
  issues: TFlowIssue[];
  options: TFlowOptions | undefined;
  onChange: (data: TNodeData) => void;
  onDelete: () => void;
  onClose: () => void;
};

/** The selected node's content, edited in place: every change goes to the canvas at once. */
export function NodePanel({ node, issues, options, onChange, onDelete, onClose }: Props) {
  const type = node.type as TFlowNodeType;
  const data = node.data;
  const set = (patch: TNodeData) => onChange({ ...data, ...patch });
  const errors = issues.filter((i) => i.level === 'error');
  const warnings = issues.filter((i) => i.level === 'warning');

  return (
    <Stack gap="sm" component="section" aria-label={`Nó ${FLOW_NODE_LABEL[type]}`}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={4}>{FLOW_NODE_LABEL[type]}</Title>
        <ActionIcon variant="subtle" color="gray" aria-label="Fechar painel do nó" onClick={onClose}>
          <IconX size={18} />
        </ActionIcon>
      </Group>
      {errors.length ? (
        <Alert color="red" p="xs" title="Corrija este nó">
          <Stack gap={2}>
            {errors.map((e) => (
              <Text key={e.message} size="xs">
                {e.message}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
      {warnings.map((w) => (
        <Text key={w.message} size="xs" c="orange.8">
          {w.message}
        </Text>
      ))}
      <NodeFields type={type} data={data} set={set} options={options} />
      {type !== 'start' ? (
        <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={onDelete} mt="sm">
          Excluir nó
        </Button>
      ) : null}
    </Stack>
  );
}

function NodeFields({
  type,
  data,
  set,
  options,
}: {
  type: TFlowNodeType;
  data: TNodeData;
  set: (patch: TNodeData) => void;
  options: TFlowOptions | undefined;
}) {
  const fields = (options?.fields ?? []).map((f) => ({ value: f.key, label: f.label }));
  switch (type) {
    case 'start':
      return (
        <Text size="sm" c="dimmed">
          O fluxo começa neste nó quando um contato de um canal vinculado inicia um atendimento (ou quando um
          operador transfere o atendimento para o BOT). Ligue a saída ao primeiro passo.
        </Text>
      );
    case 'message':
      return (
        <>
          <TextField
            label="Mensagem"
            value={data.text}
            onChange={(text) => set({ text })}
            description={`Informe o texto, a mídia ou ambos. ${PLACEHOLDER_HINT}`}
          />
          <MediaField value={data.media} onChange={(media) => set({ media })} />
        </>
      );
    case 'menu':
      return <MenuFields data={data} set={set} />;
    case 'question':
      return (
        <>
          <TextField
            label="Pergunta"
            required
            value={data.text}
            onChange={(text) => set({ text })}
            description={PLACEHOLDER_HINT}
          />
          <Select
            label="Salvar a resposta no campo"
            withAsterisk
            placeholder={fields.length ? 'Selecione' : 'Nenhum campo de contato cadastrado'}
            data={fields}
            value={str(data.field) || null}
            onChange={(v) => set({ field: v ?? '' })}
            searchable
            nothingFoundMessage="Nenhum campo encontrado"
          />
          <Select
            label="Validação da resposta"
            data={QUESTION_VALIDATIONS.map((v) => ({ value: v, label: QUESTION_VALIDATION_LABEL[v] }))}
            value={str(data.validation) || 'text'}
            onChange={(v) => set({ validation: v ?? 'text' })}
            allowDeselect={false}
          />
          <TextField
            label="Mensagem de resposta inválida"
            value={data.invalid_text}
            onChange={(invalid_text) => set({ invalid_text })}
            placeholder="Resposta inválida. Por favor, tente novamente."
          />
          <Retries value={data.retries} onChange={(retries) => set({ retries })} />
        </>
      );
    case 'condition':
      return <ConditionFields data={data} set={set} fields={fields} />;
    case 'http':
      return <HttpFields data={data} set={set} fields={fields} />;
    case 'transfer':
      return <TransferFields data={data} set={set} options={options} />;
    case 'finish':
      return (
        <>
          <Select
            label="Status de finalização"
            withAsterisk
            placeholder="Selecione"
            data={(options?.statuses ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            value={idValue(data.status_id)}
            onChange={(v) => set({ status_id: toId(v) })}
            searchable
            nothingFoundMessage="Nenhum status de finalização"
          />
          <TextField
            label="Mensagem de despedida (opcional)"
            value={data.text}
            onChange={(text) => set({ text: text || null })}
          />
        </>
      );
  }
}

function MenuFields({ data, set }: { data: TNodeData; set: (patch: TNodeData) => void }) {
  const options = (Array.isArray(data.options) ? data.options : []) as TMenuOption[];
  const setOption = (id: string, label: string) =>
    set({ options: options.map((o) => (o.id === id ? { ...o, label } : o)) });
  const added = addMenuOption(options);
  return (
    <>
      <TextField
        label="Texto do menu"
        required
        value={data.text}
        onChange={(text) => set({ text })}
        description="As opções são enviadas numeradas abaixo do texto; o contato responde o número ou o texto."
      />
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          Opções
        </Text>
        {options.map((o, i) => (
          <Group key={o.id} gap={6} wrap="nowrap">
            <Text size="sm" w={18} ta="right" c="dimmed">
              {i + 1}
            </Text>
            <TextInput
              style={{ flex: 1 }}
              aria-label={`Opção ${i + 1}`}
              value={o.label}
              maxLength={200}
              onChange={(e) => setOption(o.id, e.currentTarget.value)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remover opção ${i + 1}`}
              onClick={() => set({ options: options.filter((x) => x.id !== o.id) })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={added === null}
          onClick={() => added && set({ options: added })}
        >
          Adicionar opção
        </Button>
        {added === null ? (
          <Text size="xs" c="dimmed">
            No máximo {FLOW_MENU_OPTIONS_MAX} opções.
          </Text>
        ) : null}
      </Stack>
      <TextField
        label="Mensagem de opção inválida"
        value={data.invalid_text}
        onChange={(invalid_text) => set({ invalid_text })}
        placeholder="Opção inválida. Por favor, escolha uma das opções."
      />
      <Retries value={data.retries} onChange={(retries) => set({ retries })} />
    </>
  );
}

function TransferFields({
  data,
  set,
  options,
}: {
  data: TNodeData;
  set: (patch: TNodeData) => void;
  options: TFlowOptions | undefined;
}) {
  const to = data.operator_id ? 'operator' : 'sector';
  return (
    <>
      <SegmentedControl
        fullWidth
        aria-label="Transferir para"
        value={to}
        onChange={(v) =>
          set(
            v === 'operator'
              ? { sector_id: null, operator_id: options?.operators[0]?.id ?? null }
              : { operator_id: null, sector_id: null },
          )
        }
        data={[
          { value: 'sector', label: 'Fila de um setor' },
          { value: 'operator', label: 'Um operador' },
        ]}
      />
      {to === 'sector' ? (
        <Select
          label="Setor"
          withAsterisk
          placeholder="Selecione"
          data={(options?.sectors ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          value={idValue(data.sector_id)}
          onChange={(v) => set({ sector_id: toId(v), operator_id: null })}
          searchable
          nothingFoundMessage="Nenhum setor encontrado"
        />
      ) : (
        <Select
          label="Operador"
          withAsterisk
          placeholder="Selecione"
          data={(options?.operators ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
          value={idValue(data.operator_id)}
          onChange={(v) => set({ operator_id: toId(v), sector_id: null })}
          searchable
          nothingFoundMessage="Nenhum operador encontrado"
        />
      )}
      <Text size="xs" c="dimmed">
        O BOT entrega o atendimento às pessoas com toda a conversa; a distribuição automática escolhe o
        operador do setor.
      </Text>
    </>
  );
}
