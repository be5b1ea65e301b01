import { randomBytes } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import type { TNegotiatorFields, TNegotiatorSlip } from '@prosa/shared/negotiator';
import { demoIds, setAllow } from '../../../test/helpers/attendance-fixtures';
import type { TestContext } from '../../../test/helpers/test-app';
import { mailingRows, mailings } from '../../db/schema/campaigns';
import { negotiators } from '../../db/schema/negotiator';
import { statuses } from '../../db/schema/organization';

// Test data of the negotiation tests (written straight into the tables: the admin API is another module's): a
// debt mailing, the three control statuses and a negotiator over them.

export const DEBT_HEADER = [
  'Nome',
  'CPF',
  'Contrato',
  'Valor',
  'Vencimento',
  'A vista',
  'Parcelado 3x',
  'Parcelas',
];

/** Maria (two debts, one with two offers), João (one debt, no offer), a CNPJ with one debt. */
export const DEBT_ROWS = [
  ['Maria Souza', '529.982.247-25', 'Contrato 123', '1.000,00', '10/01/2026', 'R$ 850,00', '300,00', '3'],
  ['Maria Souza', '52998224725', 'Contrato 456', '2500.50', '2026-02-15', '2000', '', ''],
  ['João Lima', '111.444.777-35', 'Contrato 789', '500,00', '', '', '', ''],
  [
    'Padaria Boa Massa',
    '11.222.333/0001-81',
    'Contrato 900',
    'R$ 1.234,56',
    '05/03/2026',
    '1.100,00',
    '',
    '',
  ],
];

export const MARIA_CPF = '529.982.247-25';
/** A valid CPF that is not in the mailing. */
export const UNKNOWN_CPF = '935.411.347-80';

export const DEBT_FIELDS: TNegotiatorFields = {
  document: 1,
  name: 0,
  debt_description: 2,
  debt_amount: 3,
  debt_due_date: 4,
  offers: [
    { label: 'À vista', amount: 5, installments: null },
    { label: 'Parcelado 3x', amount: 6, installments: 7 },
  ],
};

export const SLIP_SETTINGS: TNegotiatorSlip = {
  beneficiary: 'Empresa Demo Cobranças Ltda',
  beneficiary_document: '11.444.777/0001-61',
  bank_code: '237',
  agency: '1234',
  account: '0012345',
  wallet: '09',
  due_days: 3,
  instructions: 'Não receber após o vencimento.',
};

export async function negotiationFixtures(ctx: TestContext) {
  const demo = await demoIds(ctx);
  const companyId = demo.companyId;
  await setAllow(ctx, companyId, { negotiator: true });
  const status = async (name: string, shouldClose: number) => {
    const [row] = await ctx.db.insert(statuses).values({ companyId, name, shouldClose }).returning();
    if (!row) throw new Error('status');
    return row.id;
  };
  const statusIds = {
    validate: await status('Validando documento', 0),
    emitted: await status('Boleto emitido', 1),
    notEmitted: await status('Boleto não emitido', 1),
  };
  const [mailing] = await ctx.db
    .insert(mailings)
    .values({
      companyId,
      title: 'Carteira de cobrança',
      fields: DEBT_HEADER,
      params: DEBT_HEADER.map((label, field) => ({ field, label, display: true, is_key_to_channel: [] })),
      processing: 'done',
      rowCount: DEBT_ROWS.length,
      processedRows: DEBT_ROWS.length,
    })
    .returning();
  if (!mailing) throw new Error('mailing');
  await ctx.db
    .insert(mailingRows)
    .values(DEBT_ROWS.map((values, i) => ({ companyId, mailingId: mailing.id, rowNumber: i + 1, values })));

  const insertNegotiator = async (
    extra: Partial<typeof negotiators.$inferInsert> & { companyId?: number } = {},
  ) => {
    const [row] = await ctx.db
      .insert(negotiators)
      .values({
        companyId,
        name: 'Negociador Cobrança',
        mailingId: mailing.id,
        multichannelId: 1,
        channelIds: [],
        statusValidateDocument: statusIds.validate,
        statusEmittedInvoice: statusIds.emitted,
        statusNotEmittedInvoice: statusIds.notEmitted,
        fields: DEBT_FIELDS,
        slip: SLIP_SETTINGS,
        hash: randomBytes(12).toString('hex'),
        ...extra,
      })
      .returning();
    if (!row) throw new Error('negotiator');
    return row;
  };
  return { demo, companyId, statusIds, mailing, insertNegotiator };
}

/**
 * The text a PDF draws, compressed or not: its FlateDecode streams inflated, then PDFKit's standard-font text
 * (hex strings in TJ arrays, WinAnsi) decoded, one line per TJ.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const streams: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const body = Buffer.from(m[1] ?? '', 'latin1');
    try {
      streams.push(inflateSync(body).toString('latin1'));
    } catch {
      streams.push(body.toString('latin1'));
    }
  }
  const parts: string[] = [];
  for (const m of streams.join('\n').matchAll(/\[([^\]]*)\] TJ/g)) {
    const hex = [...(m[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
    parts.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return parts.join('\n');
}
