import {
  EDITABLE_OTHER_TRIGGER_TYPES,
  isEmptyOtherParams,
  type TCopyTriggersBody,
  type TEditableOtherTriggerType,
  TRIGGER_MSG,
  type TSaveOtherTriggerBody,
  validateOtherTrigger,
  ZOtherParams,
} from '@prosa/shared/triggers';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { assertEditable, type ChannelTarget, channelById } from './channel-target';
import { assertMailingUsable } from './check-mailing-trigger';
import { assertImageKey, assertStatus, firstError, storedImage } from './check-trigger';
import { readChannelTriggers } from './manage-text-triggers';
import type { PresentDeps } from './present';
import {
  channelsUsing,
  deleteOtherTrigger,
  findChannelRow,
  lockChannelTriggers,
  otherParamsOf,
  replaceWithCopies,
  setUseTriggerFrom,
  upsertOtherTrigger,
} from './repository';

type Deps = Pick<AppDeps, 'db'> & PresentDeps;

/** The params as stored: the kind's fields only, texts trimmed, images without their URL. */
function storedParams(type: TEditableOtherTriggerType, params: Record<string, unknown>) {
  const parsed = ZOtherParams[type].safeParse(params);
  if (!parsed.success) throw badRequest(TRIGGER_MSG.invalidParams);
  const out: Record<string, unknown> = { ...parsed.data };
  for (const [k, v] of Object.entries(out)) if (typeof v === 'string') out[k] = v.trim();
  if (type === 'agreement') {
    const image = (
      parsed.data as { image?: { key: string; name: string; mime: string; size: number } | null }
    ).image;
    out.image = image ? storedImage(image) : null;
  }
  return out;
}

/**
 * POST /channels/save-other-triggers/{type}/{id}: one kind at a time. Inactive or empty deletes the kind's row; else it is
 * checked by the spec's rules (limit_receivement against the channel's working periods; one menu) and stored.
 */
export async function saveOtherTrigger(deps: Deps, target: ChannelTarget, body: TSaveOtherTriggerBody) {
  assertEditable(target);
  const { channel } = target;
  const type = body.trigger_type;
  if (!(EDITABLE_OTHER_TRIGGER_TYPES as readonly string[]).includes(type))
    throw badRequest(TRIGGER_MSG.invalidTriggerType);
  const kind = type as TEditableOtherTriggerType;
  const params = body.params ?? {};
  if (body.active === false || isEmptyOtherParams(params)) {
    await deps.db.transaction(async (tx) => {
      await lockChannelTriggers(tx, channel.id);
      await deleteOtherTrigger(tx, channel.companyId, channel.id, kind);
    });
    return readChannelTriggers(deps, target);
  }
  await deps.db.transaction(async (tx) => {
    await lockChannelTriggers(tx, channel.id);
    const context = await otherParamsOf(tx, channel.companyId, channel.id, kind);
    firstError(validateOtherTrigger(kind, params, context));
    if (kind === 'close_attempted' || kind === 'agreement')
      await assertStatus(tx, channel.companyId, params.status_id, TRIGGER_MSG.statusNotFound);
    if (kind === 'agreement' && params.image) assertImageKey(channel.companyId, params.image);
    if (kind === 'mailing_validation' || kind === 'mailing_sector_transfer')
      await assertMailingUsable(tx, channel.companyId, channel.kind, kind, params);
    // A working period changed under a receiving limit: the limit must still lie between them.
    if ((kind === 'before_working_period' || kind === 'after_working_period') && context.limit_receivement) {
      const limit = validateOtherTrigger('limit_receivement', context.limit_receivement, {
        ...context,
        [kind]: params,
      });
      if (limit.some((e) => e.message === TRIGGER_MSG.limitBetweenPeriods))
        throw badRequest(TRIGGER_MSG.limitBetweenPeriods);
    }
    await upsertOtherTrigger(
      tx,
      { companyId: channel.companyId, channelId: channel.id, triggerableType: target.type },
      kind,
      storedParams(kind, params),
    );
  });
  return readChannelTriggers(deps, target);
}

/**
 * PATCH /triggers/copy-triggers: every trigger of channel `from` copied to `to`, replacing `to`'s. Refused when
 * either is missing or both are the same (spec 2 §5: "copying triggers only when source and target differ and
 * both are set"); both must be the caller's company's channels (e-mail configs too: they are channels).
 */
export async function copyTriggers(deps: Deps, caller: Caller, body: TCopyTriggersBody) {
  if (!body.from || !body.to) throw badRequest(TRIGGER_MSG.copyMissing);
  if (body.from === body.to) throw badRequest(TRIGGER_MSG.copySame);
  const from = await channelById(deps, caller, body.from, 'read');
  const to = await channelById(deps, caller, body.to, 'write');
  const copied = await deps.db.transaction(async (tx) => {
    await lockChannelTriggers(tx, to.channel.id);
    return replaceWithCopies(tx, caller.companyId, from.channel.id, {
      id: to.channel.id,
      triggerableType: to.type,
    });
  });
  return { success: true as const, copied };
}

/**
 * POST /channels/use-triggers-from/{type}/{id}: the channel answers with another channel's triggers (null: its
 * own). Refused: a channel of another company or missing, itself, one that itself uses another's, or while other
 * channels use this one's (the engine follows one step).
 */
export async function useTriggersFrom(
  deps: Deps & Pick<AppDeps, 'channelRepository'>,
  target: ChannelTarget,
  from: number | null,
) {
  const { channel } = target;
  if (from !== null) {
    if (from === channel.id) throw badRequest(TRIGGER_MSG.useSelf);
    const source = await findChannelRow(deps.db, channel.companyId, from);
    if (!source) throw badRequest(TRIGGER_MSG.channelNotFound);
    if (source.useTriggerFromChannelId !== null) throw badRequest(TRIGGER_MSG.useChained);
    if ((await channelsUsing(deps.db, channel.companyId, channel.id)).length > 0)
      throw badRequest(TRIGGER_MSG.usedByOthers);
  }
  await setUseTriggerFrom(deps.db, channel.companyId, channel.id, from);
  // Nodes keep channels in a cache: this one is read again.
  await deps.channelRepository.forget(channel.id);
  return readChannelTriggers(deps, {
    ...target,
    channel: { ...channel, useTriggerFromChannelId: from },
  });
}
