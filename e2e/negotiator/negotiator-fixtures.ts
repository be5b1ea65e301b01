import { type APIRequestContext, expect } from '@playwright/test';
import type { TNegotiator, TNegotiatorInput } from '@prosa/shared/negotiator';

// Shared set-up of the negotiator specs (admin and hotsite): a debt mailing and a negotiator, made through the API
// as a manager or admin would (e2e servers run SEED_SAMPLES=false, so the demo has neither).

type Json = Record<string, unknown>;

async function json<T = Json>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} → ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The debt mailing's header: one row per debt, up to two offers (cash and 3 installments). */
export const DEBT_HEADER = [
  'Nome',
  'CPF',
  'Contrato',
  'Valor',
  'Vencimento',
  'A vista',
  'Parcelado 3x',
  'Parcelas',
] as const;

/** The columns of DEBT_HEADER as the negotiator's form maps them. */
export const DEBT_FIELDS: TNegotiatorInput['fields'] = {
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

export type TDebtor = {
  name: string;
  /** Valid CPF, digits only. */
  cpf: string;
  debts: { contract: string; amount: string; due: string; cash: string; installment: string }[];
};

/** Valid CPFs (check digits computed); the first debtor has two debts. */
export const DEBTORS: TDebtor[] = [
  {
    name: 'Marina Lopes',
    cpf: '52998224725',
    debts: [
      { contract: '100234', amount: '1.250,00', due: '10/08/2026', cash: '850,00', installment: '320,00' },
      { contract: '100871', amount: '480,90', due: '05/09/2026', cash: '399,90', installment: '' },
    ],
  },
  {
    name: 'Carlos Eduardo Silva',
    cpf: '11144477735',
    debts: [
      { contract: '200511', amount: '2.300,00', due: '15/07/2026', cash: '1.700,00', installment: '650,00' },
    ],
  },
  {
    name: 'Helena Prado',
    cpf: '39053344705',
    debts: [{ contract: '300120', amount: '760,00', due: '20/06/2026', cash: '590,00', installment: '' }],
  },
];

/** A valid CPF that is in no debt mailing of the fixtures. */
export const UNKNOWN_CPF = '46834723412';

export function debtCsv(debtors: TDebtor[] = DEBTORS): string {
  const rows = debtors.flatMap((d) =>
    d.debts.map((x) => [
      d.name,
      d.cpf,
      x.contract,
      x.amount,
      x.due,
      x.cash,
      x.installment,
      x.installment ? '3' : '',
    ]),
  );
  return [DEBT_HEADER, ...rows].map((r) => r.join(';')).join('\n');
}

export type TDebtMailing = { id: number; title: string; fields: string[] };

/**
 * Uploads the debt CSV and creates an active mailing of it (title `Carteira de cobrança <stamp>` unless given),
 * then waits until its rows are imported.
 */
export async function createDebtMailing(
  api: APIRequestContext,
  opts: { title?: string; debtors?: TDebtor[] } = {},
): Promise<TDebtMailing> {
  const title = opts.title ?? `Carteira de cobrança ${Date.now().toString(36)}`;
  const csv = debtCsv(opts.debtors);
  const up = await json<{ url: string; valid: boolean; message: string }>(
    await api.post('/api/mailing-upload', {
      multipart: {
        fileName: 'carteira.csv',
        file: { name: 'carteira.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
      },
    }),
  );
  expect(up.valid, up.message).toBe(true);
  const created = await json<{ mailing: { id: number } }>(
    await api.post('/api/mailings', { data: { title, urlFile: up.url, fileName: 'carteira.csv' } }),
  );
  const id = created.mailing.id;
  let mailing = { processing: 'pending', fields: [] as string[], processing_error: null as string | null };
  await expect
    .poll(
      async () => {
        mailing = await json(await api.get(`/api/mailings/${id}`));
        return mailing.processing;
      },
      { timeout: 30_000 },
    )
    .toMatch(/done|error/);
  expect(mailing.processing, mailing.processing_error ?? '').toBe('done');
  return { id, title, fields: mailing.fields };
}

type Status = { id: number; name: string; should_close: number };

/**
 * A negotiator over `mailingId` through POST /api/negotiators. Unless a multichannel link is given, a new one is
 * made with only an e-mail button, so the negotiator holds no chat channel (specs in the same run never clash on
 * "Um canal deste link já é atendido por outro negociador."). Control statuses: the demo's "Em negociação",
 * "Resolvido" and "Sem retorno do cliente" unless given.
 */
export async function createNegotiator(
  api: APIRequestContext,
  opts: {
    mailingId: number;
    name?: string;
    multichannelId?: number;
    statuses?: TNegotiatorInput['statuses'];
    body?: { bgimage: string | null; logo_image: string | null };
  },
): Promise<TNegotiator> {
  const stamp = Date.now().toString(36);
  let multichannelId = opts.multichannelId;
  if (!multichannelId) {
    const link = await json<{ id: number }>(
      await api.post('/api/multichannel', {
        data: {
          name: `Cobrança ${stamp}`,
          payload: { em: { enabled: true, email: `cobranca.${stamp}@empresademo.com.br` } },
        },
      }),
    );
    multichannelId = link.id;
  }
  let statuses = opts.statuses;
  if (!statuses) {
    const all = await json<Status[]>(await api.get('/api/statuses'));
    const byName = (name: string) => all.find((s) => s.name === name)?.id ?? null;
    statuses = {
      validate_document: byName('Em negociação'),
      emitted_invoice: byName('Resolvido'),
      not_emitted_invoice: byName('Sem retorno do cliente'),
    };
  }
  const input: TNegotiatorInput = {
    name: opts.name ?? `Negociador ${stamp}`,
    mailing_id: opts.mailingId,
    multichannel_id: multichannelId,
    statuses,
    fields: DEBT_FIELDS,
    slip: {
      beneficiary: 'Empresa Demo Cobranças Ltda',
      beneficiary_document: '11.222.333/0001-81',
      bank_code: '237',
      agency: '1234',
      account: '0012345',
      wallet: '09',
      due_days: 3,
      instructions: 'Não receber após o vencimento.',
    },
    body: opts.body ?? { bgimage: null, logo_image: null },
  };
  return json<TNegotiator>(await api.post('/api/negotiators', { data: input }));
}
