import { formatCnpj, isValidCnpj, onlyDigits } from './documents';
import { zId, zPage } from './ids';
import { z } from './zod';

// Organizations (issue 21; spec 3 §3 Organization, §5, §7, §8): a name and a CNPJ grouping companies, kept by the
// installation's admins. The CNPJ check is the one of the contacts (documents.ts).

export const ORGANIZATION_MSG = {
  nameRequired: 'O campo Nome é obrigatório',
  cnpjRequired: 'O campo CNPJ é obrigatório',
  cnpjInvalid: 'CNPJ inválido.',
  cnpjTaken: 'Já existe uma organização com este CNPJ.',
  deleteError: 'Erro ao excluir a organização.',
  notFound: 'Organização não encontrada.',
  companyNotFound: 'Empresa não encontrada.',
  loadError: 'Não foi possível carregar as organizações.',
  saveError: 'Não foi possível salvar a organização.',
  saved: 'Organização salva com sucesso.',
  deleted: 'Organização excluída com sucesso.',
} as const;

/** Page sizes of the list (spec 3: paged list with total). */
export const ORGANIZATION_PAGE_SIZES = [10, 25] as const;

/** The CNPJ as typed (masked or not) → its 14 digits when they are a valid CNPJ, else null. */
export function normalizeCnpj(value: string): string | null {
  const digits = onlyDigits(value);
  return isValidCnpj(digits) ? digits : null;
}

/** 14 digits → 00.000.000/0000-00 (anything else as given). */
export const maskCnpj = formatCnpj;

export const ZOrganizationListQuery = z.object({
  searchTerm: z.string().trim().max(255).optional(),
  page: zPage(),
  per_page: z.coerce
    .number()
    .refine((n) => (ORGANIZATION_PAGE_SIZES as readonly number[]).includes(n), {
      error: 'Tamanho de página inválido.',
    })
    .default(10),
});

export const ZOrganizationInput = z.object({
  id: zId(ORGANIZATION_MSG.notFound).optional(),
  name: z
    .string({ error: ORGANIZATION_MSG.nameRequired })
    .trim()
    .min(1, { error: ORGANIZATION_MSG.nameRequired })
    .max(255, { error: 'O nome deve ter no máximo 255 caracteres.' }),
  cnpj: z
    .string({ error: ORGANIZATION_MSG.cnpjRequired })
    .trim()
    .min(1, { error: ORGANIZATION_MSG.cnpjRequired })
    .max(30, { error: ORGANIZATION_MSG.cnpjInvalid })
    .refine((v) => normalizeCnpj(v) !== null, { error: ORGANIZATION_MSG.cnpjInvalid })
    .transform((v) => onlyDigits(v)),
  company_ids: z.array(zId(ORGANIZATION_MSG.companyNotFound)).max(500).default([]),
});
export type TOrganizationInput = z.input<typeof ZOrganizationInput>;

export const ZOrganizationCompany = z.object({ id: z.number(), name: z.string() });
export type TOrganizationCompany = z.infer<typeof ZOrganizationCompany>;

export const ZOrganization = z.object({
  id: z.number(),
  name: z.string(),
  /** 14 digits; the screens mask it (maskCnpj). */
  cnpj: z.string(),
  companies: z.array(ZOrganizationCompany),
  created_at: z.string(),
});
export type TOrganization = z.infer<typeof ZOrganization>;

export const ZOrganizationPage = z.object({
  items: z.array(ZOrganization),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});

export const ZOrganizationSaved = z.object({ message: z.string(), organization: ZOrganization });
export const ZOrganizationMessage = z.object({ message: z.string() });

export const ZOrganizationCompanySearch = z.object({ term: z.string().trim().max(255).optional() });
