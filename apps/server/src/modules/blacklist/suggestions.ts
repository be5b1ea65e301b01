import {
  BLACKLIST_MSG,
  contactBlockKey,
  isEmailPrefix,
  isPhonePrefix,
  type TSuggestionPage,
  type ZApproveInput,
  type ZAttendanceBlockInput,
  type ZDenyInput,
  type ZSuggestionsQuery,
} from '@prosa/shared/blacklist';
import type { z } from '@prosa/shared/zod';
import { and, eq, sql } from 'drizzle-orm';
import { contacts } from '../../db/schema/attendance';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { isBlacklisted } from '../active-whatsapp/blacklist';
import { loadForAction } from '../attendance/load-for-action';
import { blacklistAccess, requireBlacklist } from './access';
import { applyBlock, blacklistChanged } from './block-contact';
import {
  countPendingSuggestions,
  decideSuggestion,
  findSuggestion,
  insertSuggestion,
  listSuggestions,
  pendingSuggestionFor,
  toSuggestions,
} from './repository';

type Deps = Pick<AppDeps, 'db'>;
const READ = { action: 'sugestoes_de_bloqueio', level: 'read' } as const;
const WRITE = { action: 'sugestoes_de_bloqueio', level: 'write' } as const;

/** The contact of an attendance the caller sees, as the blacklist keys it (its kind, channel and address). */
async function attendanceContact(deps: Deps, caller: Caller, attendanceId: number) {
  const { attendance } = await loadForAction(deps, caller, attendanceId, { allowClosed: true });
  const [contact] = await deps.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.companyId, caller.companyId), eq(contacts.id, attendance.contactId)));
  if (!contact) throw badRequest(BLACKLIST_MSG.noContactKey);
  const prefix = attendance.channelKind;
  const key = contactBlockKey(prefix, contact.externalId, contact.data);
  if (key === null) throw badRequest(BLACKLIST_MSG.noContactKey);
  const address = prefix === 'web' ? key : contact.externalId;
  const display =
    isPhonePrefix(prefix) || isEmailPrefix(prefix) ? address : `${contact.name} (${contact.externalId})`;
  return { attendance, prefix, channelId: attendance.channelId, key, raw: address, display };
}

/** An operator suggests blocking the contact of an attendance (blacklist.suggest on); a manager decides. */
export async function suggestBlock(
  deps: Deps,
  caller: Caller,
  input: z.output<typeof ZAttendanceBlockInput>,
) {
  const settings = await requireBlacklist(deps.db, caller);
  if (!settings.suggest) throw forbidden(BLACKLIST_MSG.suggestDisabled);
  const c = await attendanceContact(deps, caller, input.attendance_id);
  const row = await deps.db.transaction(async (tx) => {
    if (
      await isBlacklisted(tx, caller.companyId, { prefix: c.prefix, channelId: c.channelId, contact: c.key })
    )
      throw badRequest(BLACKLIST_MSG.alreadyBlocked);
    const key = { prefix: c.prefix, channelId: c.channelId, contact: c.key };
    // One pending suggestion per contact: the second would be decided twice.
    const lock = `blacklist:${caller.companyId}:${c.prefix}:${c.channelId}:${c.key}`;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lock}))`);
    if (await pendingSuggestionFor(tx, caller.companyId, key))
      throw badRequest(BLACKLIST_MSG.alreadySuggested);
    const s = await insertSuggestion(tx, {
      companyId: caller.companyId,
      ...key,
      contactDisplay: c.display,
      attendanceId: c.attendance.id,
      operatorId: caller.userId,
      description: input.description,
    });
    await blacklistChanged(tx, caller.companyId, caller.userId, true);
    return s;
  });
  return { message: BLACKLIST_MSG.suggested, id: row.id };
}

/** "Bloquear contato" in the chat: a lord (role 1000, spec 1 §6) blocks the attendance's contact on its channel. */
export async function blockFromAttendance(
  deps: Deps,
  caller: Caller,
  input: z.output<typeof ZAttendanceBlockInput>,
) {
  const access = await blacklistAccess(deps.db, caller);
  if (!access.enabled) throw forbidden(BLACKLIST_MSG.disabled);
  if (!access.can_block_from_chat) throw forbidden(BLACKLIST_MSG.noPermission);
  const c = await attendanceContact(deps, caller, input.attendance_id);
  const row = await deps.db.transaction(async (tx) => {
    const r = await applyBlock(
      tx,
      {
        companyId: caller.companyId,
        prefix: c.prefix,
        channelId: c.channelId,
        raw: c.raw,
        display: c.display,
      },
      { description: input.description, by: caller.userId, suggestOperatorId: null },
    );
    await blacklistChanged(tx, caller.companyId, caller.userId, false);
    return r;
  });
  return { message: BLACKLIST_MSG.blocked, id: row.id };
}

export async function suggestionsPage(
  deps: Deps,
  caller: Caller,
  q: z.output<typeof ZSuggestionsQuery>,
): Promise<TSuggestionPage> {
  await requireBlacklist(deps.db, caller, READ);
  const { rows, total } = await listSuggestions(deps.db, caller.companyId, q.status, q.page, q.count);
  return {
    items: await toSuggestions(deps.db, caller.companyId, rows),
    total,
    page: q.page,
    per_page: q.count,
  };
}

export async function pendingSuggestions(deps: Deps, caller: Caller) {
  await requireBlacklist(deps.db, caller, READ);
  return { pending: await countPendingSuggestions(deps.db, caller.companyId) };
}

async function decide(
  deps: Deps,
  caller: Caller,
  id: number,
  to: 'approved' | 'denied',
  description: string,
) {
  await requireBlacklist(deps.db, caller, WRITE);
  await deps.db.transaction(async (tx) => {
    const s = await findSuggestion(tx, caller.companyId, id);
    if (!s) throw notFound(BLACKLIST_MSG.suggestionNotFound);
    if (s.status !== 'pending') throw badRequest(BLACKLIST_MSG.alreadyDecided);
    if (to === 'approved') {
      const key = { prefix: s.prefix, channelId: s.channelId ?? 0, contact: s.contact };
      // Blocked meanwhile (by hand or another suggestion): the suggestion is approved, the block stays as it is.
      const blocked = s.channelId !== null && (await isBlacklisted(tx, caller.companyId, key));
      if (!blocked)
        await applyBlock(
          tx,
          {
            companyId: caller.companyId,
            prefix: s.prefix,
            channelId: s.channelId,
            raw: s.contact,
            display: s.contactDisplay,
          },
          { description, by: caller.userId, suggestOperatorId: s.operatorId },
        );
    }
    await decideSuggestion(tx, caller.companyId, id, {
      status: to,
      decidedBy: caller.userId,
      decisionDescription: description,
    });
    await blacklistChanged(tx, caller.companyId, caller.userId, true);
  });
  return { message: to === 'approved' ? BLACKLIST_MSG.approved : BLACKLIST_MSG.denied, id };
}

/** Approve (spec 3 §5: approval reason required): the contact is blocked with the suggesting operator. */
export const approveSuggestion = (
  deps: Deps,
  caller: Caller,
  id: number,
  input: z.output<typeof ZApproveInput>,
) => decide(deps, caller, id, 'approved', input.description);

/** Deny (spec 3 §5: denial reason required): kept as a denied suggestion of the contact. */
export const denySuggestion = (deps: Deps, caller: Caller, id: number, input: z.output<typeof ZDenyInput>) =>
  decide(deps, caller, id, 'denied', input.description);
