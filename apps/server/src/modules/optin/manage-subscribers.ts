import { channelKey } from '@prosa/shared/contact-keys';
import {
  OPTIN_MSG,
  type TOptinChangeInput,
  type TOptinChangeOutput,
  type TOptinChannel,
  type TOptinChannelKind,
  type TOptinPage,
  type TOptinSearchQuery,
  type TSubscriberStatus,
} from '@prosa/shared/optin';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import {
  cancelPendingCampaignContacts,
  findOptinChannel,
  listOptinChannels,
  searchSubscribers,
  setStatusByIds,
  upsertStatus,
} from './repository';

type Deps = Pick<AppDeps, 'db'>;

export async function optinChannels(deps: Deps, caller: Caller): Promise<TOptinChannel[]> {
  const rows = await listOptinChannels(deps.db, caller.companyId);
  return rows.map((r) => ({
    ...r,
    kind: r.kind as TOptinChannelKind,
    active_subscribers: Number(r.active_subscribers),
  }));
}

/** Spec 2 §7 Opt-in search: a channel's subscribers, paged. Another company's channel is not found. */
export async function searchOptin(deps: Deps, caller: Caller, q: TOptinSearchQuery): Promise<TOptinPage> {
  const channel = await findOptinChannel(deps.db, caller.companyId, q.channel_id);
  if (!channel) throw notFound(OPTIN_MSG.channelInvalid);
  const { total, rows } = await searchSubscribers(deps.db, {
    companyId: caller.companyId,
    channelId: channel.id,
    term: q.term,
    status: q.status,
    page: q.page,
    perPage: q.per_page,
  });
  const from = total === 0 ? 0 : (q.page - 1) * q.per_page + 1;
  return {
    data: rows.map(({ s, changedByName }) => ({
      id: s.id,
      channel_id: s.channelId,
      uid: s.uid,
      name: s.name,
      subscriber_status: s.subscriberStatus,
      source: s.source,
      changed_by_name: changedByName ?? null,
      created_at: s.createdAt.toISOString(),
      updated_at: s.updatedAt.toISOString(),
    })),
    from,
    to: total === 0 ? 0 : from + rows.length - 1,
    current_page: q.page,
    per_page: q.per_page,
    total,
    last_page: Math.max(1, Math.ceil(total / q.per_page)),
  };
}

/**
 * Spec 2 §7 Opt-in active / deactivate, by a user (source 'manual'): some subscribers by id, or one number (its row
 * created if the channel has none). A deactivated key's pending campaign sends on the channel are cancelled in the
 * same transaction.
 */
export async function changeOptin(
  deps: Deps,
  caller: Caller,
  input: TOptinChangeInput,
  status: TSubscriberStatus,
): Promise<TOptinChangeOutput> {
  const channel = await findOptinChannel(deps.db, caller.companyId, input.channel_id);
  if (!channel) throw notFound(OPTIN_MSG.channelInvalid);
  let uidKey: string | null = null;
  if (input.uid) {
    uidKey = channelKey(channel.kind, input.uid);
    if (!uidKey) throw badRequest(OPTIN_MSG.uidInvalid);
  }
  const base = {
    companyId: caller.companyId,
    channelId: channel.id,
    status,
    source: 'manual' as const,
    userId: caller.userId,
  };
  const updated = await deps.db.transaction(async (tx) => {
    const keys: string[] = [];
    if (input.ids?.length) {
      const rows = await setStatusByIds(tx, { ...base, ids: [...new Set(input.ids)] });
      if (rows.length === 0) throw notFound(OPTIN_MSG.notFound);
      keys.push(...rows.map((r) => r.uid));
    }
    if (uidKey) keys.push((await upsertStatus(tx, { ...base, uid: uidKey })).uid);
    if (status === 'inactive')
      await cancelPendingCampaignContacts(tx, { companyId: caller.companyId, channelId: channel.id, keys });
    return new Set(keys).size;
  });
  return { message: status === 'active' ? OPTIN_MSG.activated : OPTIN_MSG.deactivated, updated };
}
