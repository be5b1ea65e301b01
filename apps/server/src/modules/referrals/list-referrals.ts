import { type TReferral, ZReferral } from '@prosa/shared/meta';
import { and, asc, eq, sql } from 'drizzle-orm';
import { attendances, messages } from '../../db/schema/attendance';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';

/**
 * The referrals of an attendance (spec 1 §7 /referral-tracking/{protocol}): the m.me links, ads and plugins that
 * brought the person, as the Messenger webhook gave them (kept in each message's metadata), oldest first.
 */
export async function listReferrals(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  protocol: string,
): Promise<{ protocol: string; referrals: TReferral[] }> {
  const [attendance] = await deps.db
    .select({ id: attendances.id })
    .from(attendances)
    .where(and(eq(attendances.companyId, caller.companyId), eq(attendances.protocol, protocol)))
    .limit(1);
  if (!attendance) throw notFound();
  const rows = await deps.db
    .select({ referral: sql<unknown>`${messages.metadata} -> 'referral'` })
    .from(messages)
    .where(
      and(
        eq(messages.companyId, caller.companyId),
        eq(messages.attendanceId, attendance.id),
        sql`${messages.metadata} ? 'referral'`,
      ),
    )
    .orderBy(asc(messages.sentAt), asc(messages.id));
  // A metadata value of another shape (not written by the Meta adapters) is not a referral.
  const referrals = rows.flatMap((r) => {
    const parsed = ZReferral.safeParse(r.referral);
    return parsed.success ? [parsed.data] : [];
  });
  return { protocol, referrals };
}
