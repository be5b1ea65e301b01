import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';

/** Trigger kinds that hold a new attendance in automatic mode until the customer answers them. */
export const HOLDING_TRIGGER_TYPES = [
  'menu',
  'menu_keyboard_buttons',
  'agreement',
  // Issue 18: the mailing validation asks first; the sector transfer routes before distribution sees it.
  'mailing_validation',
  'mailing_sector_transfer',
] as const;

/**
 * Whether a new attendance of this channel starts automatic (attendances.auto): the channel (or the channel whose
 * triggers it uses, use_trigger_from_channel_id) has a menu or agreement trigger, or an active flow is linked to
 * it (in a company that allows chatbots), or a live negotiator answers on it (issue 23). Read by the ingest in the transaction that opens the attendance, so distribution never sees it first.
 */
export async function channelHoldsNewAttendances(
  tx: Tx,
  companyId: number,
  channelId: number,
): Promise<boolean> {
  const r = await tx.execute<{ holds: boolean }>(sql`
    select exists (
      select 1 from triggers t
      where t.company_id = ${companyId}
        and t.channel_id = (select coalesce(c.use_trigger_from_channel_id, c.id) from channels c
                            where c.company_id = ${companyId} and c.id = ${channelId})
        and t.trigger_type in ('menu', 'menu_keyboard_buttons', 'agreement', 'mailing_validation', 'mailing_sector_transfer')
    ) or exists (
      select 1 from chatbot_flow_channels fc
      join chatbot_flows f on f.company_id = fc.company_id and f.id = fc.flow_id
      join companies co on co.id = fc.company_id and co.metadata -> 'allow' ->> 'chatbots' = 'true'
      where fc.company_id = ${companyId} and fc.channel_id = ${channelId}
        and f.active and f.deleted_at is null
    ) or exists (
      select 1 from negotiators n
      join companies co on co.id = n.company_id and co.metadata -> 'allow' ->> 'negotiator' = 'true'
      where n.company_id = ${companyId} and n.deleted_at is null
        and n.channel_ids @> to_jsonb(array[${channelId}::int])
    ) as holds`);
  return r.rows[0]?.holds === true;
}
