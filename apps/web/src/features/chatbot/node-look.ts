import {
  CHATBOT_CHANNEL_LABEL,
  CONDITION_KIND_LABEL,
  HANDLE_FALLBACK,
  HANDLE_LABEL,
  METADATA_OP_LABEL,
  nodeHandles,
  type TFlowNodeType,
  type TFlowOptions,
  ZConditionData,
  ZFinishData,
  ZHttpData,
  ZMenuData,
  ZMessageData,
  ZQuestionData,
  ZTransferData,
} from '@prosa/shared/chatbot';
import {
  type Icon,
  IconArrowForwardUp,
  IconFlag,
  IconGitBranch,
  IconHelpCircle,
  IconList,
  IconMessage,
  IconPlayerPlay,
  IconWorldWww,
} from '@tabler/icons-react';
import type { TNodeData } from './graph';

// How each kind of node looks on the canvas and in the palette: icon, colour, a one-line summary of its content
// and the labelled out-handles it offers.

export const NODE_LOOK: Record<TFlowNodeType, { icon: Icon; color: string }> = {
  start: { icon: IconPlayerPlay, color: 'teal' },
  message: { icon: IconMessage, color: 'blue' },
  menu: { icon: IconList, color: 'violet' },
  question: { icon: IconHelpCircle, color: 'cyan' },
  condition: { icon: IconGitBranch, color: 'orange' },
  http: { icon: IconWorldWww, color: 'grape' },
  transfer: { icon: IconArrowForwardUp, color: 'indigo' },
  finish: { icon: IconFlag, color: 'dark' },
};

/** The palette's node kinds, in the order a flow is usually drawn. */
export const PALETTE: TFlowNodeType[] = [
  'message',
  'menu',
  'question',
  'condition',
  'http',
  'transfer',
  'finish',
  'start',
];

export type TOutHandle = { id: string; label: string };

/** The node's out-handles with the labels shown next to them (a menu option by its text). */
export function outHandles(type: TFlowNodeType, data: TNodeData): TOutHandle[] {
  const handles = nodeHandles({ type, data });
  const menu = type === 'menu' ? ZMenuData.safeParse(data) : null;
  return handles.map((id, i) => {
    if (menu?.success && id !== HANDLE_FALLBACK) {
      const label = menu.data.options.find((o) => o.id === id)?.label.trim();
      return { id, label: `${i + 1}. ${label || 'Opção sem texto'}` };
    }
    return { id, label: HANDLE_LABEL[id] ?? id };
  });
}

const nameOf = (list: { id: number; name: string }[] | undefined, id: number | null | undefined) =>
  id ? (list?.find((x) => x.id === id)?.name ?? `#${id}`) : null;

const fieldOf = (options: TFlowOptions | undefined, key: string) =>
  options?.fields.find((f) => f.key === key)?.label ?? key;

/** One or two lines that tell what the node does, as written in its panel. */
export function nodeSummary(type: TFlowNodeType, data: TNodeData, options?: TFlowOptions): string {
  switch (type) {
    case 'start':
      return 'O fluxo começa aqui quando o contato escreve.';
    case 'message': {
      const d = ZMessageData.safeParse(data);
      if (!d.success) return '';
      const file = d.data.media ? `📎 ${d.data.media.originalName}` : '';
      return [d.data.text.trim(), file].filter(Boolean).join('\n');
    }
    case 'menu': {
      const d = ZMenuData.safeParse(data);
      return d.success ? d.data.text.trim() : '';
    }
    case 'question': {
      const d = ZQuestionData.safeParse(data);
      if (!d.success) return '';
      const into = d.data.field ? ` → ${fieldOf(options, d.data.field)}` : '';
      return `${d.data.text.trim()}${into}`;
    }
    case 'condition': {
      const d = ZConditionData.safeParse(data);
      if (!d.success) return '';
      const c = d.data;
      if (c.kind === 'metadata') {
        const value = c.op === 'equals' || c.op === 'contains' ? ` "${c.value}"` : '';
        return c.field ? `${fieldOf(options, c.field)} ${METADATA_OP_LABEL[c.op]}${value}` : '';
      }
      if (c.kind === 'channel')
        return `Canal: ${c.kinds.map((k) => CHATBOT_CHANNEL_LABEL[k]).join(', ') || '—'}`;
      const days = [
        c.monday_to_friday ? `seg-sex ${c.monday_to_friday}` : null,
        c.saturday ? `sáb ${c.saturday}` : null,
        c.sunday ? `dom ${c.sunday}` : null,
      ].filter(Boolean);
      return `${CONDITION_KIND_LABEL.working_hours}: ${days.join(' · ') || 'fechado'}`;
    }
    case 'http': {
      const d = ZHttpData.safeParse(data);
      return d.success && d.data.url ? `${d.data.method} ${d.data.url}` : '';
    }
    case 'transfer': {
      const d = ZTransferData.safeParse(data);
      if (!d.success) return '';
      const operator = nameOf(options?.operators, d.data.operator_id);
      if (operator) return `Para o operador ${operator}`;
      const sector = nameOf(options?.sectors, d.data.sector_id);
      return sector ? `Para a fila do setor ${sector}` : '';
    }
    case 'finish': {
      const d = ZFinishData.safeParse(data);
      if (!d.success) return '';
      const status = nameOf(options?.statuses, d.data.status_id);
      return status ? `Com o status ${status}` : '';
    }
  }
}
