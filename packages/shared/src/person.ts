// Contact (person) records (spec 1 §2 person modal; spec 3 §3 Person, §5 Contacts, §8 Contacts, §9).
import { isValidCnpj, isValidCpf, isValidEmail, onlyDigits } from './documents';
import { zPage } from './ids';
import { z } from './zod';

export const PERSON_MSG = {
  needEmailOrPhone: 'É obrigatório ter ao menos um E-mail ou Telefone',
  cpfUsed: 'CPF já utilizado',
  cpfInvalid: 'CPF inválido.',
  cnpjInvalid: 'CNPJ inválido.',
  emailInvalid: 'E-mail inválido.',
  phoneInvalid: 'Telefone inválido.',
  maxEmails: 'Informe no máximo 5 e-mails.',
  maxPhones: 'Informe no máximo 5 telefones.',
  nameRequired: 'Nome é obrigatório',
  nameBlocked: 'Esse nome não pode ser salvo.',
  birthDateInvalid: 'Data de nascimento inválida.',
  saveError: 'Erro ao salvar informações do contato.',
  loadError: 'Erro ao carregar informações do Contato',
  /** Spec 1 §8: the attendance's person record is gone. */
  noContact: 'Não existe um contato relacionado ao atendimento',
  mergeError: 'Erro ao mesclar informações.',
  merged: 'Contato mesclado com sucesso.',
  saved: 'Contato alterado com sucesso.',
  noPhone: 'Contato não tem número de telefone cadastrado.',
  searchTooShort: 'Informe ao menos 3 caracteres para buscar.',
  startBeforeCompany: 'A data inicial não pode ser anterior à criação da empresa.',
  csvRequired: 'Selecione um arquivo .csv',
  mergeSame: 'Selecione outro contato para mesclar.',
  channelRequired: 'O canal não foi inserido',
  csvMissing: 'O arquivo .csv não foi inserido',
  ddiInvalid: 'DDI inválido.',
} as const;

export const PERSON_PAGE_SIZE = 25;
export const PERSON_IMPORT_CHUNK = 300;
export const PERSON_MAX_ITEMS = 5;
export const PERSON_SEARCH_MIN = 3;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : null));

/** A value as an operator sees it when viewphone/viewemail hide it ("*******5678", "p****@x.com"). */
export function isMasked(value: string): boolean {
  return value.includes('*');
}

export const ZPersonPhone = z.object({
  // Masked numbers pass as they are: the server keeps the stored ones for whoever sees them masked.
  phone: z
    .string()
    .transform((v) => (isMasked(v) ? v : onlyDigits(v)))
    .refine((d) => isMasked(d) || (d.length >= 8 && d.length <= 15), { error: PERSON_MSG.phoneInvalid }),
  is_whatsapp: z.boolean().default(false),
});

export const ZPersonInput = z
  .object({
    name: z
      .string({ error: PERSON_MSG.nameRequired })
      .trim()
      .min(1, { error: PERSON_MSG.nameRequired })
      .max(200),
    edited_name: optionalText(200),
    cpf: z
      .string()
      .optional()
      .transform((v) => (v ? onlyDigits(v) : null))
      .refine((v) => v === null || isValidCpf(v), { error: PERSON_MSG.cpfInvalid }),
    cnpj: z
      .string()
      .optional()
      .transform((v) => (v ? onlyDigits(v) : null))
      .refine((v) => v === null || isValidCnpj(v), { error: PERSON_MSG.cnpjInvalid }),
    rg: optionalText(30),
    birth_date: z
      .string()
      .optional()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || isIsoDate(v), { error: PERSON_MSG.birthDateInvalid }),
    job_title: optionalText(120),
    company_name: optionalText(200),
    tags: z.array(z.string().trim().min(1).max(50)).max(30).default([]),
    emails: z
      .array(
        z
          .string()
          .trim()
          .refine((v) => isMasked(v) || isValidEmail(v), { error: PERSON_MSG.emailInvalid }),
      )
      .max(PERSON_MAX_ITEMS, { error: PERSON_MSG.maxEmails })
      .default([]),
    phones: z.array(ZPersonPhone).max(PERSON_MAX_ITEMS, { error: PERSON_MSG.maxPhones }).default([]),
  })
  .refine((p) => p.emails.length > 0 || p.phones.length > 0, {
    error: PERSON_MSG.needEmailOrPhone,
    path: ['emails'],
  });
export type TPersonInput = z.input<typeof ZPersonInput>;
export type TPersonData = z.output<typeof ZPersonInput>;

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value && value >= '1900-01-01';
}

/** Masks for operators when viewphone / viewemail are set (spec 3 §6). */
export function maskPhone(phone: string): string {
  const d = onlyDigits(phone);
  if (d.length <= 4) return '*'.repeat(d.length);
  return `${'*'.repeat(d.length - 4)}${d.slice(-4)}`;
}

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const keep = local.slice(0, 1);
  return `${keep}${'*'.repeat(Math.max(local.length - 1, 3))}@${domain}`;
}

/** List filters; a text search needs at least 3 characters. */
export const ZPersonFilters = z.object({
  page: zPage(),
  name: z.string().trim().max(200).optional(),
  editedName: z.string().trim().max(200).optional(),
  email: z.string().trim().max(200).optional(),
  cpf: z.string().trim().max(20).optional(),
  phone: z.string().trim().max(20).optional(),
  // The phones' country code (1 to 4 digits); a number of up to 11 digits is Brazilian (55).
  phoneDdi: z
    .string()
    .trim()
    .regex(/^\+?\d{0,4}$/, { error: PERSON_MSG.ddiInvalid })
    .optional(),
  tags: z.string().trim().max(200).optional(),
  // YYYY-MM-DD (or empty): a five-digit year would run past the dates JavaScript and PostgreSQL share.
  dateStart: z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, { error: 'Data inicial inválida.' })
    .optional(),
  dateEnd: z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, { error: 'Data final inválida.' })
    .optional(),
});
export type TPersonFilters = z.infer<typeof ZPersonFilters>;

export function searchTermError(f: TPersonFilters): string | null {
  for (const v of [f.name, f.editedName, f.email, f.cpf, f.phone, f.tags]) {
    if (v && v.length > 0 && v.length < PERSON_SEARCH_MIN) return PERSON_MSG.searchTooShort;
  }
  return null;
}

/** Union of two lists (the merge keeps every e-mail and phone), capped at the limit, the kept person's first. */
export function mergeLists<T>(keep: T[], from: T[], key: (v: T) => string, max = PERSON_MAX_ITEMS): T[] {
  const seen = new Set(keep.map(key));
  const out = [...keep];
  for (const v of from) {
    if (out.length >= max) break;
    if (!seen.has(key(v))) {
      seen.add(key(v));
      out.push(v);
    }
  }
  return out;
}

/** A contact record as the server answers it (masked where the caller may not see phones or e-mails). */
export const ZPersonView = z.object({
  id: z.number(),
  name: z.string(),
  edited_name: z.string().nullable(),
  cpf: z.string().nullable(),
  cnpj: z.string().nullable(),
  rg: z.string().nullable(),
  birth_date: z.string().nullable(),
  job_title: z.string().nullable(),
  company_name: z.string().nullable(),
  tags: z.array(z.string()),
  emails: z.array(z.string()),
  phones: z.array(z.object({ phone: z.string(), is_whatsapp: z.boolean() })),
  masked: z.object({ phone: z.boolean(), email: z.boolean() }),
  channel_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TPersonView = z.infer<typeof ZPersonView>;

/** A channel contact of the person (one per channel identity). */
export const ZPersonChannel = z.object({
  id: z.number(),
  kind: z.string(),
  channel_id: z.number(),
  name: z.string(),
});
export type TPersonChannel = z.infer<typeof ZPersonChannel>;

export const ZPersonDetail = ZPersonView.extend({ channels: z.array(ZPersonChannel) });
export type TPersonDetail = z.infer<typeof ZPersonDetail>;

/** GET /persons: a page of contacts. */
export const ZPersonPage = z.object({
  items: z.array(ZPersonView),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});

/** One entry of a contact's change log. */
export const ZPersonChange = z.object({
  id: z.number(),
  kind: z.string(),
  user_name: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});

/**
 * Channel kinds a contact import can bind to: the ones whose contacts are known by a phone or an e-mail, which
 * an imported row carries.
 */
export const PERSON_IMPORT_PHONE_KINDS = ['waent', 'waweb', 'sms', 'smsn', 'smart'] as const;
export const PERSON_IMPORT_EMAIL_KINDS = ['em'] as const;

/** A channel offered by the import modal. */
export const ZPersonImportChannel = z.object({ id: z.number(), name: z.string(), kind: z.string() });
export type TPersonImportChannel = z.infer<typeof ZPersonImportChannel>;

/**
 * POST /persons/import: how many lines came, how many were imported, how many got a contact on the chosen
 * channel, and each refused line with its reason.
 */
export const ZPersonImportResult = z.object({
  total: z.number(),
  imported: z.number(),
  linked: z.number(),
  failed: z.array(z.object({ line: z.number(), message: z.string() })),
});
export type TPersonImportResult = z.infer<typeof ZPersonImportResult>;
