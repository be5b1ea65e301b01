import type { ZBlockedQuery, ZBlockInput, ZReasonInput, ZUnblockInput } from '@prosa/shared/blacklist';
import {
  BLACKLIST_MSG,
  BLOCK_PREFIXES,
  prefixLabel,
  type TBlockChannels,
  type TBlockDetails,
  type TBlockedPage,
} from '@prosa/shared/blacklist';
import type { z } from '@prosa/shared/zod';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { requireBlacklist } from './access';
import { applyBlock, blacklistChanged } from './block-contact';
import {
  deniedSuggestionsOf,
  findBlocked,
  findLiveChannel,
  historyOf,
  insertHistory,
  listBlocked,
  liveChannels,
  setBlockedStatus,
  toBlockedContacts,
} from './repository';

type Deps = Pick<AppDeps, 'db'>;
const READ = { action: 'lista_de_bloqueio', level: 'read' } as const;
const WRITE = { action: 'lista_de_bloqueio', level: 'write' } as const;

/** Retrieve blocked contacts (spec 3 §7): a page with the filters, most recently changed first. */
export async function listBlockedContacts(
  deps: Deps,
  caller: Caller,
  q: z.output<typeof ZBlockedQuery>,
): Promise<TBlockedPage> {
  await requireBlacklist(deps.db, caller, READ);
  const { rows, total } = await listBlocked(deps.db, caller.companyId, q, q.page, q.count);
  return {
    items: await toBlockedContacts(deps.db, caller.companyId, rows),
    total,
    page: q.page,
    per_page: q.count,
  };
}

/** The kinds and live channels a contact can be blocked on ("channel platforms", "channels"). */
export async function blockChannels(deps: Deps, caller: Caller): Promise<TBlockChannels> {
  await requireBlacklist(deps.db, caller, READ);
  const channels = await liveChannels(deps.db, caller.companyId);
  const kinds = new Set(channels.map((c) => c.kind));
  return {
    prefixes: BLOCK_PREFIXES.filter((p) => kinds.has(p)).map((p) => ({ value: p, label: prefixLabel(p) })),
    channels,
  };
}

/** Block contact (spec 3 §5): on one channel of the kind or on all of them. */
export async function blockContact(deps: Deps, caller: Caller, input: z.output<typeof ZBlockInput>) {
  await requireBlacklist(deps.db, caller, WRITE);
  if (input.channel_id !== null) {
    const channel = await findLiveChannel(deps.db, caller.companyId, input.channel_id);
    if (channel?.kind !== input.prefix) throw badRequest(BLACKLIST_MSG.channelNotFound);
  }
  const row = await deps.db.transaction(async (tx) => {
    const r = await applyBlock(
      tx,
      { companyId: caller.companyId, prefix: input.prefix, channelId: input.channel_id, raw: input.contact },
      { description: input.description, by: caller.userId, suggestOperatorId: null },
    );
    await blacklistChanged(tx, caller.companyId, caller.userId, false);
    return r;
  });
  return { message: BLACKLIST_MSG.blocked, id: row.id };
}

async function changeStatus(
  deps: Deps,
  caller: Caller,
  id: number,
  to: 'accepted' | 'denied',
  description: string,
) {
  return deps.db.transaction(async (tx) => {
    const row = await findBlocked(tx, caller.companyId, id, true);
    if (!row) throw notFound(BLACKLIST_MSG.notFound);
    if (row.status === to)
      throw badRequest(to === 'accepted' ? BLACKLIST_MSG.alreadyBlocked : BLACKLIST_MSG.notBlocked);
    await setBlockedStatus(tx, caller.companyId, id, {
      status: to,
      description,
      ...(to === 'accepted' ? { blockBy: caller.userId } : {}),
    });
    await insertHistory(tx, {
      companyId: caller.companyId,
      blockedContactId: id,
      type: to,
      description,
      userId: caller.userId,
    });
    await blacklistChanged(tx, caller.companyId, caller.userId, false);
    return row;
  });
}

/** Block again (spec 3 §2): an unblocked contact, with a new reason. */
export async function blockAgain(
  deps: Deps,
  caller: Caller,
  id: number,
  input: z.output<typeof ZReasonInput>,
) {
  await requireBlacklist(deps.db, caller, WRITE);
  await changeStatus(deps, caller, id, 'accepted', input.description);
  return { message: BLACKLIST_MSG.blockedAgain, id };
}

/** Unblock (spec 3 §5): the reason is required; the row stays for its history. */
export async function unblockContact(
  deps: Deps,
  caller: Caller,
  id: number,
  input: z.output<typeof ZUnblockInput>,
) {
  await requireBlacklist(deps.db, caller, WRITE);
  await changeStatus(deps, caller, id, 'denied', input.description);
  return { message: BLACKLIST_MSG.unblocked, id };
}

/** Details (main.black-list-datails): the contact, its block history and the suggestions denied about it. */
export async function blockDetails(deps: Deps, caller: Caller, id: number): Promise<TBlockDetails> {
  await requireBlacklist(deps.db, caller, READ);
  const row = await findBlocked(deps.db, caller.companyId, id);
  if (!row) throw notFound(BLACKLIST_MSG.notFound);
  const [contact] = await toBlockedContacts(deps.db, caller.companyId, [row]);
  if (!contact) throw notFound(BLACKLIST_MSG.notFound);
  const denied = await deniedSuggestionsOf(deps.db, caller.companyId, row);
  const operators = await toBlockedContacts(
    deps.db,
    caller.companyId,
    denied.map((d) => ({ ...row, suggestOperatorId: d.operatorId, blockBy: null })),
  );
  return {
    contact,
    history: await historyOf(deps.db, caller.companyId, id),
    denied_suggests: denied.map((d, i) => ({
      id: d.id,
      operator_name: operators[i]?.suggest_operator_name ?? null,
      description: d.description,
      reproved_description: d.decisionDescription ?? '',
      decided_at: d.decidedAt?.toISOString() ?? null,
    })),
  };
}
