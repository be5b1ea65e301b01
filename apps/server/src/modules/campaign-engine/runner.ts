import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import { type ChannelCtx, channelCtx, type OpenChannel, type SendResult } from '../../channels/port';
import { asWaent } from '../../channels/waent/config';
import { graphOf, listTemplates } from '../../channels/waent/graph-client';
import type { AppDeps } from '../../platform/deps';
import { companySettings } from '../company-metadata/module-gate';
import { cappedRate, cappedSpacing } from './company-pacing';
import {
  CLAIM_LEASE_MS,
  DEFAULT_RATE,
  ENGINE_MSG,
  MARKETING_LIMIT_CODE,
  MESSAGING_LIMITS,
  RATE_LIMIT_CODE,
  UNKNOWN_GRACE_MS,
  WAWEB_PACING,
} from './constants';
import { type CampaignContent, campaignContent } from './content';
import {
  activateDue,
  type ClaimedContact,
  type ContactResult,
  claimContacts,
  claimWithinLimit,
  endUnavailable,
  excludedKeys,
  expireDue,
  failCampaign,
  knownOnWhatsapp,
  notePortfolio,
  publishProgress,
  type RunningCampaign,
  recordResults,
  releaseContacts,
  runningCampaigns,
  sentCount,
  setPaused,
  settleStale,
} from './repository';
import { holdChannel, takeSlots } from './slots';

// The campaign sending engine (issue 18), one runner per worker node. Each pass it starts the campaigns whose time
// has come, ends the expired ones, settles recipients of dead nodes, and gives each running campaign a slice of
// work: claim recipients (SKIP LOCKED: nodes never share one), book send slots on the channel's shared rate row,
// call the adapter once per recipient at its slot, and record the outcomes in batches. A node killed at any moment
// leaves claimed recipients that the provider's statuses (which echo our reference) or the grace rule settle —
// nobody is sent the campaign twice.

export type CampaignRunnerDeps = Pick<
  AppDeps,
  'db' | 'storage' | 'outbound' | 'appSecret' | 'config' | 'channels' | 'channelRepository'
>;

/** A campaign's sends still under way on this node, and the outcomes not yet recorded. */
type LoopState = {
  results: ContactResult[];
  sentKeys: string[];
  inflight: Set<Promise<void>>;
  flush: (() => Promise<void>) | null;
};

export type CampaignRunner = {
  /** Runs a pass now (a campaign was created or unlocked). */
  wake(): void;
  stop(): Promise<void>;
};

type Opts = {
  node?: string;
  log?: (msg: string, err?: unknown) => void;
  /** Pause between passes with nothing to do (ms). */
  idleMs?: number;
  /** Length of one campaign's slice of work (ms). */
  sliceMs?: number;
  /** A claim older than this is a dead node's (ms). */
  leaseMs?: number;
  /** How long an unknown recipient waits for the provider's status (ms). */
  unknownGraceMs?: number;
  /** How often a running campaign's template quality is read at Meta (ms). */
  qualityEveryMs?: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

/** Error code of a provider's error text ("130429 (#130429) Rate limit hit"). */
const codeOf = (error: string): number | null => {
  const m = /\b(1\d{5})\b/.exec(error);
  return m ? Number(m[1]) : null;
};

/** What one attempt's answer makes of the recipient. */
export function outcome(
  contact: ClaimedContact,
  r: SendResult,
  tries: number,
): ContactResult & { rateLimited?: number } {
  if (r.state === 'sent')
    return { id: contact.id, status: 'sent', providerMessageId: r.providerMessageId ?? null };
  const code = codeOf(r.error);
  if (r.state === 'retry') {
    const wait = r.retryAfterMs ?? Math.min(60_000, 1000 * 2 ** Math.max(0, contact.attempts - 1));
    const limited = code === RATE_LIMIT_CODE ? { rateLimited: wait } : {};
    if (contact.attempts >= tries) return { id: contact.id, status: 'failure', error: r.error, ...limited };
    return {
      id: contact.id,
      status: 'pending',
      error: r.error,
      notBefore: new Date(Date.now() + wait),
      ...limited,
    };
  }
  if (r.unknownOutcome) return { id: contact.id, status: 'unknown', error: ENGINE_MSG.noAnswer };
  if (code === MARKETING_LIMIT_CODE)
    return { id: contact.id, status: 'failure', error: ENGINE_MSG.marketingLimit };
  return { id: contact.id, status: 'failure', error: r.error };
}

export function startCampaignRunner(deps: CampaignRunnerDeps, opts: Opts = {}): CampaignRunner {
  const node = opts.node ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const log = opts.log ?? (() => {});
  const idleMs = opts.idleMs ?? 1000;
  const sliceMs = opts.sliceMs ?? 2000;
  const times = { leaseMs: opts.leaseMs ?? CLAIM_LEASE_MS, graceMs: opts.unknownGraceMs ?? UNKNOWN_GRACE_MS };
  const qualityEveryMs = opts.qualityEveryMs ?? 60_000;
  const ctx: ChannelCtx = channelCtx(deps, { log });
  let stopped = false;
  const sleepUnlessStopped = async (ms: number) => {
    const end = Date.now() + ms;
    while (!stopped && Date.now() < end) await sleep(Math.min(250, end - Date.now()));
  };
  let wakeUp: (() => void) | null = null;
  // Per node caches: a campaign's built content, when its template's quality was last read, channel back-offs.
  const contents = new Map<number, Promise<CampaignContent>>();
  const qualityReadAt = new Map<number, number>();
  const backoffUntil = new Map<number, number>();

  const contentOf = (c: RunningCampaign, channel: OpenChannel) => {
    let p = contents.get(c.id);
    if (!p) {
      p = campaignContent({ db: deps.db, storage: deps.storage, ctx }, c, channel);
      contents.set(c.id, p);
      p.catch(() => contents.delete(c.id));
    }
    return p;
  };

  async function housekeeping(list: RunningCampaign[]) {
    await activateDue(deps.db);
    await expireDue(deps.db);
    for (const c of list) await settleStale(deps.db, c, c.channel === 'waent', ENGINE_MSG.noAnswer, times);
  }

  /** The template's quality at Meta, read at most once a minute per campaign: RED pauses the campaign. */
  async function qualityHolds(c: RunningCampaign, channel: OpenChannel, content: CampaignContent) {
    const waent = asWaent(channel);
    if (!waent || !content.template) return false;
    const last = qualityReadAt.get(c.id) ?? 0;
    if (Date.now() - last > qualityEveryMs) {
      qualityReadAt.set(c.id, Date.now());
      try {
        const list = await listTemplates(graphOf(waent, deps.outbound));
        const t = content.template;
        const mine = list.find((x) => x.name === t.elementName && x.language === t.language) as
          | { quality_score?: { score?: unknown } }
          | undefined;
        const score = typeof mine?.quality_score?.score === 'string' ? mine.quality_score.score : null;
        if (score) {
          await deps.db.execute(sql`update hsm_templates set quality_score = ${score} where id = ${t.id}`);
          t.qualityScore = score;
        }
      } catch (err) {
        log('não foi possível ler a qualidade do modelo', err);
      }
    }
    const red = content.template.qualityScore === 'RED';
    if (red) await setPaused(deps.db, c, ENGINE_MSG.qualityRed);
    else if (c.pausedReason === ENGINE_MSG.qualityRed) await setPaused(deps.db, c, null);
    return red;
  }

  /** The portfolio's 24-hour limit of unique contacts of a WhatsApp Cloud channel (null: none). */
  function portfolioLimit(channel: OpenChannel): { portfolio: string; limit: number } | null {
    const waent = asWaent(channel);
    if (!waent) return null;
    const limit = MESSAGING_LIMITS[waent.config.messaging_limit] ?? null;
    return limit === null ? null : { portfolio: waent.config.waba_id || String(channel.id), limit };
  }

  /** Recipients that may not be sent to are settled at once; answers the others. */
  async function screen(c: RunningCampaign, claimed: ClaimedContact[], out: ContactResult[]) {
    const { blocked, optedOut } = await excludedKeys(
      deps.db,
      c,
      claimed.map((x) => x.contactKey),
    );
    return claimed.filter((x) => {
      if (blocked.has(x.contactKey)) out.push({ id: x.id, status: 'blocked', error: ENGINE_MSG.blocked });
      else if (optedOut.has(x.contactKey))
        out.push({ id: x.id, status: 'cancelled', error: ENGINE_MSG.optedOut });
      else return true;
      return false;
    });
  }

  /** A slice of a WhatsApp Cloud or SMS campaign: recipients at the channel's rate, several nodes at once. */
  async function pacedSlice(
    c: RunningCampaign,
    channel: OpenChannel,
    content: CampaignContent,
    until: number,
    state: LoopState,
  ): Promise<boolean> {
    const adapter = deps.channels.get(channel.kind);
    if (!adapter) {
      await endUnavailable(deps.db, c, ENGINE_MSG.noChannel);
      return false;
    }
    const rate = cappedRate(
      channel.ratePerSecond ?? DEFAULT_RATE[c.channel] ?? adapter.capabilities.defaultRatePerSecond ?? 10,
      (await companySettings(deps.db, c.companyId)).campaign_settings.per_minute,
    );
    const window = portfolioLimit(channel);
    const { results, sentKeys, inflight } = state;
    let lastFlush = Date.now();
    let claimedAny = false;
    const flush = async () => {
      const batch = results.splice(0, results.length);
      const keys = sentKeys.splice(0, sentKeys.length);
      await recordResults(deps.db, batch);
      // Without a limit the window is still kept: a limit set later counts the contacts already messaged.
      if (c.channel === 'waent' && !window)
        await notePortfolio(
          deps.db,
          c.companyId,
          asWaent(channel)?.config.waba_id || String(channel.id),
          keys,
        );
      lastFlush = Date.now();
    };

    while (!stopped && Date.now() < until) {
      if ((backoffUntil.get(channel.id) ?? 0) > Date.now()) break;
      const want = Math.min(500, Math.max(1, Math.ceil(rate / 2)));
      let claimed: ClaimedContact[];
      if (window) {
        const got = await claimWithinLimit(deps.db, c, want, node, window.portfolio, window.limit);
        if (got.room === 0) {
          await setPaused(deps.db, c, ENGINE_MSG.portfolioLimit(window.limit));
          break;
        }
        if (c.pausedReason?.startsWith('Aguardando: o limite')) await setPaused(deps.db, c, null);
        claimed = got.claimed;
      } else claimed = await claimContacts(deps.db, c.id, want, node);
      if (claimed.length === 0) break;
      claimedAny = true;
      let queue = await screen(c, claimed, results);
      while (queue.length > 0) {
        if (stopped) {
          await releaseContacts(
            deps.db,
            queue.map((x) => x.id),
            null,
          );
          break;
        }
        const slots = await takeSlots(deps.db, channel.id, rate, queue.length);
        if (slots.state === 'full') {
          // A low rate (the company's cap) may wait minutes: a stop does not wait for it.
          await sleepUnlessStopped(slots.retryInMs);
          continue;
        }
        const now = queue.slice(0, slots.count);
        queue = queue.slice(slots.count);
        for (const [i, contact] of now.entries()) {
          const at = slots.startsInMs + i * slots.spacingMs;
          const due = Date.now() + at;
          const p = (async () => {
            await sleepUnlessStopped(at);
            // Stopped before its slot (a low rate books far ahead): the recipient goes back unsent.
            if (stopped && Date.now() < due) {
              await releaseContacts(deps.db, [contact.id], null).catch(() => {});
              return;
            }
            // A timer that fired late (a busy event loop) would send on top of the next slots: book a new one.
            while (!stopped && Date.now() - due > slots.spacingMs) {
              const again = await takeSlots(deps.db, channel.id, rate, 1);
              if (again.state === 'slots') {
                await sleep(again.startsInMs);
                break;
              }
              await sleep(again.retryInMs);
            }
            const m = content.forContact(contact);
            const r = await adapter.send(ctx, channel, m).catch(
              (err: unknown): SendResult => ({
                state: 'error',
                error: err instanceof Error ? err.message : String(err),
                unknownOutcome: true,
              }),
            );
            const o = outcome(contact, r, c.tries);
            if (o.rateLimited) {
              // Meta says the number went over its throughput: nobody of this channel sends for a while.
              backoffUntil.set(channel.id, Date.now() + o.rateLimited);
              await holdChannel(deps.db, channel.id, o.rateLimited).catch(() => {});
            }
            const { rateLimited: _drop, ...result } = o;
            results.push(result);
            if (result.status === 'sent') sentKeys.push(contact.contactKey);
          })();
          inflight.add(p);
          void p.finally(() => inflight.delete(p));
        }
        if (Date.now() - lastFlush > 250) await flush();
      }
      if (Date.now() - lastFlush > 250) await flush();
    }
    // Sends booked ahead keep going into the next slice: the channel's slots are never left empty between slices.
    state.flush = flush;
    await flush();
    return claimedAny;
  }

  /** A slice of a WhatsApp-by-QR campaign: one message at a time with the anti-ban pacing. */
  async function wawebSlice(
    c: RunningCampaign,
    channel: OpenChannel,
    content: CampaignContent,
    until: number,
  ): Promise<boolean> {
    const adapter = deps.channels.get(channel.kind);
    if (!adapter) {
      await endUnavailable(deps.db, c, ENGINE_MSG.noChannel);
      return false;
    }
    let claimedAny = false;
    const pacing = { ...WAWEB_PACING, ...(c.whatsapp.pacing as Partial<typeof WAWEB_PACING> | undefined) };
    const spacing = cappedSpacing(
      Math.max(1, pacing.min_interval_ms + pacing.jitter_ms),
      (await companySettings(deps.db, c.companyId)).campaign_settings.per_minute,
    );
    while (!stopped && Date.now() < until) {
      // The number's slot first (shared by every node): the recipient is claimed only when its turn has come.
      const slots = await takeSlots(deps.db, channel.id, 1000 / spacing, 1, spacing);
      if (slots.state === 'full') return claimedAny;
      const [contact] = await claimContacts(deps.db, c.id, 1, node);
      if (!contact) return claimedAny;
      claimedAny = true;
      const results: ContactResult[] = [];
      const [ok] = await screen(c, [contact], results);
      if (ok) {
        const known = await knownOnWhatsapp(deps.db, c.companyId, [ok.contactKey]);
        const form = known.get(ok.contactKey);
        if (!form) results.push({ id: ok.id, status: 'not_sent', error: ENGINE_MSG.unknownNumber });
        else {
          await sleep(slots.startsInMs + Math.random() * pacing.jitter_ms);
          const m = content.forContact(ok);
          const r = await adapter
            .send(ctx, channel, { ...m, to: { externalId: form, data: { phone: form } } })
            .catch(
              (err: unknown): SendResult => ({
                state: 'error',
                error: err instanceof Error ? err.message : String(err),
                unknownOutcome: true,
              }),
            );
          const { rateLimited: _drop, ...result } = outcome(ok, r, c.tries);
          results.push(result);
          if (result.status === 'sent' && pacing.pause_every > 0) {
            const n = await sentCount(deps.db, c.id);
            if (n % pacing.pause_every === 0) await holdChannel(deps.db, channel.id, pacing.pause_ms);
          }
        }
      }
      await recordResults(deps.db, results);
    }
    return claimedAny;
  }

  async function runCampaign(c: RunningCampaign, state: LoopState): Promise<boolean> {
    const channel = await deps.channelRepository.find(c.companyId, c.channelId);
    if (!channel || channel.deletedAt !== null) {
      await endUnavailable(deps.db, c, ENGINE_MSG.noChannel);
      return false;
    }
    let content: CampaignContent;
    try {
      content = await contentOf(c, channel);
    } catch (err) {
      await failCampaign(deps.db, c, err instanceof Error ? err.message : ENGINE_MSG.invalidContent);
      return false;
    }
    if (c.channel === 'waent' && (await qualityHolds(c, channel, content))) return false;
    const until = Date.now() + sliceMs;
    if (c.channel === 'waweb') return wawebSlice(c, channel, content, until);
    return pacedSlice(c, channel, content, until, state);
  }

  /**
   * One running campaign on this node, for as long as it runs: slice after slice with no gap between them (sends
   * booked in one slice go on during the next), its progress published at most once a second.
   */
  async function campaignLoop(first: RunningCampaign) {
    const state: LoopState = { results: [], sentKeys: [], inflight: new Set(), flush: null };
    let c: RunningCampaign | undefined = first;
    let published = 0;
    while (!stopped && c) {
      let busy = false;
      try {
        busy = await runCampaign(c, state);
      } catch (err) {
        log(`campanha ${c.id}: falha no envio`, err);
      }
      if (Date.now() - published > 1000 || !busy) {
        if (!busy) {
          await Promise.allSettled([...state.inflight]);
          await state.flush?.();
        }
        const finished = await publishProgress(deps.db, c).catch(() => false);
        published = Date.now();
        if (finished) break;
      }
      if (!busy) await sleep(Math.min(idleMs, 500));
      c = (await runningCampaigns(deps.db)).find((x) => x.id === first.id);
    }
    await Promise.allSettled([...state.inflight]);
    await state.flush?.().catch(() => {});
    contents.delete(first.id);
    await publishProgress(deps.db, first).catch(() => false);
  }

  const loops = new Map<number, Promise<void>>();

  async function pass(): Promise<void> {
    const before = await runningCampaigns(deps.db);
    await housekeeping(before);
    // Campaigns of different channels run side by side; those of one channel share its rate row anyway.
    for (const c of await runningCampaigns(deps.db)) {
      if (loops.has(c.id)) continue;
      loops.set(
        c.id,
        campaignLoop(c)
          .catch((err: unknown) => log(`campanha ${c.id}: falha`, err))
          .finally(() => loops.delete(c.id)),
      );
    }
  }

  const loop = (async () => {
    while (!stopped) {
      try {
        await pass();
      } catch (err) {
        if (!stopped) log('campanhas: falha na rodada', err);
      }
      if (stopped) break;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, idleMs);
        wakeUp = () => {
          clearTimeout(t);
          resolve();
        };
      });
      wakeUp = null;
    }
    await Promise.allSettled([...loops.values()]);
  })();

  return {
    wake: () => wakeUp?.(),
    async stop() {
      stopped = true;
      wakeUp?.();
      await loop;
    },
  };
}
