import { ZAttachmentRef } from './attachments';
import { BIGINT_ID_MAX, zBigId, zId, zIdParam, zPage } from './ids';
import { z } from './zod';

// Chatbot flows (spec 2 §2, §3 Chatbot flow, §7 Chatbot, §8; spec 1 transfer to the chatbot; issue 17): the graph
// drawn in the flow editor (@xyflow/react) and run by the flow engine, its validation, the API payloads and texts.

export const CHATBOT_MSG = {
  // spec 2 §8
  listError: 'Não foi possível listar os fluxos.',
  notAuthorised: 'Sua conta não está autorizada a usar chatbots.',
  // spec 1 §5 / §8 (verbatim)
  noBot: 'Não existe BOT vinculado para este canal.',
  transferError: 'Não foi possível transferir para o BOT.',
  transferred: 'Atendimento transferido para o BOT com sucesso!',
  alreadyAuto: 'Este atendimento já está com o BOT.',
  transferNotAllowed: 'Sua empresa não permite transferir atendimentos para o BOT.',
  // the flows' table and edit panel
  notFound: 'Fluxo não encontrado.',
  created: 'Fluxo criado com sucesso!',
  saved: 'Fluxo salvo com sucesso!',
  removed: 'Fluxo removido com sucesso!',
  saveError: 'Não foi possível salvar o fluxo.',
  invalidFlow: 'O fluxo tem erros: corrija-os antes de ativá-lo.',
  nameRequired: 'Informe o nome do fluxo.',
  nameTooLong: 'O nome deve ter no máximo 120 caracteres.',
  descriptionTooLong: 'A descrição deve ter no máximo 500 caracteres.',
  graphInvalid: 'O desenho do fluxo é inválido.',
  graphTooLarge: 'O fluxo pode ter no máximo 200 nós e 400 ligações.',
  channelNotFound: 'Canal não encontrado.',
  channelTypeInvalid: 'Tipo de canal inválido para fluxos de chatbot.',
  channelTypeMismatch: 'O tipo informado não corresponde ao canal.',
  linked: 'Canal vinculado ao fluxo.',
  unlinked: 'Canal desvinculado do fluxo.',
  movedFrom: (channel: string, flow: string) => `O canal ${channel} foi movido do fluxo "${flow}" para este.`,
  sectorNotFound: 'O setor informado não foi localizado.',
  operatorNotFound: 'O operador informado não foi localizado.',
  statusNotFound: 'O status de finalização informado não foi localizado.',
  fieldNotFound: (field: string) => `O campo de contato "${field}" não existe.`,
  mediaInvalid: 'A mídia do nó de mensagem é inválida. Envie o arquivo novamente.',
  // messages the engine sends when a node gives none
  defaultInvalidOption: 'Opção inválida. Por favor, escolha uma das opções.',
  defaultInvalidAnswer: 'Resposta inválida. Por favor, tente novamente.',
} as const;

/** The spec's channel types of a flow's linkedChannels — the same names as our channel kinds. */
export const CHATBOT_CHANNEL_TYPES = ['fa', 'waweb', 'waent', 'web', 'tg', 'nc'] as const;
export type TChatbotChannelType = (typeof CHATBOT_CHANNEL_TYPES)[number];
export const CHATBOT_CHANNEL_LABEL: Record<TChatbotChannelType, string> = {
  fa: 'Facebook',
  waweb: 'WhatsApp',
  waent: 'WhatsApp Enterprise',
  web: 'Web chat',
  tg: 'Telegram',
  nc: 'NewChat',
};
export function isChatbotChannelType(kind: string): kind is TChatbotChannelType {
  return (CHATBOT_CHANNEL_TYPES as readonly string[]).includes(kind);
}

// ————————————————————————————— nodes —————————————————————————————

export const FLOW_NODE_TYPES = [
  'start',
  'message',
  'menu',
  'question',
  'condition',
  'http',
  'transfer',
  'finish',
] as const;
export type TFlowNodeType = (typeof FLOW_NODE_TYPES)[number];

export const FLOW_NODE_LABEL: Record<TFlowNodeType, string> = {
  start: 'Início',
  message: 'Mensagem',
  menu: 'Menu',
  question: 'Pergunta',
  condition: 'Condição',
  http: 'Requisição HTTP',
  transfer: 'Transferir',
  finish: 'Finalizar',
};

export const FLOW_TEXT_MAX = 4096;
export const FLOW_MENU_OPTIONS_MAX = 20;
export const FLOW_RETRIES_MAX = 10;
export const FLOW_HTTP_TIMEOUT_MAX = 10_000;
export const FLOW_HTTP_TIMEOUT_DEFAULT = 5_000;
export const FLOW_MAX_NODES = 200;
export const FLOW_MAX_EDGES = 400;
/** Steps the engine takes for one customer message before it hands over (a loop in the drawing). */
export const FLOW_MAX_STEPS = 50;

/** The single out-handle of start, message and question (an edge without sourceHandle means it too). */
export const HANDLE_NEXT = 'next';
/** Menu and question: where the flow goes after the retries are spent (no edge: handed over to people). */
export const HANDLE_FALLBACK = 'fallback';
export const HANDLE_TRUE = 'true';
export const HANDLE_FALSE = 'false';
export const HANDLE_SUCCESS = 'success';
export const HANDLE_ERROR = 'error';

export const HANDLE_LABEL: Record<string, string> = {
  next: 'Próximo',
  fallback: 'Sem resposta válida',
  true: 'Verdadeiro',
  false: 'Falso',
  success: 'Sucesso',
  error: 'Erro',
};

const text = (max = FLOW_TEXT_MAX) => z.string().max(max, { error: `Use no máximo ${max} caracteres.` });
const key = () => z.string().max(50);
const retries = () => z.number().int().min(0).max(FLOW_RETRIES_MAX);

/**
 * A message node's media: the upload's answer (`file` of POST upload, signed) when new; once saved the server
 * keeps the stored attachment (no signature) and answers it with a fresh url.
 */
export const ZFlowMedia = ZAttachmentRef.partial({ sig: true });
export type TFlowMedia = z.infer<typeof ZFlowMedia>;

export const ZStartData = z.object({});
/** Texts may carry `{{chave}}`: replaced by the contact's metadata value of that key (empty when unset). */
export const ZMessageData = z.object({ text: text().default(''), media: ZFlowMedia.nullish() });
export const ZMenuOption = z.object({ id: z.string().min(1).max(50), label: text(200) });
export type TMenuOption = z.infer<typeof ZMenuOption>;
/** The customer answers with an option's number (1, 2, …) or its label (case and accents ignored). */
export const ZMenuData = z.object({
  text: text().default(''),
  options: z.array(ZMenuOption).max(FLOW_MENU_OPTIONS_MAX).default([]),
  invalid_text: text().default(''),
  retries: retries().default(2),
});

export const QUESTION_VALIDATIONS = ['text', 'number', 'email', 'cpf'] as const;
export type TQuestionValidation = (typeof QUESTION_VALIDATIONS)[number];
export const QUESTION_VALIDATION_LABEL: Record<TQuestionValidation, string> = {
  text: 'Texto',
  number: 'Número',
  email: 'E-mail',
  cpf: 'CPF',
};
/** The answer is saved into the contact's metadata under `field` (a contact field's key). */
export const ZQuestionData = z.object({
  text: text().default(''),
  field: key().default(''),
  validation: z.enum(QUESTION_VALIDATIONS).nullish(),
  invalid_text: text().default(''),
  retries: retries().default(2),
});

export const CONDITION_KINDS = ['metadata', 'working_hours', 'channel'] as const;
export type TConditionKind = (typeof CONDITION_KINDS)[number];
export const CONDITION_KIND_LABEL: Record<TConditionKind, string> = {
  metadata: 'Dado do contato',
  working_hours: 'Horário de atendimento',
  channel: 'Canal',
};
export const METADATA_OPS = ['equals', 'contains', 'empty', 'not_empty'] as const;
export type TMetadataOp = (typeof METADATA_OPS)[number];
export const METADATA_OP_LABEL: Record<TMetadataOp, string> = {
  equals: 'é igual a',
  contains: 'contém',
  empty: 'está vazio',
  not_empty: 'está preenchido',
};
/** "HH:mm-HH:mm"; an empty or absent day is closed. */
export const HOURS_RANGE_RE = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;
const hours = () =>
  z
    .string()
    .max(11)
    .refine((v) => v === '' || HOURS_RANGE_RE.test(v), { error: 'Use o formato HH:mm-HH:mm.' })
    .nullish();
export const ZConditionData = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('metadata'),
    field: key().default(''),
    op: z.enum(METADATA_OPS).default('equals'),
    value: text(500).default(''),
  }),
  z.object({
    kind: z.literal('working_hours'),
    monday_to_friday: hours(),
    saturday: hours(),
    sunday: hours(),
  }),
  z.object({ kind: z.literal('channel'), kinds: z.array(z.enum(CHATBOT_CHANNEL_TYPES)).default([]) }),
]);
export type TConditionData = z.infer<typeof ZConditionData>;

export const HTTP_METHODS = ['GET', 'POST'] as const;
/**
 * A call to an outside URL (https, public address: the outbound-URL guard) with a time-out. Success is a 2xx
 * answer; anything else (other status, time-out, refused URL) follows `error`. `save_as`: a contact field's key
 * that receives the answer (the value at `response_path` — dot path into the JSON — or the whole body as text).
 */
export const ZHttpData = z.object({
  method: z.enum(HTTP_METHODS).default('GET'),
  url: z.string().max(2000).default(''),
  headers: z
    .array(z.object({ key: z.string().max(200), value: z.string().max(2000) }))
    .max(20)
    .default([]),
  body: z.string().max(10_000).nullish(),
  timeout_ms: z
    .number()
    .int()
    .min(100)
    .max(FLOW_HTTP_TIMEOUT_MAX, { error: 'O tempo limite deve ser de no máximo 10000 ms.' })
    .default(FLOW_HTTP_TIMEOUT_DEFAULT),
  save_as: key().nullish(),
  response_path: z.string().max(200).nullish(),
});
/** Into a sector's distribution queue, or straight to an operator. */
export const ZTransferData = z.object({
  sector_id: zId().nullish(),
  operator_id: zId().nullish(),
});
/** Finalizes with a finalization status (should_close 1), after an optional text. */
export const ZFinishData = z.object({ status_id: zId().nullish(), text: text().nullish() });

export const FLOW_NODE_DATA = {
  start: ZStartData,
  message: ZMessageData,
  menu: ZMenuData,
  question: ZQuestionData,
  condition: ZConditionData,
  http: ZHttpData,
  transfer: ZTransferData,
  finish: ZFinishData,
} as const;

export type TFlowNodeData = {
  start: z.infer<typeof ZStartData>;
  message: z.infer<typeof ZMessageData>;
  menu: z.infer<typeof ZMenuData>;
  question: z.infer<typeof ZQuestionData>;
  condition: z.infer<typeof ZConditionData>;
  http: z.infer<typeof ZHttpData>;
  transfer: z.infer<typeof ZTransferData>;
  finish: z.infer<typeof ZFinishData>;
};

/** A new node's data as the editor adds it. */
export function defaultNodeData<T extends TFlowNodeType>(type: T): TFlowNodeData[T] {
  const defaults: { [K in TFlowNodeType]: TFlowNodeData[K] } = {
    start: {},
    message: { text: '', media: null },
    menu: {
      text: '',
      options: [
        { id: 'opt1', label: '' },
        { id: 'opt2', label: '' },
      ],
      invalid_text: '',
      retries: 2,
    },
    question: { text: '', field: '', validation: 'text', invalid_text: '', retries: 2 },
    condition: { kind: 'working_hours', monday_to_friday: '08:00-18:00', saturday: null, sunday: null },
    http: {
      method: 'GET',
      url: '',
      headers: [],
      body: null,
      timeout_ms: FLOW_HTTP_TIMEOUT_DEFAULT,
      save_as: null,
      response_path: null,
    },
    transfer: { sector_id: null, operator_id: null },
    finish: { status_id: null, text: null },
  };
  return defaults[type];
}

// ————————————————————————————— graph —————————————————————————————

const nodeId = () => z.string().min(1).max(100);
const position = z.object({ x: z.number().finite(), y: z.number().finite() });

/** A node as stored: `data` is checked per type by validateFlow (a half-drawn node may still be saved inactive). */
export const ZFlowNode = z.object({
  id: nodeId(),
  type: z.enum(FLOW_NODE_TYPES),
  position,
  data: z.record(z.string(), z.unknown()).default({}),
});
export type TFlowNode = z.infer<typeof ZFlowNode>;

export const ZFlowEdge = z.object({
  id: nodeId(),
  source: nodeId(),
  sourceHandle: z.string().max(100).nullish(),
  target: nodeId(),
});
export type TFlowEdge = z.infer<typeof ZFlowEdge>;

export const ZFlowGraph = z.object(
  {
    nodes: z.array(ZFlowNode).max(FLOW_MAX_NODES, { error: CHATBOT_MSG.graphTooLarge }),
    edges: z.array(ZFlowEdge).max(FLOW_MAX_EDGES, { error: CHATBOT_MSG.graphTooLarge }),
  },
  { error: CHATBOT_MSG.graphInvalid },
);
export type TFlowGraph = z.infer<typeof ZFlowGraph>;

/** A new flow's drawing: the start node alone. */
export function emptyGraph(): TFlowGraph {
  return { nodes: [{ id: 'start', type: 'start', position: { x: 0, y: 0 }, data: {} }], edges: [] };
}

/** The out-handles a node offers (menu: one per option, then fallback). */
export function nodeHandles(node: Pick<TFlowNode, 'type' | 'data'>): string[] {
  switch (node.type) {
    case 'start':
    case 'message':
      return [HANDLE_NEXT];
    case 'question':
      return [HANDLE_NEXT, HANDLE_FALLBACK];
    case 'menu': {
      const parsed = ZMenuData.safeParse(node.data);
      const ids = parsed.success ? parsed.data.options.map((o) => o.id) : [];
      return [...ids, HANDLE_FALLBACK];
    }
    case 'condition':
      return [HANDLE_TRUE, HANDLE_FALSE];
    case 'http':
      return [HANDLE_SUCCESS, HANDLE_ERROR];
    case 'transfer':
    case 'finish':
      return [];
  }
}

/** Handles that must have an edge (fallback is optional: without it the flow hands over to people). */
export function requiredHandles(node: Pick<TFlowNode, 'type' | 'data'>): string[] {
  return nodeHandles(node).filter((h) => h !== HANDLE_FALLBACK);
}

/** An edge's handle as the engine reads it (absent = next). */
export function edgeHandle(edge: Pick<TFlowEdge, 'sourceHandle'>): string {
  return edge.sourceHandle || HANDLE_NEXT;
}

// ————————————————————————————— validation —————————————————————————————

export type TFlowIssue = {
  level: 'error' | 'warning';
  message: string;
  nodeId?: string;
  edgeId?: string;
};

/** What the server knows of the company, to check ids and keys (absent: not checked). */
export type TFlowRefs = {
  sectorIds?: ReadonlySet<number>;
  operatorIds?: ReadonlySet<number>;
  finishStatusIds?: ReadonlySet<number>;
  fieldKeys?: ReadonlySet<string>;
};

function nodeName(node: TFlowNode): string {
  return `${FLOW_NODE_LABEL[node.type]} (${node.id})`;
}

const HTTP_URL_RE = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

function dataIssues(node: TFlowNode, refs: TFlowRefs): string[] {
  const schema = FLOW_NODE_DATA[node.type] as z.ZodType;
  const parsed = schema.safeParse(node.data);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first?.path.length ? ` (${first.path.join('.')})` : '';
    return [`dados inválidos${where}: ${first?.message ?? CHATBOT_MSG.graphInvalid}`];
  }
  const out: string[] = [];
  switch (node.type) {
    case 'message': {
      const d = parsed.data as TFlowNodeData['message'];
      if (!d.text.trim() && !d.media) out.push('informe o texto ou a mídia da mensagem.');
      break;
    }
    case 'menu': {
      const d = parsed.data as TFlowNodeData['menu'];
      if (!d.text.trim()) out.push('informe o texto do menu.');
      if (d.options.length === 0) out.push('adicione ao menos uma opção.');
      if (d.options.some((o) => !o.label.trim())) out.push('preencha o texto de todas as opções.');
      const ids = d.options.map((o) => o.id);
      if (new Set(ids).size !== ids.length || ids.includes(HANDLE_FALLBACK))
        out.push('as opções repetem ids.');
      const labels = d.options.map((o) => normalizeAnswer(o.label)).filter(Boolean);
      if (new Set(labels).size !== labels.length) out.push('existem opções repetidas.');
      break;
    }
    case 'question': {
      const d = parsed.data as TFlowNodeData['question'];
      if (!d.text.trim()) out.push('informe o texto da pergunta.');
      if (!d.field) out.push('escolha o campo do contato que recebe a resposta.');
      else if (refs.fieldKeys && !refs.fieldKeys.has(d.field)) out.push(CHATBOT_MSG.fieldNotFound(d.field));
      break;
    }
    case 'condition': {
      const d = parsed.data as TFlowNodeData['condition'];
      if (d.kind === 'metadata') {
        if (!d.field) out.push('escolha o campo do contato.');
        else if (refs.fieldKeys && !refs.fieldKeys.has(d.field)) out.push(CHATBOT_MSG.fieldNotFound(d.field));
        if ((d.op === 'equals' || d.op === 'contains') && !d.value.trim())
          out.push('informe o valor comparado.');
      } else if (d.kind === 'working_hours') {
        if (!d.monday_to_friday && !d.saturday && !d.sunday)
          out.push('informe o horário de ao menos um dia.');
      } else if (d.kinds.length === 0) out.push('escolha ao menos um canal.');
      break;
    }
    case 'http': {
      const d = parsed.data as TFlowNodeData['http'];
      if (!d.url.trim()) out.push('informe a URL.');
      else if (!HTTP_URL_RE.test(d.url.trim())) out.push('a URL é inválida.');
      if (d.save_as && refs.fieldKeys && !refs.fieldKeys.has(d.save_as))
        out.push(CHATBOT_MSG.fieldNotFound(d.save_as));
      break;
    }
    case 'transfer': {
      const d = parsed.data as TFlowNodeData['transfer'];
      if (!d.sector_id && !d.operator_id) out.push('escolha o setor ou o operador.');
      else if (d.sector_id && d.operator_id) out.push('escolha o setor ou o operador, não ambos.');
      else if (d.sector_id && refs.sectorIds && !refs.sectorIds.has(d.sector_id))
        out.push(CHATBOT_MSG.sectorNotFound);
      else if (d.operator_id && refs.operatorIds && !refs.operatorIds.has(d.operator_id))
        out.push(CHATBOT_MSG.operatorNotFound);
      break;
    }
    case 'finish': {
      const d = parsed.data as TFlowNodeData['finish'];
      if (!d.status_id) out.push('escolha o status de finalização.');
      else if (refs.finishStatusIds && !refs.finishStatusIds.has(d.status_id))
        out.push(CHATBOT_MSG.statusNotFound);
      break;
    }
    case 'start':
      break;
  }
  return out;
}

/**
 * The drawing's problems, in Portuguese, per node: one start; every edge's ends exist and leave by a handle of
 * its node; every non-terminal node has its out-edges; each node's required data. Unreachable nodes are warnings.
 * A flow with errors can be saved only inactive.
 */
export function validateFlow(graph: TFlowGraph, refs: TFlowRefs = {}): TFlowIssue[] {
  const issues: TFlowIssue[] = [];
  const err = (message: string, at: { nodeId?: string; edgeId?: string } = {}) =>
    issues.push({ level: 'error', message, ...at });
  const byId = new Map<string, TFlowNode>();
  for (const n of graph.nodes) {
    if (byId.has(n.id)) err(`Há mais de um nó com o id ${n.id}.`, { nodeId: n.id });
    byId.set(n.id, n);
  }
  const starts = graph.nodes.filter((n) => n.type === 'start');
  if (starts.length === 0) err('O fluxo precisa de um nó de Início.');
  if (starts.length > 1) err('O fluxo deve ter um único nó de Início.', { nodeId: starts[1]?.id });

  const out = new Map<string, Map<string, TFlowEdge>>();
  const edgeIds = new Set<string>();
  for (const e of graph.edges) {
    if (edgeIds.has(e.id)) err(`Há mais de uma ligação com o id ${e.id}.`, { edgeId: e.id });
    edgeIds.add(e.id);
    const source = byId.get(e.source);
    const target = byId.get(e.target);
    if (!source || !target) {
      err('Uma ligação aponta para um nó que não existe.', { edgeId: e.id });
      continue;
    }
    if (target.type === 'start') err('Nenhuma ligação pode chegar ao nó de Início.', { edgeId: e.id });
    const handle = edgeHandle(e);
    if (!nodeHandles(source).includes(handle)) {
      err(`${nodeName(source)}: a ligação sai por uma saída que o nó não tem.`, {
        edgeId: e.id,
        nodeId: source.id,
      });
      continue;
    }
    const handles = out.get(source.id) ?? new Map<string, TFlowEdge>();
    if (handles.has(handle))
      err(`${nodeName(source)}: a saída "${HANDLE_LABEL[handle] ?? handle}" tem mais de uma ligação.`, {
        edgeId: e.id,
        nodeId: source.id,
      });
    handles.set(handle, e);
    out.set(source.id, handles);
  }

  for (const n of graph.nodes) {
    for (const message of dataIssues(n, refs)) err(`${nodeName(n)}: ${message}`, { nodeId: n.id });
    const handles = out.get(n.id);
    for (const h of requiredHandles(n)) {
      if (handles?.has(h)) continue;
      const label =
        n.type === 'menu' ? `a opção "${menuOptionLabel(n, h)}"` : `a saída "${HANDLE_LABEL[h] ?? h}"`;
      err(`${nodeName(n)}: ${label} não está ligada a nenhum nó.`, { nodeId: n.id });
    }
  }

  const start = starts[0];
  if (start) {
    const seen = new Set<string>([start.id]);
    const stack = [start.id];
    while (stack.length) {
      const id = stack.pop() as string;
      for (const e of out.get(id)?.values() ?? []) {
        if (!seen.has(e.target)) {
          seen.add(e.target);
          stack.push(e.target);
        }
      }
    }
    for (const n of graph.nodes) {
      if (!seen.has(n.id))
        issues.push({
          level: 'warning',
          message: `${nodeName(n)}: o nó não é alcançado a partir do Início.`,
          nodeId: n.id,
        });
    }
  }
  return issues;
}

function menuOptionLabel(node: TFlowNode, handle: string): string {
  const parsed = ZMenuData.safeParse(node.data);
  const option = parsed.success ? parsed.data.options.find((o) => o.id === handle) : undefined;
  return option?.label || handle;
}

export function flowErrors(issues: readonly TFlowIssue[]): TFlowIssue[] {
  return issues.filter((i) => i.level === 'error');
}

/** Lowercase, accent-free, single spaces: how a customer's answer is compared with a menu label. */
export function normalizeAnswer(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The menu option a customer's answer picks: its number (1-based) or its label; null when none. */
export function pickMenuOption(options: readonly TMenuOption[], answer: string): TMenuOption | null {
  const norm = normalizeAnswer(answer);
  if (!norm) return null;
  if (/^\d+$/.test(norm)) return options[Number(norm) - 1] ?? null;
  return options.find((o) => normalizeAnswer(o.label) === norm) ?? null;
}

/** The menu as the customer reads it: the text, then "1 - label" per line. */
export function menuText(data: Pick<TFlowNodeData['menu'], 'text' | 'options'>): string {
  const lines = data.options.map((o, i) => `${i + 1} - ${o.label}`);
  return [data.text.trim(), ...lines].filter(Boolean).join('\n');
}

// ————————————————————————————— API —————————————————————————————

export const ZLinkedChannel = z.object({
  channel_type: z.enum(CHATBOT_CHANNEL_TYPES, { error: CHATBOT_MSG.channelTypeInvalid }),
  channel_id: zId(CHATBOT_MSG.channelNotFound),
});
export type TLinkedChannel = z.infer<typeof ZLinkedChannel>;

/** A linked channel as answered: with its name. */
export const ZLinkedChannelView = ZLinkedChannel.extend({ name: z.string() });

/** Create and "update flow" (PUT /chatbot/flows/:id): linkedChannels, when given, replaces the set. */
export const ZFlowInput = z.object({
  name: z
    .string({ error: CHATBOT_MSG.nameRequired })
    .trim()
    .min(1, { error: CHATBOT_MSG.nameRequired })
    .max(120, { error: CHATBOT_MSG.nameTooLong }),
  description: z.string().trim().max(500, { error: CHATBOT_MSG.descriptionTooLong }).default(''),
  active: z.boolean().default(false),
  graph: ZFlowGraph.default(emptyGraph),
  linkedChannels: z.array(ZLinkedChannel).max(500).optional(),
});
export type TFlowInput = z.input<typeof ZFlowInput>;

export const ZFlowSummary = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
  version: z.number(),
  linkedChannels: z.array(ZLinkedChannelView),
  updated_at: z.string(),
});
export type TFlowSummary = z.infer<typeof ZFlowSummary>;

export const ZFlow = ZFlowSummary.extend({
  graph: ZFlowGraph,
  /** validateFlow's answer for the stored drawing (errors and warnings). */
  issues: z.array(
    z.object({
      level: z.enum(['error', 'warning']),
      message: z.string(),
      nodeId: z.string().optional(),
      edgeId: z.string().optional(),
    }),
  ),
});
export type TFlow = z.infer<typeof ZFlow>;

export const FLOWS_PER_PAGE = 20;
export const ZFlowListQuery = z.object({ page: zPage() });
/** GET /chatbot/flows?page= (spec 2 §7). */
export const ZFlowList = z.object({
  results: z.object({ flows: z.array(ZFlowSummary), totalPages: z.number() }),
});
export type TFlowList = z.infer<typeof ZFlowList>;

export const ZFlowIdParams = z.object({ id: zIdParam(CHATBOT_MSG.notFound) });
export const ZFlowChannelParams = z.object({
  id: zIdParam(CHATBOT_MSG.notFound),
  channelId: zIdParam(CHATBOT_MSG.channelNotFound),
});

/** A channel moved from another flow by a link or a save. */
export const ZMovedChannel = z.object({
  channel_id: z.number(),
  channel_type: z.string(),
  from_flow_id: z.number(),
  from_flow_name: z.string(),
});
/** Create / update / link answer: the flow, a message, and the channels taken from other flows. */
export const ZFlowSaved = z.object({
  flow: ZFlow,
  message: z.string(),
  moved: z.array(ZMovedChannel),
});
export type TFlowSaved = z.infer<typeof ZFlowSaved>;

/** An invalid active flow answers 400 `{code:'VALIDATION', message: CHATBOT_MSG.invalidFlow, issues}`. */
export type TFlowInvalidAnswer = { code: string; message: string; issues: TFlowIssue[] };

/** GET /chatbot/options: what the editor offers in its selects (company-scoped). */
export const ZFlowOptions = z.object({
  channels: z.array(
    z.object({
      channel_type: z.enum(CHATBOT_CHANNEL_TYPES),
      channel_id: z.number(),
      name: z.string(),
      flow_id: z.number().nullable(),
      flow_name: z.string().nullable(),
    }),
  ),
  sectors: z.array(z.object({ id: z.number(), name: z.string() })),
  operators: z.array(z.object({ id: z.number(), name: z.string() })),
  /** Finalization statuses (should_close 1). */
  statuses: z.array(z.object({ id: z.number(), name: z.string() })),
  /** The company's contact fields (key, label): a question's field, a condition's field, an HTTP save_as. */
  fields: z.array(z.object({ key: z.string(), label: z.string() })),
});
export type TFlowOptions = z.infer<typeof ZFlowOptions>;

/** GET /chatbot/configs (spec 2 §7): our flows run locally, so no external auth; 403 when chatbots are not allowed. */
export const ZChatbotConfigQuery = z.object({ page: zPage() });
export const ZChatbotConfigs = z.object({
  results: z.object({
    configs: z.array(
      z.object({ id: z.number(), has_contract: z.boolean(), contract_id: z.number().nullable() }),
    ),
    totalPages: z.number(),
  }),
  isAuth: z.boolean(),
  urlAuth: z.string().nullable(),
  token: z.string().nullable(),
  agent: z.string().nullable(),
});
export type TChatbotConfigs = z.infer<typeof ZChatbotConfigs>;

// ————————————————————————————— transfer to the chatbot (spec 1) —————————————————————————————

/** GET /transfer/can-transfer?company_id=&channel=&contact_id= — contact_id is the attendance's id. */
export const ZCanTransferQuery = z.object({
  company_id: zIdParam(),
  channel: z.string().max(100).optional(),
  contact_id: z.coerce
    .number({ error: CHATBOT_MSG.transferError })
    .int()
    .min(1)
    .max(BIGINT_ID_MAX, { error: CHATBOT_MSG.transferError }),
});
export const ZCanTransfer = z.object({ hasChatbot: z.boolean() });
export type TCanTransfer = z.infer<typeof ZCanTransfer>;

/** POST /transfer/to-chatbot. */
export const ZTransferToChatbotInput = z.object({
  company_id: zId(),
  contact_id: zBigId(CHATBOT_MSG.transferError),
  sector_id: zId().nullish(),
  data: z.object({ user_id: zId().nullish(), protocol: z.string().max(100).nullish() }).default({}),
});
export type TTransferToChatbotInput = z.input<typeof ZTransferToChatbotInput>;
export const ZTransferToChatbotAnswer = z.object({ message: z.string() });

/** The routes (all under the caller's company; manager and above except the transfer, which any operator may call). */
export const CHATBOT_API = {
  flows: '/api/chatbot/flows',
  flow: (id: number) => `/api/chatbot/flows/${id}`,
  /** PUT {channel_type, channel_id} links (moves it from another flow); DELETE …/channels/:channelId unlinks. */
  flowChannels: (id: number) => `/api/chatbot/flows/${id}/channels`,
  flowChannel: (id: number, channelId: number) => `/api/chatbot/flows/${id}/channels/${channelId}`,
  options: '/api/chatbot/options',
  /** POST multipart (file): a message node's media; put the answer's `file` into the node's data.media. */
  media: '/api/chatbot/media',
  configs: '/api/chatbot/configs',
  canTransfer: '/api/transfer/can-transfer',
  toChatbot: '/api/transfer/to-chatbot',
} as const;
