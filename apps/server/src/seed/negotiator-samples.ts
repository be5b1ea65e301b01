import type { TMailingParam } from '@prosa/shared/mailing';
import { ZMultichannelPayload, ZMultichannelWidget } from '@prosa/shared/multichannel';
import type { TNegotiatorFields, TNegotiatorSlip } from '@prosa/shared/negotiator';
import { ZWebchatCustomData } from '@prosa/shared/webchat';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { mailingRows, mailings } from '../db/schema/campaigns';
import { companies } from '../db/schema/companies';
import { multichannelLinks } from '../db/schema/multichannel';
import { negotiators } from '../db/schema/negotiator';
import { sectors, statuses, statusSectors } from '../db/schema/organization';
import { linkChannels } from '../modules/negotiator/link-channels';
import {
  chooseOption,
  negotiationContext,
  startNegotiation,
  submitDocument,
} from '../modules/negotiator/negotiation';
import { insertWebchat } from '../modules/webchat/repository';
import type { Db, Tx } from '../platform/db';
import type { Storage } from '../platform/storage/storage';

// The auto-negotiator's samples of the demo company (issue 23): a debt mailing already imported, the three control
// statuses, a web chat of its own ("Negociação de débitos", on its own multichannel link /hotsite/negociacao-demo,
// so the demo site's web chat stays with the operators), "Negociador Demo" answering on it with Bradesco slip
// settings (its hotsite is /negociar/negociador-demo), and two finished hotsite negotiations made through the
// negotiation core — one with its slip issued, one declined — so the negotiation report shows something.

export const DEMO_DEBT_MAILING_TITLE = 'Carteira de cobrança';
export const DEMO_NEGOTIATOR_NAME = 'Negociador Demo';
export const DEMO_NEGOTIATOR_HASH = 'negociador-demo';
/** The negotiator's own multichannel link (/hotsite/negociacao-demo opens its web chat) and web chat code. */
export const DEMO_NEGOTIATION_LINK_HASH = 'negociacao-demo';
export const DEMO_NEGOTIATION_WEBCHAT_CODE = 'demo-negociacao';

const HEADER = ['Nome', 'CPF', 'Contrato', 'Valor', 'Vencimento', 'A vista', 'Parcelado 3x', 'Parcelas'];
/** Valid CPFs (check digits computed); Mariana and Rafael have two debts each. */
const ROWS: string[][] = [
  ['Mariana Alves', '529.982.247-25', 'Contrato 100234', '1.250,00', '10/08/2026', '850,00', '320,00', '3'],
  ['Mariana Alves', '529.982.247-25', 'Contrato 100871', '480,90', '05/09/2026', '399,90', '', ''],
  ['Rafael Costa', '111.444.777-35', 'Contrato 200511', '2.300,00', '15/07/2026', '1.700,00', '650,00', '3'],
  ['Rafael Costa', '111.444.777-35', 'Contrato 200634', '690,00', '30/07/2026', '520,00', '', ''],
  ['Juliana Rocha', '390.533.447-05', 'Contrato 300120', '760,00', '20/06/2026', '590,00', '230,00', '3'],
  [
    'Pedro Henrique',
    '468.347.234-12',
    'Contrato 400877',
    '3.480,00',
    '01/06/2026',
    '2.490,00',
    '950,00',
    '3',
  ],
  ['Camila Duarte', '714.602.380-01', 'Contrato 500312', '215,40', '12/05/2026', '180,00', '', ''],
  ['Lucas Martins', '256.841.357-30', 'Contrato 600098', '1.020,00', '25/04/2026', '790,00', '300,00', '3'],
];
const PARAMS: TMailingParam[] = HEADER.map((label, field) => ({
  field,
  label,
  display: field <= 3,
  is_key_to_channel: [],
}));
const FIELDS: TNegotiatorFields = {
  document: 1,
  name: 0,
  debt_description: 2,
  debt_amount: 3,
  debt_due_date: 4,
  offers: [
    { label: 'À vista', amount: 5, installments: null },
    { label: 'Parcelado em 3x', amount: 6, installments: 7 },
  ],
};
const SLIP: TNegotiatorSlip = {
  beneficiary: 'Empresa Demo Cobranças Ltda',
  beneficiary_document: '11.222.333/0001-81',
  bank_code: '237',
  agency: '1234',
  account: '0012345',
  wallet: '09',
  due_days: 5,
  instructions: 'Não receber após o vencimento. Desconto válido somente até a data de vencimento.',
};
const CONTROL_STATUSES = [
  { key: 'validate', name: 'Validando documento', shouldClose: 0, color: '4DABF7' },
  { key: 'emitted', name: 'Boleto emitido', shouldClose: 1, color: '51CF66' },
  { key: 'notEmitted', name: 'Boleto não emitido', shouldClose: 1, color: 'FA5252' },
] as const;

/** The control statuses by name, created (for every sector) when the company has none of that name. */
async function controlStatuses(tx: Tx, companyId: number): Promise<Record<string, number>> {
  const existing = await tx.select().from(statuses).where(eq(statuses.companyId, companyId));
  const sectorRows = await tx
    .select({ id: sectors.id })
    .from(sectors)
    .where(eq(sectors.companyId, companyId));
  const ids: Record<string, number> = {};
  for (const s of CONTROL_STATUSES) {
    const found = existing.find((e) => e.name === s.name && !e.useInBot);
    if (found) {
      ids[s.key] = found.id;
      continue;
    }
    const [row] = await tx
      .insert(statuses)
      .values({ companyId, name: s.name, shouldClose: s.shouldClose, color: s.color })
      .returning({ id: statuses.id });
    if (!row) throw new Error('seed: negotiator status not created');
    ids[s.key] = row.id;
    if (sectorRows.length)
      await tx
        .insert(statusSectors)
        .values(sectorRows.map((sec) => ({ companyId, statusId: row.id, sectorId: sec.id })));
  }
  return ids;
}

/** The negotiator's own web chat, in the company's first sector (customers who need people are handed there). */
async function negotiationWebchat(tx: Tx, companyId: number): Promise<number> {
  const [sector] = await tx
    .select({ id: sectors.id })
    .from(sectors)
    .where(eq(sectors.companyId, companyId))
    .orderBy(asc(sectors.id))
    .limit(1);
  if (!sector) throw new Error('seed: the demo company has no sector');
  const row = await insertWebchat(tx, {
    companyId,
    code: DEMO_NEGOTIATION_WEBCHAT_CODE,
    name: 'Negociação de débitos',
    sectorId: sector.id,
    customData: ZWebchatCustomData.parse({
      nome: 'Negociação de débitos',
      text_msg: 'Olá! Negocie seus débitos e receba o boleto aqui mesmo.',
      text_button: 'Negociar agora',
      color: '#0CA678',
      widget_font_color: '#FFFFFF',
      fields: [{ name: 'nome', label: 'Nome', type: 'text', required: true }],
    }),
  });
  return row.id;
}

/**
 * Writes the samples once: false when the demo company is missing, or a negotiator of
 * that name exists. With a storage, the mailing's CSV is stored too (it can be edited and imported again).
 */
export async function seedNegotiatorSamples(db: Db, storage?: Storage, now = new Date()): Promise<boolean> {
  const [demo] = await db.select().from(companies).where(eq(companies.name, 'Empresa Demo')).limit(1);
  if (!demo) return false;
  const companyId = demo.id;
  const [exists] = await db
    .select({ id: negotiators.id })
    .from(negotiators)
    .where(
      and(
        eq(negotiators.companyId, companyId),
        eq(negotiators.name, DEMO_NEGOTIATOR_NAME),
        isNull(negotiators.deletedAt),
      ),
    )
    .limit(1);
  if (exists) return false;

  const csv = [HEADER, ...ROWS].map((r) => r.join(';')).join('\n');
  let fileKey: string | null = null;
  if (storage) {
    fileKey = `mailing/${companyId}/carteira-de-cobranca.csv`;
    await storage.put(fileKey, Buffer.from(csv, 'utf-8'), 'text/csv');
  }
  await db.transaction(async (tx) => {
    const [mailing] = await tx
      .insert(mailings)
      .values({
        companyId,
        title: DEMO_DEBT_MAILING_TITLE,
        active: true,
        fileName: 'carteira-de-cobranca.csv',
        fileKey,
        fields: HEADER,
        delimiter: ';',
        encoding: 'utf-8',
        params: PARAMS,
        processing: 'done',
        rowCount: ROWS.length,
        processedRows: ROWS.length,
      })
      .returning({ id: mailings.id });
    if (!mailing) throw new Error('seed: debt mailing not created');
    await tx
      .insert(mailingRows)
      .values(ROWS.map((values, i) => ({ companyId, mailingId: mailing.id, rowNumber: i + 1, values })));

    const status = await controlStatuses(tx, companyId);
    const webchat = await negotiationWebchat(tx, companyId);
    const [ownLink] = await tx
      .insert(multichannelLinks)
      .values({
        companyId,
        name: 'Negociação de débitos',
        hash: DEMO_NEGOTIATION_LINK_HASH,
        widget: ZMultichannelWidget.parse({
          title: 'Negociação de débitos',
          welcome: 'Olá! Vamos resolver suas pendências?',
          greeting: 'Converse com o nosso assistente de negociação.',
        }),
        payload: ZMultichannelPayload.parse({
          hotsite: {
            enabled: true,
            text_description: 'Negocie seus débitos pelo chat e receba o boleto na hora.',
          },
          web: { enabled: true, webchat, text_description: 'Negociar pelo chat' },
        }),
      })
      .returning();
    if (!ownLink) throw new Error('seed: negotiation link not created');
    const [negotiator] = await tx
      .insert(negotiators)
      .values({
        companyId,
        name: DEMO_NEGOTIATOR_NAME,
        mailingId: mailing.id,
        multichannelId: ownLink.id,
        channelIds: linkChannels(ownLink.payload).webchat ? [webchat] : [],
        statusValidateDocument: status.validate ?? 0,
        statusEmittedInvoice: status.emitted ?? 0,
        statusNotEmittedInvoice: status.notEmitted ?? 0,
        fields: FIELDS,
        slip: SLIP,
        hash: DEMO_NEGOTIATOR_HASH,
      })
      .returning();
    if (!negotiator) throw new Error('seed: negotiator not created');

    // Two visits of the hotsite, yesterday: Mariana pays her first debt in cash, Rafael does not negotiate now.
    const yesterday = new Date(now.getTime() - 86_400_000);
    const ctx = await negotiationContext(tx, negotiator, yesterday);
    const paid = await startNegotiation(tx, ctx, { source: 'hotsite', token: null });
    await submitDocument(tx, ctx, paid, '529.982.247-25');
    await chooseOption(tx, ctx, paid, 1);
    const later = { ...ctx, now: new Date(yesterday.getTime() + 3_600_000) };
    const declined = await startNegotiation(tx, later, { source: 'hotsite', token: null });
    await submitDocument(tx, later, declined, '111.444.777-35');
    await chooseOption(tx, later, declined, 0);
  });
  return true;
}
