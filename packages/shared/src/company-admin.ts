// Company administration (spec 2 §3 Company, §5, §7 Companies, §8, §9): texts, plans, timezones and the
// zod schemas shared by the server routes and the web forms. Contracts are in contract.ts.
import { brDateToIso } from './dates';
import { zId, zInt4Param, zPage } from './ids';
import { MSG } from './messages';
import { z } from './zod';

export const COMPANY_MSG = {
  loadError: 'Erro ao carregar as informações.',
  nameRequired: 'Nome é obrigatório',
  domainRequired: 'Domínio é obrigatório',
  organizationRequired: 'Organização é obrigatório',
  planRequired: 'Plano é obrigatório',
  created: 'Empresa criada com sucesso!',
  updated: MSG.companyUpdated,
  inactivationDateRequired: 'Favor informar uma data de inativação.',
  cannotInactivateOwn: 'Não é possível inativar a empresa à qual você pertence.',
  statusUpdated: 'Status da empresa alterado com sucesso!',
  timezoneInvalid: 'Selecione um fuso horário da lista.',
  addressStreetRequired: 'Logradouro é obrigatório',
  cepInvalid: 'O CEP deve ter 8 dígitos.',
  responsibleNameRequired: 'Nome do responsável é obrigatório',
  emailInvalid: 'Informe um e-mail válido.',
  phoneInvalid: 'Informe um telefone válido: (99) 99999-9999.',
  metadataKeyRequired: 'Informe a chave do metadado.',
  metadataKeyDuplicate: 'Já existe um metadado com esta chave.',
  // White-label uploads (spec 2 §8, §9: upload max 2MB).
  uploadTooLarge: 'Tamanho máximo 2MB excedido!',
  uploadInvalid: 'Arquivo inválido! Envie uma imagem PNG, JPG, GIF ou BMP.',
  uploadError: 'Erro ao realizar upload da foto.',
  uploaded: 'Imagem enviada com sucesso!',
  imageRemoved: 'Imagem removida com sucesso!',
} as const;

export const WHITE_LABEL_MAX_BYTES = 2 * 1024 * 1024;
export const WHITE_LABEL_KEYS = ['logo', 'logo_login', 'default_image'] as const;
export type TWhiteLabelKey = (typeof WHITE_LABEL_KEYS)[number];
export const WHITE_LABEL_LABEL: Record<TWhiteLabelKey, string> = {
  logo: 'Logo',
  logo_login: 'Logo da tela de login',
  default_image: 'Imagem padrão',
};

export const PLANS = [
  { id: 1, name: 'Essencial' },
  { id: 2, name: 'Profissional' },
  { id: 3, name: 'Enterprise' },
] as const;

export function planName(id: number | null): string | null {
  return PLANS.find((p) => p.id === id)?.name ?? null;
}

// Brazilian zones (plus UTC) the company's clock can follow; dates on screens and reports use it.
export const TIMEZONES = [
  { value: 'America/Sao_Paulo', label: 'Brasília, São Paulo (UTC−03:00)' },
  { value: 'America/Bahia', label: 'Salvador (UTC−03:00)' },
  { value: 'America/Fortaleza', label: 'Fortaleza (UTC−03:00)' },
  { value: 'America/Recife', label: 'Recife (UTC−03:00)' },
  { value: 'America/Maceio', label: 'Maceió (UTC−03:00)' },
  { value: 'America/Belem', label: 'Belém (UTC−03:00)' },
  { value: 'America/Santarem', label: 'Santarém (UTC−03:00)' },
  { value: 'America/Araguaina', label: 'Araguaína (UTC−03:00)' },
  { value: 'America/Manaus', label: 'Manaus (UTC−04:00)' },
  { value: 'America/Cuiaba', label: 'Cuiabá (UTC−04:00)' },
  { value: 'America/Campo_Grande', label: 'Campo Grande (UTC−04:00)' },
  { value: 'America/Porto_Velho', label: 'Porto Velho (UTC−04:00)' },
  { value: 'America/Boa_Vista', label: 'Boa Vista (UTC−04:00)' },
  { value: 'America/Rio_Branco', label: 'Rio Branco (UTC−05:00)' },
  { value: 'America/Noronha', label: 'Fernando de Noronha (UTC−02:00)' },
  { value: 'UTC', label: 'UTC (UTC±00:00)' },
] as const;

export const isTimezone = (value: string) => TIMEZONES.some((t) => t.value === value);

/** Phone as stored: digits only for Brazil (DDI 55, 10–11 digits); '+' and digits for other countries. */
export function normalizePhone(value: string): string {
  const trimmed = value.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (!trimmed.startsWith('+')) return digits;
  return digits.startsWith('55') ? digits.slice(2) : `+${digits}`;
}

export function isValidPhone(value: string): boolean {
  return value === '' || /^\d{10,11}$/.test(value) || /^\+\d{8,15}$/.test(value);
}

/** The (99) 99999-9999 mask of DDI 55 (spec 2 §5), applied while typing; 10 digits give (99) 9999-9999. */
export function formatPhoneBr(value: string): string {
  if (value.trim().startsWith('+')) return `+${value.replace(/\D/g, '').slice(0, 15)}`;
  const d = value.replace(/\D/g, '').slice(0, 11);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  if (d.length <= 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const requiredText = (message: string, max = 120) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max);
const optionalText = (max: number) => z.string().trim().max(max).default('');

export const ZPlanId = zId(COMPANY_MSG.planRequired).refine((id) => planName(id) !== null, {
  error: COMPANY_MSG.planRequired,
});

export const ZTimezone = z
  .string({ error: COMPANY_MSG.timezoneInvalid })
  .refine(isTimezone, { error: COMPANY_MSG.timezoneInvalid });

const ZPhone = z
  .string()
  .max(40)
  .transform(normalizePhone)
  .refine(isValidPhone, { error: COMPANY_MSG.phoneInvalid })
  .default('');

export const ZCompanyAddress = z.object({
  tipo: optionalText(40),
  logradouro: requiredText(COMPANY_MSG.addressStreetRequired, 200),
  numero: optionalText(20),
  bairro: optionalText(120),
  cep: z
    .string()
    .max(20)
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => v === '' || v.length === 8, { error: COMPANY_MSG.cepInvalid })
    .default(''),
  cidade: optionalText(120),
  observacao: optionalText(500),
});

export const ZCompanyResponsible = z.object({
  nome: requiredText(COMPANY_MSG.responsibleNameRequired),
  email: z
    .string()
    .trim()
    .max(200)
    .refine((v) => v === '' || EMAIL_RE.test(v), { error: COMPANY_MSG.emailInvalid })
    .default(''),
  celular: ZPhone,
  titulo: optionalText(80),
  telefone: ZPhone,
});

export const ZCustomMetadata = z
  .array(
    z.object({
      key: requiredText(COMPANY_MSG.metadataKeyRequired, 80),
      value: z.string().max(2000).default(''),
    }),
  )
  .max(200)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((item, i) => {
      const key = item.key.trim().toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', message: COMPANY_MSG.metadataKeyDuplicate, path: [i, 'key'] });
      seen.add(key);
    });
  });

export const ZCreateCompanyInput = z.object({
  name: requiredText(COMPANY_MSG.nameRequired),
  domain: requiredText(COMPANY_MSG.domainRequired),
  organization: requiredText(COMPANY_MSG.organizationRequired),
  plan_id: ZPlanId,
  view_data: z.object({ title: z.string().trim().max(120).optional() }).optional(),
});
export type TCreateCompanyInput = z.input<typeof ZCreateCompanyInput>;

export const ZUpdateCompanyInput = z.object({
  name: requiredText(COMPANY_MSG.nameRequired).optional(),
  domain: requiredText(COMPANY_MSG.domainRequired).optional(),
  organization: requiredText(COMPANY_MSG.organizationRequired).optional(),
  plan_id: ZPlanId.optional(),
  addresses: z.array(ZCompanyAddress).max(20).optional(),
  responsibles: z.array(ZCompanyResponsible).max(20).optional(),
  timezone: ZTimezone.optional(),
  view_data: z.object({ title: z.string().trim().max(120) }).optional(),
  custom_metadata: ZCustomMetadata.optional(),
});
export type TUpdateCompanyInput = z.input<typeof ZUpdateCompanyInput>;

export const ZCompanyStatusInput = z
  .object({
    status_id: z.union([z.literal(1), z.literal(2)]),
    // DD/MM/YYYY (spec 2 §7: edit inactive sends status_id and inactive_since_change).
    inactive_since_change: z.string().max(20).nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.status_id === 2 && !brDateToIso(value.inactive_since_change ?? '')) {
      ctx.addIssue({
        code: 'custom',
        message: COMPANY_MSG.inactivationDateRequired,
        path: ['inactive_since_change'],
      });
    }
  });
export type TCompanyStatusInput = z.input<typeof ZCompanyStatusInput>;

export const ZCompanyListQuery = z.object({
  page: zPage(),
  per_page: zInt4Param({ min: 1, max: 100 }).default(25),
  search: z.string().trim().max(120).optional(),
});

export const ZCompanyListItem = z.object({
  id: z.number(),
  name: z.string(),
  domain: z.string(),
  organization: z.string(),
  plan_id: z.number().nullable(),
  plan_name: z.string().nullable(),
  status_id: z.number(),
  /** ISO instant; shown DD/MM/YYYY. */
  inactive_since: z.string().nullable(),
  created_at: z.string(),
});
export type TCompanyListItem = z.infer<typeof ZCompanyListItem>;

export const ZCompanyList = z.object({
  items: z.array(ZCompanyListItem),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type TCompanyList = z.infer<typeof ZCompanyList>;

const ZAddressOut = z.object({
  tipo: z.string(),
  logradouro: z.string(),
  numero: z.string(),
  bairro: z.string(),
  cep: z.string(),
  cidade: z.string(),
  observacao: z.string(),
});
const ZResponsibleOut = z.object({
  nome: z.string(),
  email: z.string(),
  celular: z.string(),
  titulo: z.string(),
  telefone: z.string(),
});

export const ZCompanyDetail = z.object({
  id: z.number(),
  name: z.string(),
  domain: z.string(),
  organization: z.string(),
  plan_id: z.number().nullable(),
  plan_name: z.string().nullable(),
  timezone: z.string(),
  status_id: z.number(),
  inactive_since: z.string().nullable(),
  addresses: z.array(ZAddressOut),
  responsibles: z.array(ZResponsibleOut),
  view_data: z.object({ title: z.string(), logo: z.string().nullable(), logo_login: z.string().nullable() }),
  default_image: z.string().nullable(),
  custom_metadata: z.array(z.object({ key: z.string(), value: z.string() })),
  created_at: z.string(),
});
export type TCompanyDetail = z.infer<typeof ZCompanyDetail>;

export const ZIdName = z.object({ id: z.number(), name: z.string() });
export const ZTimezoneOption = z.object({ value: z.string(), label: z.string() });
