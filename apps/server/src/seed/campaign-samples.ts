import { and, eq, isNull } from 'drizzle-orm';
import { campaignContacts, campaigns, mailingRows, mailings } from '../db/schema/campaigns';
import { channels } from '../db/schema/channels';
import { companies } from '../db/schema/companies';
import { hsmTemplates } from '../db/schema/waent';
import type { Db } from '../platform/db';

// A finished WhatsApp Enterprise campaign of the demo company (issue 18), so the campaign list and details show
// real progress without sending anything: 20 recipients of a small mailing, sent, delivered, read or failed.

export const DEMO_CAMPAIGN_TITLE = 'Boas-vindas aos novos clientes';
const DEMO_TEMPLATE = 'boas_vindas';
const DEMO_MAILING = 'Novos clientes (exemplo)';
const MINUTE = 60_000;

const FIRST = [
  'Ana',
  'Bruno',
  'Carla',
  'Daniel',
  'Eduarda',
  'Felipe',
  'Gabriela',
  'Heitor',
  'Isabela',
  'João',
];
const LAST = ['Souza', 'Lima'];

/**
 * Writes the sample once (false when the demo company, its WhatsApp Enterprise channel is missing, or the sample
 * already exists). Uses the template 'boas_vindas' visible to the demo company, creating it (approved, owned by
 * the demo company) when the seed has none.
 */
export async function seedCampaignSamples(db: Db): Promise<boolean> {
  const [demo] = await db.select().from(companies).where(eq(companies.name, 'Empresa Demo')).limit(1);
  if (!demo) return false;
  const companyId = demo.id;
  const [channel] = await db
    .select()
    .from(channels)
    .where(and(eq(channels.companyId, companyId), eq(channels.kind, 'waent'), isNull(channels.deletedAt)))
    .orderBy(channels.id)
    .limit(1);
  if (!channel) return false;
  const [exists] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.companyId, companyId), eq(campaigns.title, DEMO_CAMPAIGN_TITLE)))
    .limit(1);
  if (exists) return false;

  await db.transaction(async (tx) => {
    let [template] = await tx
      .select()
      .from(hsmTemplates)
      .where(
        and(
          eq(hsmTemplates.ownerCompanyId, companyId),
          eq(hsmTemplates.elementName, DEMO_TEMPLATE),
          isNull(hsmTemplates.deletedAt),
        ),
      )
      .limit(1);
    if (!template) {
      [template] = await tx
        .insert(hsmTemplates)
        .values({
          ownerCompanyId: companyId,
          name: DEMO_TEMPLATE,
          elementName: DEMO_TEMPLATE,
          category: 'MARKETING',
          template: 'Olá, {{1}}! Seja bem-vindo(a) à Empresa Demo. Conte com a gente pelo WhatsApp.',
          externalStatus: 'APPROVED',
          qualityScore: 'GREEN',
        })
        .returning();
    }
    if (!template) throw new Error('seed: template boas_vindas');

    const people = Array.from({ length: 20 }, (_, i) => ({
      name: `${FIRST[i % 10]} ${LAST[Math.floor(i / 10)]}`,
      phone: `55119876${String(54000 + i).padStart(5, '0')}`,
    }));
    const [mailing] = await tx
      .insert(mailings)
      .values({
        companyId,
        title: DEMO_MAILING,
        fileName: 'novos-clientes.csv',
        fields: ['nome', 'telefone'],
        params: [
          { field: 0, label: 'nome', display: true, is_key_to_channel: [] },
          { field: 1, label: 'telefone', display: true, is_key_to_channel: ['waent'] },
        ],
        processing: 'done',
        rowCount: people.length,
        processedRows: people.length,
      })
      .returning();
    if (!mailing) throw new Error('seed: mailing');
    await tx.insert(mailingRows).values(
      people.map((p, i) => ({
        companyId,
        mailingId: mailing.id,
        rowNumber: i + 1,
        values: [p.name, p.phone],
      })),
    );

    const now = Date.now();
    const started = new Date(now - 2 * 24 * 60 * MINUTE);
    const [campaign] = await tx
      .insert(campaigns)
      .values({
        companyId,
        title: DEMO_CAMPAIGN_TITLE,
        status: 'sent',
        channel: 'waent',
        channelId: channel.id,
        mailingId: mailing.id,
        validFrom: started,
        validTo: new Date(started.getTime() + 24 * 60 * MINUTE),
        scheduleDate: started,
        whatsapp: {
          active: true,
          campaign_type: 'hsm',
          hsm_campaign: true,
          hsm_template: template.id,
          mailing_columns: [{ column: 'nome' }],
          field: 'telefone',
          prefix_channel_id: channel.id,
        },
        totalContacts: people.length,
        processedContacts: people.length,
        startedAt: started,
        finishedAt: new Date(started.getTime() + 5 * MINUTE),
        createdAt: new Date(started.getTime() - 60 * MINUTE),
        updatedAt: new Date(started.getTime() + 5 * MINUTE),
      })
      .returning();
    if (!campaign) throw new Error('seed: campaign');

    // 6 read, 7 delivered, 5 sent, 2 failed.
    const statusOf = (i: number) => (i < 6 ? 'read' : i < 13 ? 'delivered' : i < 18 ? 'sent' : 'failure');
    await tx.insert(campaignContacts).values(
      people.map((p, i) => {
        const status = statusOf(i);
        const sentAt = new Date(started.getTime() + i * 10_000);
        const failed = status === 'failure';
        return {
          companyId,
          campaignId: campaign.id,
          contactKey: p.phone,
          name: p.name,
          vars: { nome: p.name, telefone: p.phone },
          status,
          attempts: 1,
          sentAt: failed ? null : sentAt,
          deliveredAt:
            status === 'read' || status === 'delivered' ? new Date(sentAt.getTime() + 5_000) : null,
          readAt: status === 'read' ? new Date(sentAt.getTime() + 3 * MINUTE) : null,
          providerMessageId: failed ? null : `wamid.demo-${campaign.id}-${i}`,
          error: failed ? 'Número não possui WhatsApp (131026).' : null,
          updatedAt: sentAt,
        };
      }),
    );
  });
  return true;
}
