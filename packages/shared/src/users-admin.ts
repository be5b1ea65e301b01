// Users, profiles and signatures of the administration area (spec 2 §3, §5, §7): texts, payloads and the
// field rules shared by the user modal, the server and the CSV import.
import { ZPassword } from './auth';
import { INT4_MAX, zId, zInt4, zInt4Param, zPage } from './ids';
import { MSG } from './messages';
import { ROLE, roleLabel } from './roles';
import { z } from './zod';

export const USER_MSG = {
  nameRequired: 'Nome é obrigatório',
  emailRequired: 'E-mail é obrigatório',
  emailInvalid: 'E-mail inválido.',
  emailTaken: 'E-mail já cadastrado.',
  displayNameRequired: 'Nome de exibição é obrigatório',
  passwordRequired: 'Senha é obrigatório',
  genderRequired: 'Gênero é obrigatório',
  roleRequired: 'Função é obrigatório',
  roleInvalid: 'Função inválida.',
  roleNotAllowed: 'Você não pode atribuir uma função acima da sua.',
  sectorInvalid: 'Setor inválido.',
  profileInvalid: 'Perfil inválido.',
  inactivationDate: 'Favor informar uma data de inativação.',
  inactiveOnline: 'Usuário inativo, não é possível alterar status para on-line.',
  created: 'Usuário cadastrado com sucesso!',
  updated: 'Usuário atualizado com sucesso!',
  sectorsSaved: 'Setores do usuário atualizados com sucesso!',
  inactivated: 'Usuário inativado com sucesso!',
  activated: 'Usuário reativado com sucesso!',
  loadError: 'Erro ao carregar os usuários.',
  notFoundByEmail: 'Nenhum usuário encontrado com este e-mail.',
} as const;

export const SIGNATURE_MSG = {
  labelRequired: 'Descrição é obrigatória',
  sectorRequired: 'Setor é obrigatório',
  saved: 'Assinatura salva com sucesso!',
  removed: 'Assinatura removida com sucesso!',
  loadError: 'Erro ao carregar as assinaturas.',
} as const;

export const PROFILE_MSG = {
  nameRequired: 'Nome é obrigatório',
  nameTaken: 'Já existe um perfil com este nome.',
  saved: 'Perfil salvo com sucesso!',
  removed: 'Perfil removido com sucesso!',
  loadError: 'Erro ao carregar os perfis.',
} as const;

export const GENDERS = ['male', 'female'] as const;
export type TGender = (typeof GENDERS)[number];
export const GENDER_LABEL: Record<TGender, string> = { male: 'Masculino', female: 'Feminino' };

const KNOWN_ROLES: number[] = Object.values(ROLE);

/** The roles a caller may give: their own and those below it (spec 2 §6). */
export function assignableRoles(callerRole: number): { value: number; label: string }[] {
  return KNOWN_ROLES.filter((r) => r <= callerRole).map((r) => ({ value: r, label: roleLabel(r) }));
}

/** Lower-case text without accents and outer spaces, so "Comércio " matches "comercio". */
export function foldText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

const ZEmailFormat = z.email();

export function isEmail(value: string): boolean {
  return ZEmailFormat.safeParse(value.trim()).success;
}

export type TUserFields = {
  name?: string | null;
  email?: string | null;
  display_name?: string | null;
  password?: string | null;
  gender?: string | null;
  role?: number | null;
};

export type TFieldMessage = { field: keyof TUserFields; message: string };

/**
 * Every problem of a user's fields, in the order of the form (spec 2 §5 "User save"). An empty display
 * name is fine while the name is there: it defaults to the name. The password is required only on creation;
 * when given it must follow the password policy.
 */
export function userFieldMessages(v: TUserFields, opts: { creating: boolean }): TFieldMessage[] {
  const out: TFieldMessage[] = [];
  const name = (v.name ?? '').trim();
  const email = (v.email ?? '').trim();
  const display = (v.display_name ?? '').trim();
  const password = v.password ?? '';
  if (!name) out.push({ field: 'name', message: USER_MSG.nameRequired });
  if (!email) out.push({ field: 'email', message: USER_MSG.emailRequired });
  else if (!isEmail(email)) out.push({ field: 'email', message: USER_MSG.emailInvalid });
  if (!display && !name) out.push({ field: 'display_name', message: USER_MSG.displayNameRequired });
  if (!password && opts.creating) out.push({ field: 'password', message: USER_MSG.passwordRequired });
  else if (password && !ZPassword.safeParse(password).success)
    out.push({ field: 'password', message: MSG.passwordPolicy });
  if (!GENDERS.includes(v.gender as TGender)) out.push({ field: 'gender', message: USER_MSG.genderRequired });
  if (v.role === null || v.role === undefined) out.push({ field: 'role', message: USER_MSG.roleRequired });
  else if (!KNOWN_ROLES.includes(v.role)) out.push({ field: 'role', message: USER_MSG.roleInvalid });
  return out;
}

const ids = z.array(zId()).max(500);

const ZUserFieldsBase = z.object({
  name: z.string().max(120).nullish(),
  email: z.string().max(254).nullish(),
  display_name: z.string().max(120).nullish(),
  password: z.string().max(128).nullish(),
  gender: z.string().max(20).nullish(),
  // Unknown roles reach the rule above, which answers them with its own text.
  role: zInt4({ min: -INT4_MAX }).nullish(),
  profile_id: zId().nullish(),
  sectors: ids.optional(),
  transfer_sectors: ids.optional(),
  // Spec 3 §6 allow_billing_access: a manager may open Faturas; only admins change it (others' value is ignored).
  allow_billing_access: z.boolean().optional(),
  // Spec 2 §6 CRM permission (view/edit; write implies view); omitted leaves it as it is.
  crm: z.object({ view: z.boolean(), edit: z.boolean() }).optional(),
});

function withFieldRules(creating: boolean) {
  return ZUserFieldsBase.superRefine((v, ctx) => {
    for (const m of userFieldMessages(v, { creating })) {
      ctx.addIssue({ code: 'custom', message: m.message, path: [m.field] });
    }
  });
}

/** POST /users: creation needs a password. */
export const ZUserCreateInput = withFieldRules(true);
/** PATCH /users/{id}: an empty password keeps the current one. */
export const ZUserUpdateInput = withFieldRules(false);
export type TUserInput = z.infer<typeof ZUserFieldsBase>;

export type TUserClean = {
  name: string;
  email: string;
  display_name: string;
  password: string | null;
  gender: TGender;
  role: number;
  profile_id: number | null;
  sectors: number[];
  transfer_sectors: number[];
};

/** The stored form of valid input: trimmed, e-mail in lower case, display name defaulting to the name. */
export function cleanUserInput(v: TUserInput): TUserClean {
  const name = (v.name ?? '').trim();
  return {
    name,
    email: (v.email ?? '').trim().toLowerCase(),
    display_name: (v.display_name ?? '').trim() || name,
    password: v.password ? v.password : null,
    gender: (v.gender ?? 'male') as TGender,
    role: v.role ?? ROLE.operator,
    profile_id: v.profile_id ?? null,
    sectors: [...new Set(v.sectors ?? [])],
    transfer_sectors: [...new Set(v.transfer_sectors ?? [])],
  };
}

export const ZUserSectorsInput = z.object({ sectors: ids, transfer: ids.optional() });

export const ZInactivateInput = z.object({
  inactive_since: z
    .string({ error: USER_MSG.inactivationDate })
    .max(20, { error: USER_MSG.inactivationDate })
    .regex(/^\d{2}\/\d{2}\/\d{4}$/, { error: USER_MSG.inactivationDate }),
});

export const ZOperatorStatusInput = z.object({
  status: z.enum(['online', 'offline'], { error: 'Status inválido.' }),
});

export const ZUserListQuery = z.object({
  search: z.string().max(120).optional(),
  page: zPage(),
  per_page: zInt4Param({ min: 1, max: 100 }).default(25),
});

export const ZUserListItemAdmin = z.object({
  id: z.number(),
  name: z.string(),
  display_name: z.string(),
  email: z.string(),
  role: z.number(),
  role_label: z.string(),
  profile_id: z.number().nullable(),
  profile_name: z.string().nullable(),
  sectors: z.array(z.string()),
  inactive_since: z.string().nullable(),
  operator_status: z.enum(['online', 'offline']),
});
export type TUserListItemAdmin = z.infer<typeof ZUserListItemAdmin>;

export const ZUserPage = z.object({
  items: z.array(ZUserListItemAdmin),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});

export const ZSignature = z.object({
  id: z.number(),
  label: z.string(),
  sector_id: z.number(),
  sector_name: z.string(),
  user_id: z.number(),
});
export type TSignature = z.infer<typeof ZSignature>;

export const ZCompanySignature = ZSignature.extend({ user_name: z.string() });
export type TCompanySignature = z.infer<typeof ZCompanySignature>;

export const ZSignatureInput = z.object({
  label: z
    .string({ error: SIGNATURE_MSG.labelRequired })
    .trim()
    .min(1, { error: SIGNATURE_MSG.labelRequired })
    .max(500),
  sector_id: zId(SIGNATURE_MSG.sectorRequired),
});
export type TSignatureInput = z.infer<typeof ZSignatureInput>;

export const ZUserDetail = ZUserListItemAdmin.extend({
  gender: z.enum(GENDERS).nullable(),
  sector_ids: z.array(z.number()),
  transfer_sector_ids: z.array(z.number()),
  signatures: z.array(ZSignature),
  must_change_password: z.boolean(),
  allow_billing_access: z.boolean().optional(),
  /** The effective CRM permission (spec 2 §6: managers both when unset). */
  crm: z.object({ view: z.boolean(), edit: z.boolean() }).optional(),
});
export type TUserDetail = z.infer<typeof ZUserDetail>;

export const ZUserFormOptions = z.object({
  sectors: z.array(z.object({ id: z.number(), name: z.string() })),
  profiles: z.array(z.object({ id: z.number(), name: z.string() })),
  roles: z.array(z.object({ value: z.number(), label: z.string() })),
  restrict_transfer: z.boolean(),
});
export type TUserFormOptions = z.infer<typeof ZUserFormOptions>;

export const ZProfile = z.object({ id: z.number(), name: z.string(), users: z.number() });
export type TProfile = z.infer<typeof ZProfile>;

export const ZProfileInput = z.object({
  name: z
    .string({ error: PROFILE_MSG.nameRequired })
    .trim()
    .min(1, { error: PROFILE_MSG.nameRequired })
    .max(80),
});

/** A user created or changed, with the text to show. */
export const ZUserSaved = z.object({ message: z.string(), user: ZUserDetail });

/** A signature created or changed, with the text to show. */
export const ZSignatureSaved = z.object({ message: z.string(), signature: ZSignature });
