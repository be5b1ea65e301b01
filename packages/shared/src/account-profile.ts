// The user's own profile data on "Minha conta" (spec 1 §2 Account, spec 2 §3 User): name, display name,
// e-mail and gender, with the same rules and texts as the admin's user form (spec 2 §5 "User save").
import { GENDERS, type TGender, userFieldMessages } from './users-admin';
import { z } from './zod';

export const OWN_PROFILE_MSG = {
  saved: 'Os dados foram atualizados com sucesso!',
  loadError: 'Erro ao carregar os dados da conta.',
  // The e-mail signs the user in: changing it asks for the current password, like a password change.
  passwordForEmail: 'Informe sua senha atual para alterar o e-mail.',
} as const;

/** GET /users/me/profile: what the user may change about themselves. */
export const ZOwnProfile = z.object({
  name: z.string(),
  display_name: z.string(),
  email: z.string(),
  gender: z.enum(GENDERS).nullable(),
});
export type TOwnProfile = z.infer<typeof ZOwnProfile>;

/**
 * PUT /users/me/profile. Role, sectors, profile and company are not part of it: unknown keys are dropped, so a
 * crafted body changes nothing else. The current password is checked by the server only when the e-mail changes.
 */
export const ZOwnProfileInput = z
  .object({
    name: z.string().max(120).nullish(),
    display_name: z.string().max(120).nullish(),
    email: z.string().max(254).nullish(),
    gender: z.string().max(20).nullish(),
    current_password: z.string().max(128).optional(),
  })
  .superRefine((v, ctx) => {
    // The admin form's rules, without its password and role (the user keeps theirs).
    for (const m of userFieldMessages({ ...v, password: null, role: 0 }, { creating: false })) {
      ctx.addIssue({ code: 'custom', message: m.message, path: [m.field] });
    }
  });
export type TOwnProfileInput = z.infer<typeof ZOwnProfileInput>;

export const ZOwnProfileSaved = z.object({ message: z.string(), profile: ZOwnProfile });

/** The stored form: trimmed, e-mail in lower case, an empty display name defaulting to the name. */
export function cleanOwnProfile(v: TOwnProfileInput): TOwnProfile {
  const name = (v.name ?? '').trim();
  return {
    name,
    display_name: (v.display_name ?? '').trim() || name,
    email: (v.email ?? '').trim().toLowerCase(),
    gender: v.gender as TGender,
  };
}
