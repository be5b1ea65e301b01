import {
  ActionIcon,
  Alert,
  Button,
  Chip,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CHATBOT_CHANNEL_LABEL,
  CHATBOT_CHANNEL_TYPES,
  CONDITION_KIND_LABEL,
  CONDITION_KINDS,
  FLOW_HTTP_TIMEOUT_MAX,
  FLOW_MENU_OPTIONS_MAX,
  FLOW_NODE_LABEL,
  FLOW_RETRIES_MAX,
  FLOW_TEXT_MAX,
  HTTP_METHODS,
  METADATA_OP_LABEL,
  METADATA_OPS,
  QUESTION_VALIDATION_LABEL,
  QUESTION_VALIDATIONS,
  type TConditionKind,
  type TFlowIssue,
  type TFlowNodeType,
  type TFlowOptions,
  type TMenuOption,
} from '@prosa/shared/chatbot';
import { IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { addMenuOption, type TEditorNode, type TNodeData } from './graph';
import { MediaField } from './media-field';

type Props = {
  node: TEditorNode;
  issues: TFlowIssue[];
  options: TFlowOptions | undefined;
  onChange: (data: TNodeData) => void;
  onDelete: () => void;
  onClose: () => void;
};

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' ? v : null);
const idValue = (v: unknown) => (typeof v === 'number' ? String(v) : null);
const toId = (v: string | null) => (v ? Number(v) : null);

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

function TextField(props: {
  label: string;
  value: unknown;
  onChange: (v: string) => void;
  description?: ReactNode;
  required?: boolean;
  placeholder?: string;
}) {
  return (
    <Textarea
      label={props.label}
      description={props.description}
      withAsterisk={props.required}
      placeholder={props.placeholder}
      value={str(props.value)}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      autosize
      minRows={2}
      maxRows={8}
      maxLength={FLOW_TEXT_MAX}
    />
  );
}

const PLACEHOLDER_HINT = 'Use {{chave}} para inserir um dado do contato.';

function Retries(props: { value: unknown; onChange: (v: number) => void }) {
  return (
    <NumberInput
      label="Tentativas"
      description="Respostas inválidas aceitas antes de seguir pela saída “Sem resposta válida”."
      min={0}
      max={FLOW_RETRIES_MAX}
      allowDecimal={false}
      allowNegative={false}
      value={num(props.value) ?? 0}
      onChange={(v) => props.onChange(typeof v === 'number' ? v : 0)}
    />
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

function ConditionFields({
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

type THeader = { key: string; value: string };

function HttpFields({
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
