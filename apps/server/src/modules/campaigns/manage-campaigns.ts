import {
  CAMPAIGN_LIMITS,
  CAMPAIGN_MSG,
  CAMPAIGN_STATUS_FILTERS,
  isCampaignEditable,
  type TCampaignList,
  type TCampaignListQuery,
  type TCampaignValues,
  ZCampaignListQuery,
} from '@prosa/shared/campaigns';
import { startOfDayIn } from '@prosa/shared/dates';
import { ROLE } from '@prosa/shared/roles';
import dayjs from 'dayjs';
import { and, count, desc, eq, gte, ilike, inArray, isNull, lt, sql } from 'drizzle-orm';
import { campaignContacts, campaigns } from '../../db/schema/campaigns';
import { writeFacts } from '../../facts/write-facts';
import { sendJob } from '../../jobs/catalogue';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { dayIn } from './mailing-source';
import { prepareCampaign } from './prepare-campaign';
import { companyTimezone, findCampaignRow, isStuck, presentCampaign, presentCampaigns } from './repository';
import { resolveCampaign } from './resolve-campaign';

type Deps = Pick<AppDeps, 'db' | 'queue'>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

async function existing(deps: Pick<AppDeps, 'db'>, caller: Caller, id: number) {
  const row = await findCampaignRow(deps.db, caller.companyId, id);
  if (!row) throw notFound(CAMPAIGN_MSG.notFound);
  return row;
}

/** Lists a campaign's recipients in the background (the engine takes it from 'scheduled'). */
export async function queuePrepare(deps: Deps, companyId: number, campaignId: number) {
  if (!deps.queue) {
    await prepareCampaign(deps, { companyId, campaignId });
    return;
  }
  await sendJob(
    deps.queue,
    'campaigns.prepare',
    { companyId, campaignId },
    { singletonKey: `campaigns.prepare:${campaignId}` },
  );
}

/** GET /api/campaigns (spec 3 §2, §7): filters, the last 10 days by default, 15 a page, newest first. */
export async function listCampaigns(
  deps: Pick<AppDeps, 'db'>,
  caller: Caller,
  query: TCampaignListQuery,
): Promise<TCampaignList> {
  const q = ZCampaignListQuery.parse(query);
  const tz = await companyTimezone(deps.db, caller.companyId);
  const today = dayIn(new Date(), tz);
  const toDate = q.toDate ?? today;
  const fromDate =
    q.fromDate ?? dayjs(toDate).subtract(CAMPAIGN_LIMITS.listDefaultDays, 'day').format('YYYY-MM-DD');
  if (fromDate > toDate) throw badRequest('A data de início deve ser menor ou igual a data de fim!');
  const statuses = q.status ? CAMPAIGN_STATUS_FILTERS.find((f) => f.value === q.status)?.statuses : undefined;
  const where = and(
    eq(campaigns.companyId, caller.companyId),
    isNull(campaigns.deletedAt),
    gte(campaigns.createdAt, startOfDayIn(fromDate, tz)),
    lt(campaigns.createdAt, startOfDayIn(dayjs(toDate).add(1, 'day').format('YYYY-MM-DD'), tz)),
    q.title ? ilike(campaigns.title, `%${escapeLike(q.title)}%`) : undefined,
    q.channel ? eq(campaigns.channel, q.channel) : undefined,
    statuses ? inArray(campaigns.status, [...statuses]) : undefined,
  );
  const perPage = CAMPAIGN_LIMITS.listPageSize;
  const [totalRow] = await deps.db.select({ n: count() }).from(campaigns).where(where);
  const total = totalRow?.n ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const page = q.page;
  const rows = await deps.db
    .select()
    .from(campaigns)
    .where(where)
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const data = await presentCampaigns(deps.db, caller.companyId, rows);
  const from = data.length ? (page - 1) * perPage + 1 : 0;
  return {
    data,
    from,
    to: data.length ? from + data.length - 1 : 0,
    current_page: page,
    per_page: perPage,
    last_page: lastPage,
    total,
    lord: caller.role >= ROLE.admin,
    fromDate,
    toDate,
  };
}

export async function findCampaign(deps: Pick<AppDeps, 'db'>, caller: Caller, id: number) {
  return presentCampaign(deps.db, caller.companyId, await existing(deps, caller, id));
}

export async function createCampaign(deps: Deps, caller: Caller, values: TCampaignValues) {
  const stored = await resolveCampaign(deps.db, caller.companyId, values);
  const row = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(campaigns)
      .values({ ...stored, companyId: caller.companyId, status: 'pending', createdBy: caller.userId })
      .returning();
    if (!inserted) throw new Error('campaign insert returned nothing');
    await writeFacts(tx, [
      {
        name: 'campaign.updated',
        companyId: caller.companyId,
        actorUserId: caller.userId,
        data: { campaign_id: inserted.id },
      },
    ]);
    return inserted;
  });
  await queuePrepare(deps, caller.companyId, row.id);
  const fresh = (await findCampaignRow(deps.db, caller.companyId, row.id)) ?? row;
  return { message: CAMPAIGN_MSG.created, campaign: await presentCampaign(deps.db, caller.companyId, fresh) };
}

/** Only while pending or scheduled: its recipients are listed again from the new values. */
export async function updateCampaign(deps: Deps, caller: Caller, id: number, values: TCampaignValues) {
  const before = await existing(deps, caller, id);
  if (!isCampaignEditable(before.status)) throw badRequest(CAMPAIGN_MSG.notEditable);
  const stored = await resolveCampaign(deps.db, caller.companyId, values);
  await deps.db.transaction(async (tx) => {
    const locked = await findCampaignRow(tx, caller.companyId, id, true);
    if (!locked) throw notFound(CAMPAIGN_MSG.notFound);
    if (!isCampaignEditable(locked.status)) throw badRequest(CAMPAIGN_MSG.notEditable);
    await tx
      .delete(campaignContacts)
      .where(and(eq(campaignContacts.companyId, caller.companyId), eq(campaignContacts.campaignId, id)));
    await tx
      .update(campaigns)
      .set({
        ...stored,
        status: 'pending',
        totalContacts: 0,
        processedContacts: 0,
        error: null,
        updatedAt: new Date(),
      })
      .where(and(eq(campaigns.companyId, caller.companyId), eq(campaigns.id, id)));
    await writeFacts(tx, [
      {
        name: 'campaign.updated',
        companyId: caller.companyId,
        actorUserId: caller.userId,
        data: { campaign_id: id },
      },
    ]);
  });
  await queuePrepare(deps, caller.companyId, id);
  const fresh = await existing(deps, caller, id);
  return { message: CAMPAIGN_MSG.updated, campaign: await presentCampaign(deps.db, caller.companyId, fresh) };
}

/** Soft delete: the engine never takes it again; recipients not yet sent to end cancelled. */
export async function deleteCampaign(deps: Pick<AppDeps, 'db'>, caller: Caller, id: number) {
  await deps.db.transaction(async (tx) => {
    const row = await findCampaignRow(tx, caller.companyId, id, true);
    if (!row) throw notFound(CAMPAIGN_MSG.notFound);
    const now = new Date();
    await tx
      .update(campaignContacts)
      .set({ status: 'cancelled', updatedAt: now })
      .where(
        and(
          eq(campaignContacts.companyId, caller.companyId),
          eq(campaignContacts.campaignId, id),
          eq(campaignContacts.status, 'pending'),
        ),
      );
    await tx
      .update(campaigns)
      .set({ deletedAt: now, updatedAt: now, lockedAt: null })
      .where(and(eq(campaigns.companyId, caller.companyId), eq(campaigns.id, id)));
    await writeFacts(tx, [
      {
        name: 'campaign.updated',
        companyId: caller.companyId,
        actorUserId: caller.userId,
        data: { campaign_id: id },
      },
    ]);
  });
  return { success: true, message: CAMPAIGN_MSG.deleted };
}

/**
 * Spec 3 §4 unlock: a campaign in progress whose worker has not held it for 2 minutes goes back to the engine
 * ('waiting_worker'), counted in unlock_count; any other campaign is refused.
 */
export async function unlockCampaign(deps: Pick<AppDeps, 'db'>, caller: Caller, id: number) {
  await deps.db.transaction(async (tx) => {
    const row = await findCampaignRow(tx, caller.companyId, id, true);
    if (!row) throw notFound(CAMPAIGN_MSG.notFound);
    if (!isStuck(row)) throw badRequest(CAMPAIGN_MSG.notStuck);
    await tx
      .update(campaigns)
      .set({
        status: 'waiting_worker',
        lockedAt: null,
        unlockCount: sql`${campaigns.unlockCount} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(campaigns.companyId, caller.companyId), eq(campaigns.id, id)));
    await writeFacts(tx, [
      {
        name: 'campaign.updated',
        companyId: caller.companyId,
        actorUserId: caller.userId,
        data: { campaign_id: id },
      },
    ]);
  });
  return { success: true, message: CAMPAIGN_MSG.unlocked };
}
