import { sql } from 'drizzle-orm';
import { writeFacts } from '../../facts/write-facts';
import type { Db, Tx } from '../../platform/db';
import { CLAIM_LEASE_MS, UNKNOWN_GRACE_MS } from './constants';

// The engine's SQL: campaigns move scheduled → progress → sent | finished_with_timeout | channel_unavailable, and
// their recipients pending → sending → final, each step one statement guarded by the state it expects, so any
// number of nodes may run them at once.

export type RunningCampaign = {
  companyId: number;
  id: number;
  title: string;
  channel: 'sms' | 'waweb' | 'waent';
  channelId: number;
  tries: number;
  whatsapp: Record<string, unknown>;
  sms: Record<string, unknown>;
  useMailingFields: boolean;
  pausedReason: string | null;
  validTo: Date | null;
};

export type ClaimedContact = {
  id: number;
  contactKey: string;
  name: string;
  vars: Record<string, string>;
  attempts: number;
};

export type ContactResult = {
  id: number;
  status: 'sent' | 'pending' | 'failure' | 'unknown' | 'blocked' | 'cancelled' | 'not_sent';
  providerMessageId?: string | null;
  error?: string | null;
  notBefore?: Date | null;
};

const campaignFact = (companyId: number, id: number) => ({
  companyId,
  name: 'campaign.updated' as const,
  data: { campaign_id: id },
});

async function factsFor(db: Db | Tx, rows: { company_id: number; id: number }[]) {
  await writeFacts(
    db,
    rows.map((r) => campaignFact(Number(r.company_id), Number(r.id))),
  );
}

/** Campaigns whose time has come (schedule date, valid from) start: status progress. */
export async function activateDue(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const r = await tx.execute<{ company_id: number; id: number }>(sql`
      update campaigns set status = 'progress', started_at = coalesce(started_at, now()), locked_at = null,
             updated_at = now()
       where deleted_at is null and status in ('scheduled', 'waiting_worker')
         and coalesce(schedule_date, valid_from, created_at) <= now()
         and (valid_from is null or valid_from <= now())
      returning company_id, id`);
    await factsFor(tx, r.rows);
    return r.rows.length;
  });
}

/** Running campaigns past valid_to end finished_with_timeout; recipients not sent become expired_time_limit. */
export async function expireDue(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const r = await tx.execute<{ company_id: number; id: number }>(sql`
      update campaigns set status = 'finished_with_timeout', finished_at = now(), locked_at = null,
             updated_at = now()
       where deleted_at is null and status = 'progress' and valid_to is not null and valid_to < now()
      returning company_id, id`);
    for (const c of r.rows) {
      await tx.execute(sql`
        update campaign_contacts set status = 'expired_time_limit', updated_at = now()
         where campaign_id = ${c.id} and status in ('pending', 'unknown')`);
      await refreshCounts(tx, Number(c.id));
    }
    await factsFor(tx, r.rows);
    return r.rows.length;
  });
}

/** The running campaigns, oldest first; SMS ones wait while their company's feature flag sms_campaign is off. */
export async function runningCampaigns(db: Db): Promise<RunningCampaign[]> {
  const r = await db.execute<Record<string, unknown>>(sql`
    select company_id, id, title, channel, channel_id, tries, whatsapp, sms, use_mailing_fields, paused_reason,
           valid_to
      from campaigns
     where deleted_at is null and status = 'progress'
       and not (channel = 'sms' and exists (
         select 1 from companies co
          where co.id = campaigns.company_id and co.metadata->'allow'->'sms_campaign' = 'false'::jsonb))
     order by started_at nulls first, id`);
  return r.rows.map((c) => ({
    companyId: Number(c.company_id),
    id: Number(c.id),
    title: String(c.title),
    channel: c.channel as RunningCampaign['channel'],
    channelId: Number(c.channel_id),
    tries: Math.max(1, Number(c.tries) || 1),
    whatsapp: (c.whatsapp ?? {}) as Record<string, unknown>,
    sms: (c.sms ?? {}) as Record<string, unknown>,
    useMailingFields: Boolean(c.use_mailing_fields),
    pausedReason: (c.paused_reason as string | null) ?? null,
    validTo: c.valid_to ? new Date(String(c.valid_to)) : null,
  }));
}

/**
 * Recipients of a node that died (claimed longer than the lease ago) become unknown; unknown ones whose status
 * never came within the grace are decided: pending again where the provider always reports what it accepted
 * (`resend`), failure elsewhere. Answers whether anything changed.
 */
export async function settleStale(
  db: Db,
  c: Pick<RunningCampaign, 'companyId' | 'id' | 'tries'>,
  resend: boolean,
  noAnswer: string,
  times: { leaseMs: number; graceMs: number } = { leaseMs: CLAIM_LEASE_MS, graceMs: UNKNOWN_GRACE_MS },
): Promise<boolean> {
  const stale = await db.execute(sql`
    update campaign_contacts set status = 'unknown', updated_at = now()
     where campaign_id = ${c.id} and status = 'sending'
       and claimed_at < now() - ${times.leaseMs}::int * interval '1 millisecond'`);
  const decided = await db.execute(sql`
    update campaign_contacts
       set status = case when ${resend} and attempts < ${c.tries} then 'pending' else 'failure' end,
           error = case when ${resend} and attempts < ${c.tries} then error else ${noAnswer} end,
           claimed_at = null, claimed_by = null, updated_at = now()
     where campaign_id = ${c.id} and status = 'unknown'
       and claimed_at < now() - ${times.graceMs}::int * interval '1 millisecond'`);
  return (stale.rowCount ?? 0) + (decided.rowCount ?? 0) > 0;
}

/** Up to `n` recipients due now, claimed by this node (others skip them). */
export async function claimContacts(
  db: Db | Tx,
  campaignId: number,
  n: number,
  node: string,
): Promise<ClaimedContact[]> {
  if (n <= 0) return [];
  const r = await db.execute<Record<string, unknown>>(sql`
    update campaign_contacts cc
       set status = 'sending', claimed_at = now(), claimed_by = ${node}, attempts = cc.attempts + 1,
           updated_at = now()
     where cc.id in (
       select id from campaign_contacts
        where campaign_id = ${campaignId} and status = 'pending'
          and (not_before is null or not_before <= now())
        order by id
        limit ${n}
        for update skip locked)
    returning cc.id, cc.contact_key, cc.name, cc.vars, cc.attempts`);
  return r.rows
    .map((x) => ({
      id: Number(x.id),
      contactKey: String(x.contact_key),
      name: String(x.name ?? ''),
      vars: (x.vars ?? {}) as Record<string, string>,
      attempts: Number(x.attempts),
    }))
    .sort((a, b) => a.id - b.id);
}

/** Hands claimed recipients back untouched (the channel is busy): the attempt is not counted. */
export async function releaseContacts(db: Db, ids: number[], notBefore: Date | null): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    update campaign_contacts set status = 'pending', attempts = greatest(attempts - 1, 0), claimed_at = null,
           claimed_by = null, not_before = ${notBefore}, updated_at = now()
     where id = any(${sql.param(ids)}::bigint[]) and status = 'sending'`);
}

/**
 * Records attempts' outcomes in one statement. A recipient a status webhook already moved on (sent, delivered…)
 * keeps what the provider said.
 */
export async function recordResults(db: Db, results: ContactResult[]): Promise<void> {
  if (results.length === 0) return;
  const ids = results.map((r) => r.id);
  const statuses = results.map((r) => r.status);
  const providers = results.map((r) => r.providerMessageId ?? null);
  const errors = results.map((r) => r.error ?? null);
  const notBefore = results.map((r) => (r.notBefore ? r.notBefore.toISOString() : null));
  await db.execute(sql`
    update campaign_contacts cc
       set status = v.status,
           provider_message_id = coalesce(v.provider, cc.provider_message_id),
           error = v.error,
           not_before = v.not_before,
           sent_at = case when v.status = 'sent' then now() else cc.sent_at end,
           claimed_at = case when v.status = 'unknown' then cc.claimed_at else null end,
           attempts = case when v.status in ('blocked', 'cancelled', 'not_sent') then greatest(cc.attempts - 1, 0)
                           else cc.attempts end,
           updated_at = now()
      from unnest(${sql.param(ids)}::bigint[], ${sql.param(statuses)}::text[], ${sql.param(providers)}::text[], ${sql.param(errors)}::text[],
                  ${sql.param(notBefore)}::timestamptz[]) as v(id, status, provider, error, not_before)
     where cc.id = v.id and cc.status in ('sending', 'unknown')`);
}

/** processed_contacts from the recipients themselves; answers how many are still open. */
export async function refreshCounts(db: Db | Tx, campaignId: number): Promise<number> {
  const r = await db.execute<{ open: number; done: number }>(sql`
    select count(*) filter (where status in ('pending', 'sending', 'unknown'))::int as open,
           count(*) filter (where status not in ('pending', 'sending', 'unknown'))::int as done
      from campaign_contacts where campaign_id = ${campaignId}`);
  const row = r.rows[0] ?? { open: 0, done: 0 };
  await db.execute(sql`
    update campaigns set processed_contacts = ${Number(row.done)}, updated_at = now()
     where id = ${campaignId} and processed_contacts is distinct from ${Number(row.done)}`);
  return Number(row.open);
}

/** Counts again and writes the campaign's fact; a campaign with nobody left open ends 'sent'. */
export async function publishProgress(
  db: Db,
  c: Pick<RunningCampaign, 'companyId' | 'id'>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const open = await refreshCounts(tx, c.id);
    let finished = false;
    if (open === 0) {
      const r = await tx.execute(sql`
        update campaigns set status = 'sent', finished_at = now(), locked_at = null, paused_reason = null,
               updated_at = now()
         where id = ${c.id} and status = 'progress'`);
      finished = (r.rowCount ?? 0) > 0;
    } else {
      await tx.execute(
        sql`update campaigns set locked_at = now() where id = ${c.id} and status = 'progress'`,
      );
    }
    await writeFacts(tx, [campaignFact(c.companyId, c.id)]);
    return finished;
  });
}

/** Why the engine holds a campaign (null: it does not); written with its fact when it changes. */
export async function setPaused(
  db: Db,
  c: Pick<RunningCampaign, 'companyId' | 'id'>,
  reason: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const r = await tx.execute(sql`
      update campaigns set paused_reason = ${reason}, updated_at = now()
       where id = ${c.id} and paused_reason is distinct from ${reason}`);
    if ((r.rowCount ?? 0) > 0) await writeFacts(tx, [campaignFact(c.companyId, c.id)]);
  });
}

/** The campaign's channel is gone: it ends channel_unavailable and its open recipients not_sent. */
export async function endUnavailable(db: Db, c: Pick<RunningCampaign, 'companyId' | 'id'>, why: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update campaign_contacts set status = 'not_sent', error = ${why}, updated_at = now()
       where campaign_id = ${c.id} and status in ('pending', 'unknown')`);
    await tx.execute(sql`
      update campaigns set status = 'channel_unavailable', finished_at = now(), locked_at = null, error = ${why},
             updated_at = now()
       where id = ${c.id} and status = 'progress'`);
    await refreshCounts(tx, c.id);
    await writeFacts(tx, [campaignFact(c.companyId, c.id)]);
  });
}

/** The campaign cannot be sent (its content is invalid): failed, its open recipients not_sent. */
export async function failCampaign(db: Db, c: Pick<RunningCampaign, 'companyId' | 'id'>, why: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update campaign_contacts set status = 'not_sent', error = ${why}, updated_at = now()
       where campaign_id = ${c.id} and status in ('pending', 'unknown')`);
    await tx.execute(sql`
      update campaigns set status = 'failed', finished_at = now(), locked_at = null, error = ${why},
             updated_at = now()
       where id = ${c.id} and status = 'progress'`);
    await refreshCounts(tx, c.id);
    await writeFacts(tx, [campaignFact(c.companyId, c.id)]);
  });
}

/** Keys among `keys` that may not be sent to: blocked on the channel, or opted out of it. */
export async function excludedKeys(
  db: Db,
  c: Pick<RunningCampaign, 'companyId' | 'channel' | 'channelId'>,
  keys: string[],
): Promise<{ blocked: Set<string>; optedOut: Set<string> }> {
  if (keys.length === 0) return { blocked: new Set(), optedOut: new Set() };
  const [blocked, optedOut] = await Promise.all([
    db.execute<{ contact: string }>(sql`
      select contact from blocked_contacts
       where company_id = ${c.companyId} and status = 'accepted' and prefix = ${c.channel}
         and (channel_id is null or channel_id = ${c.channelId}) and contact = any(${sql.param(keys)}::text[])`),
    db.execute<{ uid: string }>(sql`
      select uid from subscribers
       where company_id = ${c.companyId} and channel_id = ${c.channelId} and subscriber_status = 'inactive'
         and uid = any(${sql.param(keys)}::text[])`),
  ]);
  return {
    blocked: new Set(blocked.rows.map((r) => r.contact)),
    optedOut: new Set(optedOut.rows.map((r) => r.uid)),
  };
}

/** A Brazilian mobile's other form (with or without its ninth digit), as WhatsApp may know it. */
export function phoneForms(key: string): string[] {
  const withNine = /^(55\d{2})9(\d{8})$/.exec(key);
  if (withNine) return [key, `${withNine[1]}${withNine[2]}`];
  return [key];
}

/**
 * Keys of people this company has talked to on WhatsApp (a contact of a WhatsApp number has that phone), each with
 * the form WhatsApp knows it by (a Brazilian mobile may lack its ninth digit there).
 */
export async function knownOnWhatsapp(
  db: Db,
  companyId: number,
  keys: string[],
): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const forms = keys.flatMap(phoneForms);
  const r = await db.execute<{ external_id: string; kind: string }>(sql`
    select external_id, kind from contacts
     where company_id = ${companyId} and kind in ('waweb', 'waent')
       and external_id = any(${sql.param(forms)}::text[])
     order by (kind = 'waweb') desc`);
  const seen = new Set(r.rows.map((x) => x.external_id));
  const out = new Map<string, string>();
  for (const k of keys) {
    const form = phoneForms(k).find((f) => seen.has(f));
    if (form) out.set(k, form);
  }
  return out;
}

/** Unique contacts of the portfolio in the last 24 hours. */
export async function portfolioUsed(db: Db | Tx, companyId: number, portfolio: string): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from portfolio_contacts
     where company_id = ${companyId} and portfolio = ${portfolio} and opened_at > now() - interval '24 hours'`);
  return Number(r.rows[0]?.n ?? 0);
}

/** The recipients messaged now open (or keep) their 24-hour window on the portfolio. */
export async function notePortfolio(db: Db | Tx, companyId: number, portfolio: string, keys: string[]) {
  if (keys.length === 0) return;
  await db.execute(sql`
    insert into portfolio_contacts (company_id, portfolio, contact_key, opened_at)
    select ${companyId}, ${portfolio}, k, now() from unnest(${sql.param(keys)}::text[]) as k
    on conflict (company_id, portfolio, contact_key)
    do update set opened_at = now() where portfolio_contacts.opened_at <= now() - interval '24 hours'`);
}

/**
 * Claims up to `want` recipients within the portfolio's 24-hour limit, for every node at once: under a lock of the
 * portfolio, the room left is counted and the claimed recipients take their place in the window before any send
 * (a failed send keeps its place: the limit is never passed).
 */
export async function claimWithinLimit(
  db: Db,
  c: Pick<RunningCampaign, 'companyId' | 'id'>,
  want: number,
  node: string,
  portfolio: string,
  limit: number,
): Promise<{ claimed: ClaimedContact[]; room: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`portfolio:${c.companyId}:${portfolio}`}))`);
    const room = Math.max(0, limit - (await portfolioUsed(tx, c.companyId, portfolio)));
    const claimed = await claimContacts(tx, c.id, Math.min(want, room), node);
    await notePortfolio(
      tx,
      c.companyId,
      portfolio,
      claimed.map((x) => x.contactKey),
    );
    return { claimed, room };
  });
}

/** How many of this campaign's messages went out (sent or further): the anti-ban long pause counts them. */
export async function sentCount(db: Db, campaignId: number): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from campaign_contacts
     where campaign_id = ${campaignId} and status in ('sent', 'delivered', 'read', 'sending', 'unknown')`);
  return Number(r.rows[0]?.n ?? 0);
}
