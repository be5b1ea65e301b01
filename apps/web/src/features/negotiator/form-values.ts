import {
  NEGOTIATOR_MSG,
  type TNegotiator,
  type TNegotiatorInput,
  ZNegotiatorSlip,
} from '@prosa/shared/negotiator';

// The negotiator form's values (selects hold strings), their conversion to the API's input, the client checks
// (the same rules and messages as the server's) and the column guess made when a mailing is chosen.

type Id = string | null;
export type TOfferValues = { label: string; amount: Id; installments: Id };
export type TColumnKey = 'document' | 'name' | 'debt_description' | 'debt_amount' | 'debt_due_date';

export type TNegotiatorFormValues = {
  name: string;
  mailing_id: Id;
  multichannel_id: Id;
  whatsapp_channel_id: Id;
  statuses: { validate_document: Id; emitted_invoice: Id; not_emitted_invoice: Id };
  fields: Record<TColumnKey, Id> & { offers: TOfferValues[] };
  slip: {
    beneficiary: string;
    beneficiary_document: string;
    agency: string;
    account: string;
    wallet: string;
    due_days: number;
    instructions: string;
  };
  body: { bgimage: string | null; logo_image: string | null };
};

export const emptyOffer = (label = ''): TOfferValues => ({ label, amount: null, installments: null });

export const EMPTY_VALUES: TNegotiatorFormValues = {
  name: '',
  mailing_id: null,
  multichannel_id: null,
  whatsapp_channel_id: null,
  statuses: { validate_document: null, emitted_invoice: null, not_emitted_invoice: null },
  fields: {
    document: null,
    name: null,
    debt_description: null,
    debt_amount: null,
    debt_due_date: null,
    offers: [emptyOffer('À vista')],
  },
  slip: {
    beneficiary: '',
    beneficiary_document: '',
    agency: '',
    account: '',
    wallet: '',
    due_days: 3,
    instructions: '',
  },
  body: { bgimage: null, logo_image: null },
};

const s = (n: number | null) => (n === null ? null : String(n));
const n = (v: Id) => (v === null || v === '' ? null : Number(v));

export function valuesOf(x: TNegotiator): TNegotiatorFormValues {
  return {
    name: x.name,
    mailing_id: s(x.mailing_id),
    multichannel_id: s(x.multichannel_id),
    whatsapp_channel_id: s(x.whatsapp_channel_id),
    statuses: {
      validate_document: s(x.statuses.validate_document),
      emitted_invoice: s(x.statuses.emitted_invoice),
      not_emitted_invoice: s(x.statuses.not_emitted_invoice),
    },
    fields: {
      document: s(x.fields.document),
      name: s(x.fields.name),
      debt_description: s(x.fields.debt_description),
      debt_amount: s(x.fields.debt_amount),
      debt_due_date: s(x.fields.debt_due_date),
      offers: x.fields.offers.map((o) => ({
        label: o.label,
        amount: s(o.amount),
        installments: s(o.installments),
      })),
    },
    slip: {
      beneficiary: x.slip.beneficiary,
      beneficiary_document: x.slip.beneficiary_document,
      agency: x.slip.agency,
      account: x.slip.account,
      wallet: x.slip.wallet,
      due_days: x.slip.due_days,
      instructions: x.slip.instructions,
    },
    body: { ...x.body },
  };
}

export function inputOf(v: TNegotiatorFormValues): TNegotiatorInput {
  return {
    name: v.name,
    mailing_id: n(v.mailing_id),
    multichannel_id: n(v.multichannel_id),
    whatsapp_channel_id: n(v.whatsapp_channel_id),
    statuses: {
      validate_document: n(v.statuses.validate_document),
      emitted_invoice: n(v.statuses.emitted_invoice),
      not_emitted_invoice: n(v.statuses.not_emitted_invoice),
    },
    fields: {
      document: n(v.fields.document) ?? -1,
      name: n(v.fields.name),
      debt_description: n(v.fields.debt_description),
      debt_amount: n(v.fields.debt_amount) ?? -1,
      debt_due_date: n(v.fields.debt_due_date),
      offers: v.fields.offers.map((o) => ({
        label: o.label,
        amount: n(o.amount) ?? -1,
        installments: n(o.installments),
      })),
    },
    slip: { ...v.slip, bank_code: '237' },
    body: v.body,
  };
}

/** The form's checks, field by field, with the server's messages (the server checks again). */
export function validateNegotiator(
  v: TNegotiatorFormValues,
  linkHasNumbers: boolean,
): Record<string, string> {
  const e: Record<string, string> = {};
  if (v.name.trim() === '') e.name = NEGOTIATOR_MSG.nameRequired;
  if (!v.mailing_id) e.mailing_id = NEGOTIATOR_MSG.mailingRequired;
  if (!v.multichannel_id) e.multichannel_id = NEGOTIATOR_MSG.multichannelRequired;
  if (linkHasNumbers && !v.whatsapp_channel_id) e.whatsapp_channel_id = NEGOTIATOR_MSG.whatsappRequired;
  const st = v.statuses;
  for (const key of ['validate_document', 'emitted_invoice', 'not_emitted_invoice'] as const)
    if (!st[key]) e[`statuses.${key}`] = NEGOTIATOR_MSG.statusRequired;
  if (st.validate_document && st.validate_document === st.emitted_invoice)
    e['statuses.emitted_invoice'] = NEGOTIATOR_MSG.statusDistinct;
  if (st.not_emitted_invoice && [st.validate_document, st.emitted_invoice].includes(st.not_emitted_invoice))
    e['statuses.not_emitted_invoice'] = NEGOTIATOR_MSG.statusDistinct;
  if (!v.fields.document) e['fields.document'] = NEGOTIATOR_MSG.fieldsRequired;
  if (!v.fields.debt_amount) e['fields.debt_amount'] = NEGOTIATOR_MSG.fieldsRequired;
  v.fields.offers.forEach((o, i) => {
    if (o.label.trim() === '') e[`fields.offers.${i}.label`] = 'Informe o nome da oferta.';
    if (!o.amount) e[`fields.offers.${i}.amount`] = 'Selecione a coluna do valor da oferta.';
  });
  const slip = ZNegotiatorSlip.safeParse(v.slip);
  if (!slip.success)
    for (const issue of slip.error.issues) {
      const path = `slip.${issue.path.map(String).join('.')}`;
      if (!(path in e)) e[path] = issue.message;
    }
  if (v.slip.beneficiary.trim() === '') e['slip.beneficiary'] = 'Informe o beneficiário.';
  return e;
}

const norm = (t: string) =>
  t
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const GUESS: [TColumnKey, RegExp][] = [
  ['document', /cpf|cnpj|documento/],
  ['name', /nome/],
  ['debt_description', /descricao|contrato/],
  ['debt_amount', /valor/],
  ['debt_due_date', /vencimento/],
];

/** The columns whose header looks like cpf/cnpj/documento, nome, descricao/contrato, valor, vencimento. */
export function guessColumns(header: string[]): Record<TColumnKey, Id> {
  const out = {
    document: null,
    name: null,
    debt_description: null,
    debt_amount: null,
    debt_due_date: null,
  } as Record<TColumnKey, Id>;
  for (const [key, re] of GUESS) {
    const i = header.findIndex((h) => re.test(norm(h)));
    out[key] = i >= 0 ? String(i) : null;
  }
  return out;
}
