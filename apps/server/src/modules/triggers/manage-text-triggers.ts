import {
  type TChannelTriggers,
  type TCreateTriggerBody,
  TRIGGER_MSG,
  type TSaveTextTriggersBody,
  type TUpdateTriggerBody,
  ZTextTriggerInput,
} from '@prosa/shared/triggers';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { assertEditable, type ChannelTarget, channelById } from './channel-target';
import { checkTextTrigger } from './check-trigger';
import { type PresentDeps, toOtherTrigger, toTextTrigger } from './present';
import {
  channelsUsing,
  deleteTriggerRow,
  findTrigger,
  insertTextTrigger,
  listChannelTriggers,
  lockChannelTriggers,
  setPositions,
  type TextValues,
  updateTextTrigger,
} from './repository';

type Deps = Pick<AppDeps, 'db'> & PresentDeps;

/** GET /channels/get-triggers/{type}/{id}: text triggers in order, the other kinds, whose triggers it uses. */
export async function readChannelTriggers(deps: Deps, target: ChannelTarget): Promise<TChannelTriggers> {
  const { channel, type } = target;
  const rows = await listChannelTriggers(deps.db, channel.companyId, channel.id);
  const usedBy = await channelsUsing(deps.db, channel.companyId, channel.id);
  return {
    channel: { id: channel.id, name: channel.name, kind: channel.kind, type },
    use_trigger_from_channel_id: channel.useTriggerFromChannelId,
    used_by: usedBy,
    text: rows.filter((r) => r.triggerType === 'text').map((r) => toTextTrigger(deps, r)),
    others: rows.filter((r) => r.triggerType !== 'text').map((r) => toOtherTrigger(deps, r)),
  };
}

/**
 * POST /channels/save-triggers-text/{type}/{id}: each item created (no id, at the end) or updated (an id of this
 * channel's text triggers). All or nothing: the first invalid item refuses the whole save with its message.
 */
export async function saveTextTriggers(deps: Deps, target: ChannelTarget, body: TSaveTextTriggersBody) {
  assertEditable(target);
  const { channel, type } = target;
  const items = body.triggers.map((t) => ZTextTriggerInput.parse(t));
  const checked: { id: number | undefined; values: TextValues }[] = [];
  for (const item of items)
    checked.push({ id: item.id, values: await checkTextTrigger(deps.db, channel.companyId, item) });
  await deps.db.transaction(async (tx) => {
    await lockChannelTriggers(tx, channel.id);
    for (const { id, values } of checked) {
      if (id === undefined) {
        await insertTextTrigger(
          tx,
          { companyId: channel.companyId, channelId: channel.id, triggerableType: type },
          values,
        );
        continue;
      }
      const row = await findTrigger(tx, channel.companyId, id);
      if (!row || row.channelId !== channel.id || row.triggerType !== 'text')
        throw notFound(TRIGGER_MSG.notFound);
      await updateTextTrigger(tx, channel.companyId, id, values);
    }
  });
  return readChannelTriggers(deps, target);
}

/** POST /triggers (spec 2 §7): a text trigger of the channel triggerable_id, at the end of its list. */
export async function createTrigger(deps: Deps, caller: Caller, body: TCreateTriggerBody) {
  const target = await channelById(deps, caller, body.triggerable_id, 'write');
  if (body.triggerable_type !== target.type) throw notFound(TRIGGER_MSG.channelNotFound);
  assertEditable(target);
  const { channel } = target;
  const values = await checkTextTrigger(deps.db, channel.companyId, {
    name: body.name,
    description: body.description,
    trigger_text: body.trigger_text,
    actions: body.actions,
  });
  const row = await deps.db.transaction(async (tx) => {
    await lockChannelTriggers(tx, channel.id);
    return insertTextTrigger(
      tx,
      { companyId: channel.companyId, channelId: channel.id, triggerableType: target.type },
      values,
    );
  });
  return toTextTrigger(deps, row);
}

async function ownTextTrigger(deps: Deps, caller: Caller, id: number) {
  const row = await findTrigger(deps.db, caller.companyId, id);
  if (!row) throw notFound(TRIGGER_MSG.notFound);
  const target = await channelById(deps, caller, row.channelId, 'write');
  return { row, target };
}

/** PATCH /triggers/{id}: a text trigger's name, description, "Se o cliente digitar" and actions. */
export async function updateTrigger(deps: Deps, caller: Caller, id: number, body: TUpdateTriggerBody) {
  const { row, target } = await ownTextTrigger(deps, caller, id);
  if (row.triggerType !== 'text') throw badRequest(TRIGGER_MSG.invalidTriggerType);
  assertEditable(target);
  const values = await checkTextTrigger(deps.db, caller.companyId, {
    name: body.name,
    description: body.description,
    trigger_text: body.trigger_text,
    actions: body.actions,
  });
  const saved = await deps.db.transaction(async (tx) => updateTextTrigger(tx, caller.companyId, id, values));
  if (!saved) throw notFound(TRIGGER_MSG.notFound);
  return toTextTrigger(deps, saved);
}

/** POST /channels/delete-trigger/{id}, POST /triggers/{id} with _method DELETE: any kind. */
export async function deleteTrigger(deps: Deps, caller: Caller, id: number) {
  await ownTextTrigger(deps, caller, id);
  if (!(await deleteTriggerRow(deps.db, caller.companyId, id))) throw notFound(TRIGGER_MSG.notFound);
  return { success: true as const };
}

/** POST /channels/save-trigger-order/{type}/{id}: exactly the channel's text triggers, each once, in order. */
export async function saveTriggerOrder(deps: Deps, target: ChannelTarget, ids: readonly number[]) {
  assertEditable(target);
  const { channel } = target;
  await deps.db.transaction(async (tx) => {
    await lockChannelTriggers(tx, channel.id);
    const current = (await listChannelTriggers(tx, channel.companyId, channel.id))
      .filter((r) => r.triggerType === 'text')
      .map((r) => r.id);
    const given = new Set(ids);
    if (given.size !== ids.length || ids.length !== current.length || current.some((id) => !given.has(id)))
      throw badRequest(TRIGGER_MSG.orderMismatch);
    await setPositions(tx, channel.companyId, ids);
  });
  return readChannelTriggers(deps, target);
}
