import { writeFacts } from '../../facts/write-facts';
import type { Db, Tx } from '../../platform/db';
import { allCompanyIds } from './repository';

/**
 * Tells the users of every company a notification reaches (or reached) that it changed: one
 * notification.changed fact per company, in the caller's transaction. No company listed means every company.
 */
export async function announceNotification(
  tx: Tx | Db,
  input: { notificationId: number; companyIdSets: number[][]; actorUserId?: number },
) {
  const everyCompany = input.companyIdSets.some((ids) => ids.length === 0);
  const companies = everyCompany ? await allCompanyIds(tx) : [...new Set(input.companyIdSets.flat())];
  await writeFacts(
    tx,
    companies.map((companyId) => ({
      companyId,
      actorUserId: input.actorUserId,
      name: 'notification.changed' as const,
      data: { notification_id: input.notificationId },
    })),
  );
}
