import {
  CHATBOT_MSG,
  FLOW_NODE_LABEL,
  FLOWS_PER_PAGE,
  flowErrors,
  type TFlow,
  type TFlowGraph,
  type TFlowInput,
  type TFlowOptions,
  type TFlowRefs,
  type TFlowSaved,
  type TFlowSummary,
  type TLinkedChannel,
  validateFlow,
  ZFlowInput,
} from '@prosa/shared/chatbot';
import { ERROR_CODE } from '@prosa/shared/messages';
import type { Db, Tx } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { presentAttachments } from '../attachments/present';
import { findCompany } from '../companies/repository';
import { checkFlowMedia } from './flow-media';
import {
  channelLink,
  companyChannels,
  companyOperators,
  companySectors,
  contactFieldKeys,
  countFlows,
  deleteLink,
  type FlowChannelRow,
  type FlowRow,
  findFlow,
  findFlowChannel,
  finishStatuses,
  flowChannels,
  insertFlow,
  listFlowPage,
  softDeleteFlow,
  updateFlowRow,
  upsertLink,
} from './repository';
import { storedGraph } from './steps';

// The flows' table and edit panel (spec 2 §2, §7 Chatbot): manager and above, the caller's company, and only
// when the company allows chatbots (allow.chatbots; otherwise 403 and the screen shows "not authorised").

export type FlowCaller = { companyId: number; userId: number };
type Deps = Pick<AppDeps, 'db' | 'appSecret' | 'storage' | 'config' | 'outbound'>;

export async function companyAllowsChatbots(db: Db | Tx, companyId: number): Promise<boolean> {
  const company = await findCompany(db as Db, companyId);
  const allow = (company?.metadata as { allow?: Record<string, unknown> } | undefined)?.allow;
  return allow?.chatbots === true;
}

async function assertAllowed(db: Db, companyId: number) {
  if (!(await companyAllowsChatbots(db, companyId))) throw forbidden(CHATBOT_MSG.notAuthorised);
}

export async function companyRefs(db: Db | Tx, companyId: number): Promise<TFlowRefs> {
  // One after another: inside a transaction they share one connection.
  const sectors = await companySectors(db, companyId);
  const operators = await companyOperators(db, companyId);
  const statuses = await finishStatuses(db, companyId);
  const fields = await contactFieldKeys(db, companyId);
  return {
    sectorIds: new Set(sectors.map((s) => s.id)),
    operatorIds: new Set(operators.map((o) => o.id)),
    finishStatusIds: new Set(statuses.map((s) => s.id)),
    fieldKeys: new Set(fields.map((f) => f.key)),
  };
}

function summary(row: FlowRow, links: FlowChannelRow[]): TFlowSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    active: row.active,
    version: row.version,
    linkedChannels: links
      .filter((l) => l.flowId === row.id)
      .map((l) => ({
        channel_type: l.channelType as TLinkedChannel['channel_type'],
        channel_id: l.channelId,
        name: l.name,
      })),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function present(deps: Deps, db: Db | Tx, row: FlowRow): Promise<TFlow> {
  const links = await flowChannels(db, row.companyId, [row.id]);
  const graph = storedGraph(row);
  const refs = await companyRefs(db, row.companyId);
  return { ...summary(row, links), graph: presentGraph(deps, graph), issues: validateFlow(graph, refs) };
}

/** Media of message nodes answered with a fresh signed url. */
function presentGraph(deps: Deps, graph: TFlowGraph): TFlowGraph {
  return {
    ...graph,
    nodes: graph.nodes.map((n) => {
      if (n.type !== 'message' || n.data.media == null) return n;
      const [shown] = presentAttachments(deps, [n.data.media]);
      return shown ? { ...n, data: { ...n.data, media: shown } } : n;
    }),
  };
}

export async function listFlows(deps: Deps, caller: FlowCaller, page: number) {
  await assertAllowed(deps.db, caller.companyId);
  const total = await countFlows(deps.db, caller.companyId);
  const rows = await listFlowPage(deps.db, caller.companyId, FLOWS_PER_PAGE, (page - 1) * FLOWS_PER_PAGE);
  const links = await flowChannels(
    deps.db,
    caller.companyId,
    rows.map((r) => r.id),
  );
  return {
    results: {
      flows: rows.map((r) => summary(r, links)),
      totalPages: Math.max(1, Math.ceil(total / FLOWS_PER_PAGE)),
    },
  };
}

export async function getFlow(deps: Deps, caller: FlowCaller, id: number): Promise<TFlow> {
  await assertAllowed(deps.db, caller.companyId);
  const row = await findFlow(deps.db, caller.companyId, id);
  if (!row) throw notFound(CHATBOT_MSG.notFound);
  return present(deps, deps.db, row);
}

/** The drawing checked against the company: an active flow must have no errors (400 with the list). */
async function checkedGraph(
  deps: Deps,
  tx: Tx,
  companyId: number,
  input: { active: boolean; graph: TFlowGraph },
  previous: TFlowGraph | null,
): Promise<TFlowGraph> {
  const graph = checkFlowMedia(deps, companyId, input.graph, previous);
  await checkHttpUrls(deps, graph);
  const issues = validateFlow(graph, await companyRefs(tx, companyId));
  if (input.active && flowErrors(issues).length > 0)
    throw new AppError(ERROR_CODE.validation, CHATBOT_MSG.invalidFlow, 400, { issues });
  return graph;
}

/** Each HTTP node's URL by the outbound guard's rules at save time (it is checked again at every call). */
async function checkHttpUrls(deps: Deps, graph: TFlowGraph): Promise<void> {
  for (const node of graph.nodes) {
    if (node.type !== 'http') continue;
    const url = typeof node.data.url === 'string' ? node.data.url.trim() : '';
    if (!url) continue;
    try {
      await deps.outbound.assertUrl(url.replace(/\{\{[^}]*\}\}/g, 'x'));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const message = `${FLOW_NODE_LABEL.http} (${node.id}): ${err.message}`;
      throw new AppError(ERROR_CODE.validation, message, 400, {
        issues: [{ level: 'error', message, nodeId: node.id }],
      });
    }
  }
}

type Moved = TFlowSaved['moved'];

/** Links channels to a flow; a channel linked to another flow moves (and is reported). */
async function linkChannels(
  tx: Tx,
  companyId: number,
  flowId: number,
  list: TLinkedChannel[],
): Promise<Moved> {
  const moved: Moved = [];
  for (const link of list) {
    const channel = await findFlowChannel(tx, companyId, link.channel_id);
    if (!channel) throw badRequest(CHATBOT_MSG.channelNotFound);
    if (channel.kind !== link.channel_type) throw badRequest(CHATBOT_MSG.channelTypeMismatch);
    const current = await channelLink(tx, companyId, channel.id);
    if (current && current.flowId !== flowId)
      moved.push({
        channel_id: channel.id,
        channel_type: channel.kind,
        from_flow_id: current.flowId,
        from_flow_name: current.name,
      });
    await upsertLink(tx, companyId, flowId, channel.id, channel.kind);
  }
  return moved;
}

function savedMessage(base: string, moved: Moved, names: Map<number, string>): string {
  return [
    base,
    ...moved.map((m) =>
      CHATBOT_MSG.movedFrom(names.get(m.channel_id) ?? String(m.channel_id), m.from_flow_name),
    ),
  ].join(' ');
}

async function saveFlow(
  deps: Deps,
  caller: FlowCaller,
  rawInput: TFlowInput,
  id: number | null,
): Promise<TFlowSaved> {
  await assertAllowed(deps.db, caller.companyId);
  const input = ZFlowInput.parse(rawInput);
  try {
    return await deps.db.transaction(async (tx) => {
      let row: FlowRow | null;
      if (id === null) {
        const graph = await checkedGraph(deps, tx, caller.companyId, input, null);
        row = await insertFlow(tx, { companyId: caller.companyId, ...input, graph });
      } else {
        const before = await findFlow(tx, caller.companyId, id, { lock: true });
        if (!before) throw notFound(CHATBOT_MSG.notFound);
        const graph = await checkedGraph(deps, tx, caller.companyId, input, storedGraph(before));
        row = await updateFlowRow(tx, caller.companyId, id, { ...input, graph });
        if (!row) throw notFound(CHATBOT_MSG.notFound);
      }
      let moved: Moved = [];
      if (input.linkedChannels) {
        const keep = new Set(input.linkedChannels.map((l) => l.channel_id));
        for (const l of await flowChannels(tx, caller.companyId, [row.id]))
          if (!keep.has(l.channelId)) await deleteLink(tx, caller.companyId, row.id, l.channelId);
        moved = await linkChannels(tx, caller.companyId, row.id, input.linkedChannels);
      }
      const flow = await present(deps, tx, row);
      const names = new Map(flow.linkedChannels.map((l) => [l.channel_id, l.name]));
      const base = id === null ? CHATBOT_MSG.created : CHATBOT_MSG.saved;
      return { flow, message: savedMessage(base, moved, names), moved };
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    // Spec 2 §8: a save failure shows the server's error text.
    throw new AppError(ERROR_CODE.internal, CHATBOT_MSG.saveError, 500);
  }
}

export const createFlow = (deps: Deps, caller: FlowCaller, input: TFlowInput) =>
  saveFlow(deps, caller, input, null);
export const updateFlow = (deps: Deps, caller: FlowCaller, id: number, input: TFlowInput) =>
  saveFlow(deps, caller, input, id);

export async function deleteFlow(deps: Deps, caller: FlowCaller, id: number) {
  await assertAllowed(deps.db, caller.companyId);
  const row = await deps.db.transaction((tx) => softDeleteFlow(tx, caller.companyId, id));
  if (!row) throw notFound(CHATBOT_MSG.notFound);
  return { message: CHATBOT_MSG.removed };
}

export async function linkFlowChannel(deps: Deps, caller: FlowCaller, id: number, link: TLinkedChannel) {
  await assertAllowed(deps.db, caller.companyId);
  return deps.db.transaction(async (tx): Promise<TFlowSaved> => {
    const row = await findFlow(tx, caller.companyId, id, { lock: true });
    if (!row) throw notFound(CHATBOT_MSG.notFound);
    const moved = await linkChannels(tx, caller.companyId, id, [link]);
    const flow = await present(deps, tx, row);
    const names = new Map(flow.linkedChannels.map((l) => [l.channel_id, l.name]));
    return { flow, message: savedMessage(CHATBOT_MSG.linked, moved, names), moved };
  });
}

export async function unlinkFlowChannel(deps: Deps, caller: FlowCaller, id: number, channelId: number) {
  await assertAllowed(deps.db, caller.companyId);
  return deps.db.transaction(async (tx): Promise<TFlowSaved> => {
    const row = await findFlow(tx, caller.companyId, id, { lock: true });
    if (!row) throw notFound(CHATBOT_MSG.notFound);
    if (!(await deleteLink(tx, caller.companyId, id, channelId))) throw notFound(CHATBOT_MSG.channelNotFound);
    return { flow: await present(deps, tx, row), message: CHATBOT_MSG.unlinked, moved: [] };
  });
}

export async function flowOptions(deps: Deps, caller: FlowCaller): Promise<TFlowOptions> {
  await assertAllowed(deps.db, caller.companyId);
  const db = deps.db;
  const [channels, sectors, operators, statuses, fields] = await Promise.all([
    companyChannels(db, caller.companyId),
    companySectors(db, caller.companyId),
    companyOperators(db, caller.companyId),
    finishStatuses(db, caller.companyId),
    contactFieldKeys(db, caller.companyId),
  ]);
  return {
    channels: channels.map((c) => ({ ...c, channel_type: c.channel_type as TLinkedChannel['channel_type'] })),
    sectors,
    operators,
    statuses,
    fields: fields.map((f) => ({ key: f.key, label: f.label })),
  };
}

/** Spec 2 §7 chatbot config: our flows run here, so there is no outside account to authenticate. */
export async function chatbotConfigs(deps: Deps, caller: FlowCaller) {
  await assertAllowed(deps.db, caller.companyId);
  return {
    results: { configs: [{ id: caller.companyId, has_contract: true, contract_id: null }], totalPages: 1 },
    isAuth: true,
    urlAuth: null,
    token: null,
    agent: null,
  };
}
