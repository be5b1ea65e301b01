import { eq, sql } from 'drizzle-orm';
import { channelPollCursors } from '../../db/schema/channels';
import type { Db } from '../../platform/db';
import { stripNul } from '../../platform/refuse-nul';
import { wakeAfterCommit } from '../../platform/wake';
import { INBOX_CHANNEL } from '../inbound/accept';
import type { MailPayload } from './parse-mail';

// Where a mailbox's reading stands: the folder's UIDVALIDITY and the last UID taken. Messages go into the inbox
// (channel_events) and the cursor moves past them in one transaction: after a crash both are there or neither, so
// none is lost and none is taken twice. A new UIDVALIDITY means the folder's UIDs start over: it is read again from
// the start, and the inbox drops what it has already (idempotent by Message-ID).

export type MailCursor = { uidValidity: string; uid: number };

export function decodeCursor(raw: string | undefined): MailCursor | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as { v?: unknown; uid?: unknown };
    if (
      typeof v.v === 'string' &&
      /^\d+$/.test(v.v) &&
      typeof v.uid === 'number' &&
      Number.isSafeInteger(v.uid)
    )
      return { uidValidity: v.v, uid: v.uid };
  } catch {}
  return null;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** As jsonb takes it: no NUL, no lone surrogate. */
const storable = (m: MailPayload) =>
  JSON.stringify(stripNul(m), (_k, v: unknown) =>
    typeof v === 'string' ? v.replace(LONE_SURROGATE, '\uFFFD') : v,
  );

const encode = (c: MailCursor) => JSON.stringify({ v: c.uidValidity, uid: c.uid });

export async function readMailCursor(db: Db, channelId: number): Promise<MailCursor | null> {
  const [row] = await db
    .select({ cursor: channelPollCursors.cursor })
    .from(channelPollCursors)
    .where(eq(channelPollCursors.channelId, channelId));
  return decodeCursor(row?.cursor);
}

/** Stores the messages in the inbox and moves the cursor to `cursor`, in one transaction. */
export async function commitMails(
  db: Db,
  ch: { companyId: number; id: number },
  mails: readonly MailPayload[],
  cursor: MailCursor,
): Promise<void> {
  const next = encode(cursor);
  await db.transaction(async (tx) => {
    if (mails.length > 0) {
      await tx.execute(sql`
        insert into channel_events (company_id, channel_id, ordering_key, payload)
        select ${ch.companyId}, ${ch.id}, k, p from unnest(
          ${sql.param(mails.map((m) => m.from.address))}::text[],
          ${sql.param(mails.map(storable))}::jsonb[]) as t(k, p)`);
      if (!wakeAfterCommit(tx, INBOX_CHANNEL)) await tx.execute(sql`select pg_notify(${INBOX_CHANNEL}, '')`);
    }
    await tx
      .insert(channelPollCursors)
      .values({ companyId: ch.companyId, channelId: ch.id, cursor: next })
      .onConflictDoUpdate({
        target: channelPollCursors.channelId,
        set: { cursor: next, updatedAt: new Date() },
      });
  });
}
