import { randomUUID } from 'node:crypto';
import { ZStoredAttachment } from '@prosa/shared/attachments';
import {
  CHATBOT_MSG,
  edgeHandle,
  FLOW_MAX_STEPS,
  HANDLE_FALLBACK,
  HANDLE_NEXT,
  menuText,
  type TFlowGraph,
  type TFlowNode,
  type TFlowNodeData,
  ZConditionData,
  ZFinishData,
  ZFlowGraph,
  ZHttpData,
  ZMenuData,
  ZMessageData,
  ZQuestionData,
  ZTransferData,
} from '@prosa/shared/chatbot';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { attendances } from '../../db/schema/attendance';
import { companies } from '../../db/schema/companies';
import { sectors, statuses } from '../../db/schema/organization';
import { users } from '../../db/schema/users';
import { writeFacts } from '../../facts/write-facts';
import { ofCompany } from '../../platform/tenancy';
import { updatedFact } from '../attendance/attendance-facts';
import { type AutomationRun, botSend, finalizeByBot, release, saveSession } from '../automation/run';
import { storedValues } from '../contact-fields/attendance-contact-fields';
import { evaluateCondition, fillText } from './conditions';
import type { FlowRow } from './repository';

// Walking a flow's drawing: each node does its part and names the next, until one waits for the customer (menu,
// question), parks for an HTTP call, hands over or finishes. At most FLOW_MAX_STEPS per customer message.

/** The engine's part of automation_sessions.state. */
export type FlowState = {
  version: number;
  /** Invalid answers given to the waiting node. */
  retries?: number;
  /** The HTTP node's call in flight (made after the commit, resumed once in a new transaction). */
  pending_http?: { node_id: string; token: string; started_at: string; timeout_ms: number } | null;
  /** Nodes run since the customer's last message (kept while parked at an HTTP node). */
  steps?: number;
  /** Where a handover without a transfer node goes (an operator's transfer to the chatbot chose it). */
  return_sector_id?: number | null;
};

export type HttpJob = {
  companyId: number;
  attendanceId: number;
  flowId: number;
  nodeId: string;
  token: string;
  data: TFlowNodeData['http'];
};

export type FlowContext = {
  flow: FlowRow;
  graph: TFlowGraph;
  nodes: Map<string, TFlowNode>;
  /** node id → handle → target node id */
  out: Map<string, Map<string, string>>;
  timeZone: string;
  /** Registers the HTTP node's call for after the commit (http-node.ts). */
  scheduleHttp: (run: AutomationRun, job: HttpJob) => void;
};

export function flowContext(
  flow: FlowRow,
  graph: TFlowGraph,
  timeZone: string,
  scheduleHttp: FlowContext['scheduleHttp'],
): FlowContext {
  const nodes = new Map(graph.nodes.map((n) => [n.id, n]));
  const out = new Map<string, Map<string, string>>();
  for (const e of graph.edges) {
    const handles = out.get(e.source) ?? new Map<string, string>();
    if (!handles.has(edgeHandle(e))) handles.set(edgeHandle(e), e.target);
    out.set(e.source, handles);
  }
  return { flow, graph, nodes, out, timeZone, scheduleHttp };
}

/** The stored drawing, read leniently: a malformed one has no nodes (never a 500, never a crash of the consumer). */
export function storedGraph(row: Pick<FlowRow, 'graph'>): TFlowGraph {
  const parsed = ZFlowGraph.safeParse(row.graph);
  return parsed.success ? parsed.data : { nodes: [], edges: [] };
}

/** The flow ready to run for this attendance's company (its timezone for working hours). */
export async function flowContextOf(
  run: AutomationRun,
  flow: FlowRow,
  scheduleHttp: FlowContext['scheduleHttp'],
): Promise<FlowContext> {
  const [company] = await run.tx
    .select({ timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, run.attendance.companyId));
  return flowContext(flow, storedGraph(flow), company?.timezone || 'America/Sao_Paulo', scheduleHttp);
}

export function nextOf(ctx: FlowContext, nodeId: string, handle: string = HANDLE_NEXT): string | null {
  return ctx.out.get(nodeId)?.get(handle) ?? null;
}

/** The bot lets go into the queue (of the operator's chosen sector, else the attendance's). */
export async function handover(run: AutomationRun, state: FlowState): Promise<void> {
  const sectorId = state.return_sector_id ?? undefined;
  await release(run, { holder: 'flow', ...(sectorId ? { sectorId } : {}) });
}

const urlValues = (m: Record<string, string>) =>
  Object.fromEntries(Object.entries(m).map(([k, v]) => [k, encodeURIComponent(v)]));

function metadataOf(run: AutomationRun): Record<string, string> {
  return storedValues(run.attendance);
}

/** Saves a value into the attendance's contact metadata (the operator sees it in the contact fields). */
export async function saveMetadata(run: AutomationRun, key: string, value: string): Promise<void> {
  const values = { ...metadataOf(run), [key]: value };
  const [updated] = await run.tx
    .update(attendances)
    .set({
      data: sql`${attendances.data} || jsonb_build_object('contact_metadata', ${JSON.stringify(values)}::jsonb)`,
      updatedAt: run.now,
    })
    .where(and(eq(attendances.companyId, run.attendance.companyId), eq(attendances.id, run.attendance.id)))
    .returning();
  if (!updated) return;
  run.attendance = updated;
  await writeFacts(run.tx, [updatedFact(updated, ['data'])]);
}

/** Sends the waiting node's question (a menu with its numbered options). */
export async function ask(run: AutomationRun, node: TFlowNode): Promise<void> {
  const metadata = metadataOf(run);
  if (node.type === 'menu') {
    const d = ZMenuData.parse(node.data);
    await botSend(run, {
      text: fillText(menuText(d), metadata),
      origin: 'bot',
      metadata: { flow_node: node.id },
    });
  } else if (node.type === 'question') {
    const d = ZQuestionData.parse(node.data);
    await botSend(run, { text: fillText(d.text, metadata), origin: 'bot', metadata: { flow_node: node.id } });
  }
}

/** An invalid answer to the waiting node: told and asked again, or after the retries the fallback (else people). */
export async function invalidAnswer(
  run: AutomationRun,
  ctx: FlowContext,
  node: TFlowNode,
  state: FlowState,
  limits: { retries: number; invalidText: string; fallbackText: string },
): Promise<void> {
  const retries = (state.retries ?? 0) + 1;
  if (retries > limits.retries) {
    const fallback = nextOf(ctx, node.id, HANDLE_FALLBACK);
    const rest = { ...state, retries: 0 };
    if (!fallback) return handover(run, rest);
    return runFrom(run, ctx, fallback, rest);
  }
  await botSend(run, {
    text: fillText(limits.invalidText.trim() || limits.fallbackText, metadataOf(run)),
    origin: 'bot',
    metadata: { flow_node: node.id },
  });
  await ask(run, node);
  await saveSession(run, { nodeId: node.id, state: { ...state, retries } });
}

async function transferTarget(run: AutomationRun, d: TFlowNodeData['transfer']) {
  const companyId = run.attendance.companyId;
  if (d.operator_id) {
    const [u] = await run.tx
      .select({ id: users.id, name: users.displayName })
      .from(users)
      .where(ofCompany(users, companyId, eq(users.id, d.operator_id), isNull(users.inactiveSince)));
    if (u) return { operator: u };
  }
  if (d.sector_id) {
    const [s] = await run.tx
      .select({ id: sectors.id })
      .from(sectors)
      .where(ofCompany(sectors, companyId, eq(sectors.id, d.sector_id), isNull(sectors.deletedAt)));
    if (s) return { sectorId: s.id };
  }
  return null;
}

async function isFinishStatus(run: AutomationRun, statusId: number): Promise<boolean> {
  const [s] = await run.tx
    .select({ id: statuses.id })
    .from(statuses)
    .where(
      ofCompany(
        statuses,
        run.attendance.companyId,
        eq(statuses.id, statusId),
        isNull(statuses.deletedAt),
        eq(statuses.shouldClose, 1),
      ),
    );
  return s !== undefined;
}

/**
 * Runs the flow from `nodeId`: nodes that do not wait follow each other; stops at a waiting node (saved as the
 * session's node), an HTTP node (parked), a transfer or a finish. A missing node or out-edge, or more than
 * FLOW_MAX_STEPS nodes in a row (a loop), hands over to people.
 */
export async function runFrom(
  run: AutomationRun,
  ctx: FlowContext,
  nodeId: string | null,
  state: FlowState,
): Promise<void> {
  let current = nodeId;
  // Counted across HTTP resumes too (a loop through an HTTP node): reset only by a customer's message.
  let steps = state.steps ?? 0;
  const base: FlowState = { ...state, retries: 0, pending_http: null, steps: 0 };
  while (current) {
    if (run.attendance.closedAt) return;
    steps += 1;
    const node = ctx.nodes.get(current);
    if (!node || steps > FLOW_MAX_STEPS) return handover(run, base);
    switch (node.type) {
      case 'start':
        current = nextOf(ctx, node.id);
        break;
      case 'message': {
        const d = ZMessageData.safeParse(node.data);
        if (d.success) {
          const media = ZStoredAttachment.safeParse(d.data.media);
          await botSend(run, {
            text: fillText(d.data.text, metadataOf(run)),
            origin: 'bot',
            attachments: media.success ? [media.data] : [],
            metadata: { flow_node: node.id },
          });
        }
        current = nextOf(ctx, node.id);
        break;
      }
      case 'menu':
      case 'question':
        await ask(run, node);
        await saveSession(run, { nodeId: node.id, state: base });
        return;
      case 'condition': {
        const d = ZConditionData.safeParse(node.data);
        if (!d.success) return handover(run, base);
        const yes = evaluateCondition(d.data, {
          metadata: metadataOf(run),
          channelKind: run.attendance.channelKind,
          now: run.now,
          timeZone: ctx.timeZone,
        });
        current = nextOf(ctx, node.id, yes ? 'true' : 'false');
        break;
      }
      case 'http': {
        const d = ZHttpData.safeParse(node.data);
        if (!d.success) return handover(run, base);
        const token = randomUUID();
        await saveSession(run, {
          nodeId: node.id,
          state: {
            ...base,
            steps,
            pending_http: {
              node_id: node.id,
              token,
              started_at: run.now.toISOString(),
              timeout_ms: d.data.timeout_ms,
            },
          },
        });
        ctx.scheduleHttp(run, {
          companyId: run.attendance.companyId,
          attendanceId: run.attendance.id,
          flowId: ctx.flow.id,
          nodeId: node.id,
          token,
          data: {
            ...d.data,
            url: fillText(d.data.url, urlValues(metadataOf(run))),
            body: d.data.body ? fillText(d.data.body, metadataOf(run)) : d.data.body,
          },
        });
        return;
      }
      case 'transfer': {
        const d = ZTransferData.safeParse(node.data);
        const target = d.success ? await transferTarget(run, d.data) : null;
        if (!target) return handover(run, base);
        await release(run, { holder: 'flow', ...target });
        return;
      }
      case 'finish': {
        const d = ZFinishData.safeParse(node.data);
        if (!d.success || !d.data.status_id || !(await isFinishStatus(run, d.data.status_id)))
          return handover(run, base);
        if (d.data.text)
          await botSend(run, {
            text: fillText(d.data.text, metadataOf(run)),
            origin: 'bot',
            metadata: { flow_node: node.id },
          });
        if (!(await finalizeByBot(run, d.data.status_id))) return;
        return;
      }
    }
  }
  // An out-edge missing (the drawing changed): people take it from here.
  await handover(run, base);
}

export const DEFAULT_INVALID = {
  menu: CHATBOT_MSG.defaultInvalidOption,
  question: CHATBOT_MSG.defaultInvalidAnswer,
};
