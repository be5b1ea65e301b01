// The auto-negotiator (issue 23; spec 3 §1, §3 Negotiator, §4 Negotiator, §5 Negotiator and Phrases, §6): the
// negotiator's form, its phrases with their rules, the negotiation's steps and the negotiation report.
import { zId } from './ids';
import { z } from './zod';

/** The company allow flag of the feature (metadata.allow.negotiator; settings tab 4). */
export const NEGOTIATOR_FLAG = 'negotiator';

export const NEGOTIATOR_MSG = {
  notEnabled: 'O negociador não está habilitado para esta empresa.',
  saveFailed: 'Não foi possível salvar o negociador.',
  notFound: 'Negociador não encontrado.',
  nameRequired: 'Informe o nome do negociador.',
  mailingRequired: 'Selecione o mailing.',
  mailingUnusable: 'Selecione um mailing ativo e dentro da validade.',
  multichannelRequired: 'Selecione o link multicanal.',
  whatsappRequired: 'Selecione o número de WhatsApp.',
  whatsappInvalid: 'Selecione um número de WhatsApp do link multicanal ou um canal WhatsApp Enterprise.',
  statusRequired: 'Selecione os três status de controle.',
  statusDistinct: 'Os status de controle devem ser diferentes entre si.',
  statusBot: 'Status usados pelo bot não podem ser status de controle.',
  channelTaken: 'Um canal deste link já é atendido por outro negociador.',
  fieldsRequired: 'Indique a coluna do documento, a do valor da dívida e ao menos uma oferta.',
  fieldInvalid: 'Há colunas do mailing inválidas.',
  uploadKind: 'Envie uma imagem PNG, JPG, GIF ou WEBP.',
  uploadTooLarge: 'A imagem pode ter no máximo 2 MB.',
  uploadFailed: 'Não foi possível enviar a imagem.',
  phrasesSaved: 'Frases salvas.',
  slipInvalid: 'Dados do boleto inválidos.',
} as const;

/** How the form shows a kept mailing that is no longer offered (spec 3 §5: inactive, not started, expired). */
export const MAILING_NOTE = {
  inactive: 'Mailing inativo',
  not_started: 'Mailing ainda não iniciado',
  expired: 'Mailing expirado',
} as const;
export type TMailingNote = keyof typeof MAILING_NOTE;

// ─── Phrases ────────────────────────────────────────────────────────────────────────────────────────────────────

export const PHRASE_GROUPS = ['commandprocessor', 'hotsite'] as const;
export type TPhraseGroup = (typeof PHRASE_GROUPS)[number];

export const PHRASE_GROUP_LABEL: Record<TPhraseGroup, string> = {
  commandprocessor: 'Processador de comandos',
  hotsite: 'Hotsite',
};

/**
 * The default phrases, by group and key, with a label for the editor. Square-bracket words are variables the
 * negotiation fills: [nome], [empresa], [documento], [debitos], [ofertas], [valor], [vencimento],
 * [linha_digitavel].
 */
export const DEFAULT_PHRASES = {
  commandprocessor: {
    greeting: {
      label: 'Boas-vindas',
      text: 'Olá! Sou o assistente de negociação da [empresa]. Para consultar seus débitos, digite o seu CPF ou CNPJ (somente números).',
    },
    invalid_document: {
      label: 'Documento inválido',
      text: 'O documento [documento] não é um CPF ou CNPJ válido. Confira e digite novamente.',
    },
    not_found: {
      label: 'Documento sem débitos',
      text: 'Não encontramos débitos para o documento [documento]. Confira e digite novamente.',
    },
    too_many_attempts: {
      label: 'Tentativas esgotadas',
      text: 'Não conseguimos localizar seus débitos. Encerramos esta negociação; se precisar, fale conosco novamente.',
    },
    debts: {
      label: 'Débitos encontrados',
      text: '[nome], encontramos os seguintes débitos em seu nome:\n[debitos]',
    },
    offers: {
      label: 'Ofertas',
      text: 'Escolha uma opção de pagamento respondendo com o número:\n[ofertas]\n0 - Não quero negociar agora',
    },
    invalid_option: {
      label: 'Opção inválida',
      text: 'Opção inválida. Responda com o número de uma das opções.',
    },
    slip_issued: {
      label: 'Boleto emitido',
      text: 'Pronto! Seu boleto de [valor] vence em [vencimento]. Linha digitável: [linha_digitavel]',
    },
    declined: {
      label: 'Negociação recusada',
      text: 'Tudo bem. Quando quiser negociar, é só nos chamar novamente.',
    },
  },
  hotsite: {
    title: { label: 'Título', text: 'Negocie seus débitos com a [empresa]' },
    intro: {
      label: 'Introdução',
      text: 'Consulte seus débitos e emita o boleto com desconto em poucos passos.',
    },
    document_label: { label: 'Campo do documento', text: 'CPF ou CNPJ' },
    consult_button: { label: 'Botão consultar', text: 'Consultar' },
    invalid_document: { label: 'Documento inválido', text: 'Documento inválido. Confira e tente novamente.' },
    not_found: {
      label: 'Documento sem débitos',
      text: 'Não encontramos débitos para o documento informado.',
    },
    debts_title: { label: 'Título dos débitos', text: 'Olá, [nome]. Estes são os seus débitos:' },
    offers_title: { label: 'Título das ofertas', text: 'Escolha como pagar' },
    issue_button: { label: 'Botão emitir boleto', text: 'Emitir boleto' },
    slip_issued: {
      label: 'Boleto emitido',
      text: 'Boleto emitido! Valor [valor], vencimento em [vencimento].',
    },
    download_button: { label: 'Botão baixar boleto', text: 'Baixar boleto (PDF)' },
    copy_button: { label: 'Botão copiar linha digitável', text: 'Copiar linha digitável' },
    decline_button: { label: 'Botão não negociar', text: 'Não quero negociar agora' },
    declined: { label: 'Negociação recusada', text: 'Tudo bem. Volte quando quiser negociar.' },
  },
} as const satisfies Record<TPhraseGroup, Record<string, { label: string; text: string }>>;

export type TCommandPhraseKey = keyof (typeof DEFAULT_PHRASES)['commandprocessor'];
export type THotsitePhraseKey = keyof (typeof DEFAULT_PHRASES)['hotsite'];

/** Stored phrases: only the edited ones, by group and key. */
export const ZNegotiatorPhrases = z.object({
  commandprocessor: z.record(z.string(), z.string()).default({}),
  hotsite: z.record(z.string(), z.string()).default({}),
});
export type TNegotiatorPhrases = z.infer<typeof ZNegotiatorPhrases>;

const VARIABLE_RE = /\[([^\]\s[]{1,40})\]/g;

/** The square-bracket variables of a text, in order (with repetitions). */
export function phraseVariables(text: string): string[] {
  return [...text.matchAll(VARIABLE_RE)].map((m) => `[${m[1]}]`);
}

/**
 * Checks one edited phrase against its default (spec 3 §5 Phrases): not empty; at most twice the default's
 * length (not for the command processor); only the default's variables, each at most once; a default without
 * variables accepts none. Answers the message of the first rule broken, or null.
 */
export function phraseError(group: TPhraseGroup, defaultText: string, text: string): string | null {
  if (text.trim() === '') return 'A frase não pode ficar vazia.';
  if (group !== 'commandprocessor' && text.length > defaultText.length * 2)
    return `A frase pode ter no máximo ${defaultText.length * 2} caracteres.`;
  const allowed = new Set(phraseVariables(defaultText));
  const used = phraseVariables(text);
  if (allowed.size === 0 && used.length > 0) return 'Esta frase não aceita variáveis.';
  const seen = new Set<string>();
  for (const v of used) {
    if (!allowed.has(v)) return `A variável ${v} não é permitida nesta frase.`;
    if (seen.has(v)) return `A variável ${v} só pode aparecer uma vez.`;
    seen.add(v);
  }
  return null;
}

/** Every error of a phrases payload, by "group.key" (unknown keys are errors too). */
export function phrasesErrors(phrases: TNegotiatorPhrases): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const group of PHRASE_GROUPS) {
    const defaults = DEFAULT_PHRASES[group] as Record<string, { text: string }>;
    for (const [key, text] of Object.entries(phrases[group] ?? {})) {
      const def = defaults[key];
      if (!def) {
        errors[`${group}.${key}`] = 'Frase desconhecida.';
        continue;
      }
      const err = phraseError(group, def.text, text);
      if (err) errors[`${group}.${key}`] = err;
    }
  }
  return errors;
}

/** The phrase to use: the edited one, else the default. */
export function phraseText(
  phrases: Partial<TNegotiatorPhrases> | null | undefined,
  group: TPhraseGroup,
  key: string,
): string {
  const edited = phrases?.[group]?.[key];
  if (typeof edited === 'string' && edited.trim() !== '') return edited;
  return (DEFAULT_PHRASES[group] as Record<string, { text: string }>)[key]?.text ?? '';
}

/** Fills a phrase's variables (names without brackets: { nome: 'Ana' }); unknown ones stay as written. */
export function fillPhrase(text: string, values: Record<string, string>): string {
  return text.replace(VARIABLE_RE, (whole, name: string) => values[name] ?? whole);
}

// ─── The negotiator ─────────────────────────────────────────────────────────────────────────────────────────────

const column = () => z.number().int().min(0).max(999);

/**
 * Which mailing columns (indexes of the mailing's `fields`) the negotiation reads: the document (CPF/CNPJ), the
 * debtor's name, and per row (one debt) its description, amount and due date, and up to three offers, each a
 * label and the columns of its amount and, optionally, its number of installments.
 */
export const ZNegotiatorFields = z.object({
  document: column(),
  name: column().nullable().default(null),
  debt_description: column().nullable().default(null),
  debt_amount: column(),
  debt_due_date: column().nullable().default(null),
  offers: z
    .array(
      z.object({
        label: z.string().trim().min(1).max(60),
        amount: column(),
        installments: column().nullable().default(null),
      }),
    )
    .min(1)
    .max(3),
});
export type TNegotiatorFields = z.infer<typeof ZNegotiatorFields>;

/**
 * The payment slip (boleto): the beneficiary and its Bradesco (237) account, laid out per FEBRABAN; the due date is
 * the issue date plus `due_days` (1–30).
 */
export const ZNegotiatorSlip = z.object({
  beneficiary: z.string().trim().min(1).max(120),
  beneficiary_document: z.string().trim().max(18).default(''),
  bank_code: z.literal('237').default('237'),
  agency: z.string().regex(/^\d{1,4}$/, { error: 'Agência: até 4 dígitos.' }),
  account: z.string().regex(/^\d{1,7}$/, { error: 'Conta: até 7 dígitos.' }),
  wallet: z.string().regex(/^\d{1,2}$/, { error: 'Carteira: até 2 dígitos.' }),
  due_days: z.number().int().min(1).max(30).default(3),
  instructions: z.string().trim().max(300).default(''),
});
export type TNegotiatorSlip = z.infer<typeof ZNegotiatorSlip>;

export const ZNegotiatorInput = z.object({
  name: z.string().trim().max(120),
  mailing_id: zId().nullable(),
  multichannel_id: zId().nullable(),
  whatsapp_channel_id: zId().nullable().default(null),
  statuses: z.object({
    validate_document: zId().nullable(),
    emitted_invoice: zId().nullable(),
    not_emitted_invoice: zId().nullable(),
  }),
  fields: ZNegotiatorFields,
  slip: ZNegotiatorSlip,
  body: z
    .object({
      bgimage: z.string().max(500).nullable().default(null),
      logo_image: z.string().max(500).nullable().default(null),
    })
    .default({ bgimage: null, logo_image: null }),
});
export type TNegotiatorInput = z.input<typeof ZNegotiatorInput>;

/** A negotiator as the API answers it. */
export const ZNegotiator = z.object({
  id: z.number(),
  name: z.string(),
  mailing_id: z.number(),
  mailing: z
    .object({ title: z.string(), note: z.enum(['inactive', 'not_started', 'expired']).nullable() })
    .nullable(),
  multichannel_id: z.number(),
  multichannel: z.object({ name: z.string(), hash: z.string() }).nullable(),
  whatsapp_channel_id: z.number().nullable(),
  whatsapp: z.object({ phone_number: z.string() }).nullable(),
  channel_ids: z.array(z.number()),
  statuses: z.object({
    validate_document: z.number(),
    emitted_invoice: z.number(),
    not_emitted_invoice: z.number(),
  }),
  fields: ZNegotiatorFields,
  slip: ZNegotiatorSlip,
  body: z.object({ bgimage: z.string().nullable(), logo_image: z.string().nullable() }),
  hash: z.string(),
  /** The hotsite's path: /negociar/<hash>. */
  link: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TNegotiator = z.infer<typeof ZNegotiator>;

/** Table pages (spec 3 §6: default 50; 25, 50, 100). */
export const NEGOTIATOR_PAGE_SIZES = [25, 50, 100] as const;

// ─── The negotiation ────────────────────────────────────────────────────────────────────────────────────────────

export const NEGOTIATION_SOURCES = ['chat', 'hotsite'] as const;
export type TNegotiationSource = (typeof NEGOTIATION_SOURCES)[number];

/** The steps a negotiation records as facts (negotiation.step), each counted by the negotiation report. */
export const NEGOTIATION_STEPS = [
  'started',
  'document_invalid',
  'document_not_found',
  'document_validated',
  'offer_chosen',
  'slip_issued',
  'declined',
  'failed',
] as const;
export type TNegotiationStep = (typeof NEGOTIATION_STEPS)[number];

export const NEGOTIATION_OUTCOMES = ['emitted', 'declined', 'not_found', 'abandoned'] as const;
export type TNegotiationOutcome = (typeof NEGOTIATION_OUTCOMES)[number];

export const NEGOTIATION_OUTCOME_LABEL: Record<TNegotiationOutcome | 'open', string> = {
  open: 'Em andamento',
  emitted: 'Boleto emitido',
  declined: 'Recusada',
  not_found: 'Documento não localizado',
  abandoned: 'Abandonada',
};

/** One option shown to the debtor: a debt's offer with its amount in cents. */
export const ZNegotiationOffer = z.object({
  option: z.number().int().min(1),
  label: z.string(),
  amount_cents: z.number().int().min(1),
  installments: z.number().int().min(1).max(360),
});
export type TNegotiationOffer = z.infer<typeof ZNegotiationOffer>;

/** One debt (a mailing row of the document) with its offers. */
export const ZNegotiationDebt = z.object({
  row_number: z.number().int(),
  description: z.string(),
  amount_cents: z.number().int().min(0),
  due_date: z.string().nullable(),
  offers: z.array(ZNegotiationOffer),
});
export type TNegotiationDebt = z.infer<typeof ZNegotiationDebt>;

/** The issued payment slip. */
export const ZNegotiationSlip = z.object({
  amount_cents: z.number().int().min(1),
  due_date: z.string(),
  our_number: z.string(),
  barcode: z.string().length(44),
  digitable_line: z.string(),
  offer_label: z.string(),
  installments: z.number().int(),
  file_url: z.string().nullable(),
});
export type TNegotiationSlip = z.infer<typeof ZNegotiationSlip>;

// ─── The negotiation report (/reports/negotiation) ─────────────────────────────────────────────────────────────

export const NEGOTIATION_REPORT_STATUSES = ['all', 'open', ...NEGOTIATION_OUTCOMES] as const;

export const ZNegotiationReportQuery = z.object({
  fromDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data inicial inválida.' }),
  toDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data final inválida.' }),
  status: z.enum(NEGOTIATION_REPORT_STATUSES).default('all'),
  negotiator_id: z.coerce.number().int().positive().optional(),
  exportAs: z.enum(['csv']).optional(),
});
export type TNegotiationReportQuery = z.infer<typeof ZNegotiationReportQuery>;
