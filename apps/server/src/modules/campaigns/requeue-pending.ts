import { and, eq, isNull, lt } from 'drizzle-orm';
import { campaigns } from '../../db/schema/campaigns';
import type { AppDeps } from '../../platform/deps';
import { queuePrepare } from './manage-campaigns';

/** Campaigns still pending a minute after their last change: their prepare job is queued again. */
export async function requeuePendingCampaigns(deps: Pick<AppDeps, 'db' | 'queue'>) {
  const rows = await deps.db
    .select({ companyId: campaigns.companyId, id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.status, 'pending'),
        isNull(campaigns.deletedAt),
        lt(campaigns.updatedAt, new Date(Date.now() - 60_000)),
      ),
    )
    .limit(500);
  for (const r of rows) await queuePrepare(deps, r.companyId, r.id);
  return rows.length;
}
