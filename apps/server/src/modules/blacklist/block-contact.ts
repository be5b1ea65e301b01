import { BLACKLIST_MSG, blockKey, invalidContactMessage } from '@prosa/shared/blacklist';
import { writeFacts } from '../../facts/write-facts';
import type { Tx } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { findBlockedByKey, insertBlocked, insertHistory, setBlockedStatus } from './repository';

export type BlockTarget = {
  companyId: number;
  prefix: string;
  /** One channel, or null: every channel of the kind. */
  channelId: number | null;
  /** As typed or shown; stored normalized (contact-keys.ts). */
  raw: string;
  display?: string;
};

/** blacklist.changed: the managers' screens (list, suggestions and their count) load again. */
export function blacklistChanged(tx: Tx, companyId: number, by: number, suggestions: boolean) {
  return writeFacts(tx, [{ companyId, actorUserId: by, name: 'blacklist.changed', data: { suggestions } }]);
}

/**
 * Blocks a contact in the caller's transaction: a new row, or the unblocked row of the same contact, kind and
 * channel blocked again; one history entry (Bloqueio) with the reason and who did it. A contact already blocked
 * there is refused.
 */
export async function applyBlock(
  tx: Tx,
  target: BlockTarget,
  input: { description: string; by: number; suggestOperatorId: number | null },
) {
  const contact = blockKey(target.prefix, target.raw);
  if (contact === null) throw badRequest(invalidContactMessage(target.prefix));
  const key = { prefix: target.prefix, channelId: target.channelId, contact };
  const display = (target.display ?? target.raw).trim() || contact;
  const existing = await findBlockedByKey(tx, target.companyId, key);
  let row = existing;
  if (existing?.status === 'accepted') throw badRequest(BLACKLIST_MSG.alreadyBlocked);
  if (existing) {
    row = await setBlockedStatus(tx, target.companyId, existing.id, {
      status: 'accepted',
      description: input.description,
      blockBy: input.by,
      suggestOperatorId: input.suggestOperatorId,
      contactDisplay: display,
    });
  } else {
    row = await insertBlocked(tx, {
      companyId: target.companyId,
      ...key,
      contactDisplay: display,
      description: input.description,
      blockBy: input.by,
      suggestOperatorId: input.suggestOperatorId,
    });
  }
  // Lost a race with the same block at once: it is blocked.
  if (!row) throw badRequest(BLACKLIST_MSG.alreadyBlocked);
  await insertHistory(tx, {
    companyId: target.companyId,
    blockedContactId: row.id,
    type: 'accepted',
    description: input.description,
    userId: input.by,
  });
  return row;
}
