// Provider statuses of campaign messages: their own module, so the inbox's sink (attendance) reads them without
// depending on the sending engine.
import { sql } from 'drizzle-orm';
import type { DeliveryStatus, OpenChannel } from '../../channels/port';
import { writeFacts } from '../../facts/write-facts';
import type { Db } from '../../platform/db';

/** The reference a campaign recipient's message carries (OutboundSend.reference): "cc:<campaign_contacts.id>". */
export const referenceOf = (contactId: number) => `cc:${contactId}`;

const idOfReference = (ref: string | undefined): number | null => {
  const m = ref ? /^cc:(\d{1,18})$/.exec(ref) : null;
  return m ? Number(m[1]) : null;
};

// Which recipient states a provider status may move on from (never backwards; an error only before delivery).
const FROM: Record<DeliveryStatus['state'], string[]> = {
  sent: ['pending', 'sending', 'unknown', 'failure'],
  delivered: ['pending', 'sending', 'unknown', 'sent', 'failure'],
  read: ['pending', 'sending', 'unknown', 'sent', 'delivered', 'failure'],
  error: ['sending', 'unknown', 'sent'],
};
const TO: Record<DeliveryStatus['state'], string> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  error: 'failure',
};

/**
 * A provider's status of a campaign message: found by our reference (even when the send's answer was never
 * recorded: the node died) or by the provider's id. Answers whether it was a campaign's (the inbox stops asking).
 */
export async function campaignStatus(db: Db, ch: OpenChannel, s: DeliveryStatus): Promise<boolean> {
  const byRef = idOfReference(s.reference);
  const match =
    byRef !== null
      ? sql`id = ${byRef} and company_id = ${ch.companyId}`
      : sql`provider_message_id = ${s.externalId} and company_id = ${ch.companyId}`;
  const from = FROM[s.state];
  const at = s.at instanceof Date && !Number.isNaN(s.at.getTime()) ? s.at : new Date();
  const r = await db.execute<{ id: number; changed: boolean }>(sql`
    with target as (select id, status from campaign_contacts where ${match} limit 1),
    moved as (
      update campaign_contacts cc
         set status = ${TO[s.state]},
             provider_message_id = coalesce(cc.provider_message_id, ${s.externalId}),
             error = ${s.state === 'error' ? (s.error ?? 'falha no envio') : null},
             sent_at = coalesce(cc.sent_at, ${s.state === 'error' ? null : at}),
             delivered_at = case when ${s.state} in ('delivered', 'read') then coalesce(cc.delivered_at, ${at})
                                 else cc.delivered_at end,
             read_at = case when ${s.state} = 'read' then coalesce(cc.read_at, ${at}) else cc.read_at end,
             claimed_at = null, claimed_by = null, updated_at = now()
        from target
       where cc.id = target.id and target.status = any(${sql.param(from)}::text[])
      returning cc.id)
    select target.id, exists (select 1 from moved) as changed from target`);
  const row = r.rows[0];
  if (row?.changed) {
    // The details follow deliveries and reads live, even after sending ended: one fact per campaign every 2 s at
    // most, however many statuses arrive.
    await db.transaction(async (tx) => {
      const c = await tx.execute<{ id: number; company_id: number }>(sql`
        update campaigns set updated_at = now()
         where id = (select campaign_id from campaign_contacts where id = ${row.id})
           and updated_at < now() - interval '2 seconds'
        returning id, company_id`);
      const hit = c.rows[0];
      if (hit)
        await writeFacts(tx, [
          {
            companyId: Number(hit.company_id),
            name: 'campaign.updated',
            data: { campaign_id: Number(hit.id) },
          },
        ]);
    });
  }
  return r.rows.length > 0;
}
