import { channelKey } from '@prosa/shared/contact-keys';
import { isOptInText, isOptOutText, OPTIN_CHANNEL_KINDS, OPTIN_MSG } from '@prosa/shared/optin';
import { and, eq, sql } from 'drizzle-orm';
import { attendances } from '../../db/schema/attendance';
import { createDurableConsumer, type DurableConsumer } from '../../facts/durable-consumer';
import type { TStoredFact } from '../../facts/read-facts';
import type { Tx } from '../../platform/db';
import { type AutomaticMessageDeps, recordAutomaticMessage } from '../attendance/send-automatic-message';
import { sendSoon } from '../outbound/send-outbound';
import { cancelPendingCampaignContacts, setStatusByIds, subscribeIfNew } from './repository';

/** The durable consumer of opt-in (fact_consumers.name). */
export const OPTIN_CONSUMER = 'optin.subscribers';

type Inbound = {
  company_id: number;
  message_id: number;
  attendance_id: number;
  text: string;
  channel_id: number;
  channel_kind: string;
  external_id: string;
  contact_name: string;
};

/** The customer messages of a batch written on WhatsApp Enterprise, WhatsApp by QR or SMS, in fact order. */
async function inboundOf(tx: Tx, facts: readonly TStoredFact[]): Promise<Inbound[]> {
  const received = facts.filter((f) => f.name === 'message.received');
  if (received.length === 0) return [];
  const companies = received.map((f) => f.companyId);
  const ids = received.map((f) => Number((f.data as { message_id: number }).message_id));
  const r = await tx.execute<Inbound>(sql`
    select m.company_id, m.id::float8 as message_id, m.attendance_id::float8 as attendance_id, m.text,
      a.channel_id, a.channel_kind, c.external_id, c.name as contact_name
    from unnest(${sql.param(companies)}::int[], ${sql.param(ids)}::bigint[]) with ordinality as f(company_id, id, n)
    join messages m on m.company_id = f.company_id and m.id = f.id
    join attendances a on a.company_id = m.company_id and a.id = m.attendance_id
    join contacts c on c.company_id = a.company_id and c.id = a.contact_id
    where m.sender_type = 0 and a.channel_kind = any(${sql.param([...OPTIN_CHANNEL_KINDS])}::text[])
    order by f.n`);
  return r.rows;
}

/**
 * Opt-in on the worker (issue 18), every fact once across all workers, its changes committed with the cursor:
 * - a contact who writes on a WhatsApp Enterprise, WhatsApp (QR) or SMS channel becomes an active subscriber of it
 *   if the channel has no row for it yet (an opted-out or deactivated one is never re-activated by just writing);
 * - a message whose whole text is an opt-out word (SAIR, PARAR…) turns it inactive (source 'optout'), cancels the
 *   key's pending campaign sends on that channel and answers a short confirmation through the outbound path;
 * - an opt-in word (VOLTAR, ACEITO) brings back one who opted out by word; a user's deactivation stays.
 */
export function optinConsumer(
  deps: AutomaticMessageDeps,
  log?: (msg: string, err?: unknown) => void,
): DurableConsumer {
  return createDurableConsumer({
    db: deps.db,
    name: OPTIN_CONSUMER,
    log,
    handle: async (tx, facts, afterCommit) => {
      for (const m of await inboundOf(tx, facts)) {
        // Groups (WhatsApp by QR) have no subscription.
        if (m.external_id.includes('@')) continue;
        const uid = channelKey(m.channel_kind, m.external_id);
        if (!uid) continue;
        const where = { companyId: m.company_id, channelId: m.channel_id };
        const sub = await subscribeIfNew(tx, { ...where, uid, name: m.contact_name });
        if (!sub) continue;
        let reply: string | null = null;
        if (isOptOutText(m.text)) {
          // An inactive one keeps how it became so (a user's deactivation is not turned into the contact's own).
          if (sub.subscriberStatus === 'active')
            await setStatusByIds(tx, {
              ...where,
              ids: [sub.id],
              status: 'inactive',
              source: 'optout',
              userId: null,
            });
          await cancelPendingCampaignContacts(tx, { ...where, keys: [uid] });
          reply = OPTIN_MSG.optoutReply;
        } else if (isOptInText(m.text) && sub.subscriberStatus === 'inactive' && sub.source === 'optout') {
          await setStatusByIds(tx, {
            ...where,
            ids: [sub.id],
            status: 'active',
            source: 'optin',
            userId: null,
          });
          reply = OPTIN_MSG.optinReply;
        }
        if (!reply) continue;
        const [attendance] = await tx
          .select()
          .from(attendances)
          .where(and(eq(attendances.companyId, m.company_id), eq(attendances.id, m.attendance_id)));
        if (!attendance) continue;
        const stored = await recordAutomaticMessage(tx, {
          attendance,
          text: reply,
          idPrefix: 'optin_',
          origin: 'trigger',
          metadata: { optin: reply === OPTIN_MSG.optoutReply ? 'optout' : 'optin' },
        });
        afterCommit(() => sendSoon(deps, stored));
      }
    },
  });
}
