import {
  isTriggerableType,
  TRIGGER_MSG,
  TRIGGERABLE_KIND,
  type TTriggerableType,
  triggerableTypeOf,
} from '@prosa/shared/triggers';
import type { ChannelRow } from '../../db/schema/channels';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { assertKindAllowed } from '../channels/channel-access';
import { findChannelRow } from './repository';

type Deps = Pick<AppDeps, 'db'>;

export type ChannelTarget = { channel: ChannelRow; type: TTriggerableType; caller: Caller };

/**
 * The channel of a trigger route (`{type}/{id}`): the caller's company's, of the kind the type names, and one the
 * caller's module permissions reach (the kind's, as the channel screens check). Another company's answers 404.
 */
export async function channelTarget(
  deps: Deps,
  caller: Caller,
  type: string,
  id: number,
  level: 'read' | 'write',
): Promise<ChannelTarget> {
  if (!isTriggerableType(type)) throw badRequest(TRIGGER_MSG.invalidChannelType);
  const channel = await findChannelRow(deps.db, caller.companyId, id);
  if (!channel || TRIGGERABLE_KIND[type] !== channel.kind) throw notFound(TRIGGER_MSG.channelNotFound);
  await assertKindAllowed(deps.db, caller, channel.kind, level);
  return { channel, type, caller };
}

/** A channel named by id alone (copy, upload, POST /triggers): the type is its kind's. */
export async function channelById(
  deps: Deps,
  caller: Caller,
  id: number | null | undefined,
  level: 'read' | 'write',
): Promise<ChannelTarget> {
  const channel = id ? await findChannelRow(deps.db, caller.companyId, id) : null;
  if (!channel) throw notFound(TRIGGER_MSG.channelNotFound);
  const type = triggerableTypeOf(channel.kind);
  if (!type) throw badRequest(TRIGGER_MSG.invalidChannelType);
  await assertKindAllowed(deps.db, caller, channel.kind, level);
  return { channel, type, caller };
}

/** Triggers are edited where they run: a channel that uses another's is read-only here. */
export function assertEditable(target: ChannelTarget) {
  if (target.channel.useTriggerFromChannelId !== null) throw badRequest(TRIGGER_MSG.readOnly);
}
