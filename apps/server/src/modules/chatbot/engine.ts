import { CHATBOT_MSG, pickMenuOption, ZMenuData, ZQuestionData } from '@prosa/shared/chatbot';
import { checkFieldValue } from '@prosa/shared/contact-fields';
import { and, eq } from 'drizzle-orm';
import { contactFieldDefinitions } from '../../db/schema/scheduling';
import { type AutomationRun, hold, type SessionRow } from '../automation/run';
import { checkAnswer } from './conditions';
import { scheduleHttp } from './http-node';
import { activeFlowOfChannel, findFlow } from './repository';
import {
  type FlowState,
  flowContextOf,
  handover,
  invalidAnswer,
  nextOf,
  runFrom,
  saveMetadata,
} from './steps';

// The flow engine the automation consumer calls (docs/decisions/0009-automation.md): a channel's linked active
// flow takes the attendance from its start node; the customer's answers move it on from the node that waits.

/**
 * The channel's linked active flow takes the attendance (auto, held by 'flow') and runs from its start node until
 * a node waits for the customer, parks for an HTTP call, hands over or finishes; 'none' when there is no flow.
 * `sectorId`: where a handover without a transfer node goes (an operator's transfer to the chatbot).
 */
export async function startFlow(
  run: AutomationRun,
  opts?: { by?: number | null; sectorId?: number | null },
): Promise<'held' | 'none'> {
  if (run.attendance.closedAt) return 'none';
  const flow = await activeFlowOfChannel(run.tx, run.attendance.companyId, run.attendance.channelId);
  if (!flow) return 'none';
  const ctx = await flowContextOf(run, flow, scheduleHttp);
  const start = ctx.graph.nodes.find((n) => n.type === 'start');
  if (!start) return 'none';
  const state: FlowState = { version: flow.version, return_sector_id: opts?.sectorId ?? null };
  await hold(run, { holder: 'flow', flowId: flow.id, nodeId: start.id, state, by: opts?.by ?? null });
  await runFrom(run, ctx, start.id, state);
  return 'held';
}

/**
 * The customer's message to the node that waits: a menu option (number or label) or a question's answer (checked,
 * then saved into the contact's metadata). An invalid answer is told and asked again up to the node's retries,
 * then the fallback edge (or people). A flow edited meanwhile goes on while the waiting node exists.
 */
export async function onFlowMessage(run: AutomationRun, session: SessionRow): Promise<void> {
  const state = (session.state ?? {}) as FlowState;
  // An HTTP call in flight: the message stays in the transcript; the flow goes on with the call's answer.
  if (state.pending_http) return;
  const flow = session.flowId ? await findFlow(run.tx, run.attendance.companyId, session.flowId) : null;
  if (!flow) return handover(run, state);
  const ctx = await flowContextOf(run, flow, scheduleHttp);
  const node = session.nodeId ? ctx.nodes.get(session.nodeId) : undefined;
  const text = run.message?.text ?? '';
  if (node?.type === 'menu') {
    const d = ZMenuData.safeParse(node.data);
    if (!d.success) return handover(run, state);
    const option = pickMenuOption(d.data.options, text);
    if (option) return runFrom(run, ctx, nextOf(ctx, node.id, option.id), state);
    return invalidAnswer(run, ctx, node, state, {
      retries: d.data.retries,
      invalidText: d.data.invalid_text,
      fallbackText: CHATBOT_MSG.defaultInvalidOption,
    });
  }
  if (node?.type === 'question') {
    const d = ZQuestionData.safeParse(node.data);
    if (!d.success || !d.data.field) return handover(run, state);
    const value = await questionValue(run, d.data.field, checkAnswer(d.data.validation, text));
    if (value === null)
      return invalidAnswer(run, ctx, node, state, {
        retries: d.data.retries,
        invalidText: d.data.invalid_text,
        fallbackText: CHATBOT_MSG.defaultInvalidAnswer,
      });
    await saveMetadata(run, d.data.field, value);
    return runFrom(run, ctx, nextOf(ctx, node.id), state);
  }
  // The waiting node is gone from the drawing: people take it from here.
  await handover(run, state);
}

/** The answer as the contact field stores it (its mask, its list options), or null when the field refuses it. */
async function questionValue(
  run: AutomationRun,
  field: string,
  answer: string | null,
): Promise<string | null> {
  if (answer === null) return null;
  const [def] = await run.tx
    .select()
    .from(contactFieldDefinitions)
    .where(
      and(
        eq(contactFieldDefinitions.companyId, run.attendance.companyId),
        eq(contactFieldDefinitions.key, field),
      ),
    );
  if (!def) return answer.slice(0, 500);
  const checked = checkFieldValue({ ...def, mask: def.mask ?? null }, answer);
  return checked.ok ? checked.value : null;
}
