import { readCompanyMetadata } from '@prosa/shared/company-metadata';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { companies } from '../../db/schema/companies';
import { sectors } from '../../db/schema/organization';
import type { Tx } from '../../platform/db';

// Campaign options (attendance settings tab "Opções de campanha", issue 24): a customer who writes within
// `maxCampaignAssignmentTime` hours of a campaign message sent to them on this channel opens a campaign reply —
// recorded on the attendance (data.campaign_id, data.campaign_title) and opened in the campaign reply sector when
// the company chose one (else the channel's default sector). 0 hours: replies are ordinary attendances.

export type CampaignReply = { campaignId: number; title: string; sectorId: number | null };

const CAMPAIGN_KINDS = new Set(['waent', 'waweb', 'sms']);
const digits = (s: string) => s.replace(/\D/g, '');

/** The campaign replies among the contacts opening an attendance now, by contact external id. */
export async function campaignReplies(
  tx: Tx,
  companyId: number,
  channel: { kind: string; id: number },
  externalIds: readonly string[],
): Promise<Map<string, CampaignReply>> {
  const out = new Map<string, CampaignReply>();
  if (!CAMPAIGN_KINDS.has(channel.kind) || externalIds.length === 0) return out;
  // On the ingest path: only the campaign options' subtree is read and checked, not the whole metadata.
  const [company] = await tx
    .select({ options: sql<unknown>`${companies.metadata} -> 'campaign_options'` })
    .from(companies)
    .where(eq(companies.id, companyId));
  const options = readCompanyMetadata({ campaign_options: company?.options }).campaign_options;
  const hours = options.maxCampaignAssignmentTime;
  if (!(hours > 0)) return out;
  const keys = [...new Set(externalIds.map(digits).filter((k) => k !== ''))];
  if (keys.length === 0) return out;
  // The channel's campaigns that may have sent within the window, then their recipients by the unique key.
  const rows = await tx.execute<{ contact_key: string; campaign_id: number; title: string }>(sql`
    select distinct on (cc.contact_key) cc.contact_key, c.id as campaign_id, c.title
      from campaigns c
      join campaign_contacts cc on cc.campaign_id = c.id and cc.company_id = c.company_id
     where c.company_id = ${companyId} and c.channel_id = ${channel.id} and c.deleted_at is null
       and coalesce(c.finished_at, now()) > now() - make_interval(hours => ${hours})
       and cc.contact_key in (${sql.join(
         keys.map((k) => sql`${k}`),
         sql`, `,
       )})
       and cc.sent_at is not null and cc.sent_at > now() - make_interval(hours => ${hours})
     order by cc.contact_key, cc.sent_at desc`);
  if (rows.rows.length === 0) return out;
  let sectorId: number | null = null;
  if (options.reply_sector_id !== null) {
    const [sector] = await tx
      .select({ id: sectors.id })
      .from(sectors)
      .where(
        and(
          eq(sectors.companyId, companyId),
          eq(sectors.id, options.reply_sector_id),
          isNull(sectors.deletedAt),
        ),
      );
    sectorId = sector?.id ?? null;
  }
  const byKey = new Map(rows.rows.map((r) => [r.contact_key, r]));
  for (const id of externalIds) {
    const r = byKey.get(digits(id));
    if (r) out.set(id, { campaignId: Number(r.campaign_id), title: r.title, sectorId });
  }
  return out;
}
