import { MSG } from './messages';
import { z } from './zod';

const email = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .toLowerCase()
    .min(1, { error: required })
    .max(254, { error: 'E-mail muito longo.' })
    .pipe(z.email({ error: 'Informe um e-mail válido.' }));

export const ZPassword = z
  .string({ error: MSG.passwordPolicy })
  .min(8, { error: MSG.passwordPolicy })
  .max(128, { error: 'A senha deve ter no máximo 128 caracteres.' })
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), { error: MSG.passwordPolicy });

export const ZLoginInput = z.object({
  email: email(MSG.loginRequired),
  password: z.string({ error: MSG.loginRequired }).min(1, { error: MSG.loginRequired }).max(128),
});
export type TLoginInput = z.infer<typeof ZLoginInput>;

export const ZSessionUser = z.object({
  id: z.number(),
  name: z.string(),
  displayName: z.string(),
  email: z.string(),
  role: z.number(),
  companyId: z.number(),
  companyName: z.string(),
  timezone: z.string(),
  totpEnabled: z.boolean(),
  sectorIds: z.array(z.number()),
  operatorStatus: z.enum(['online', 'offline']),
  // Module permissions (spec 3): null when the user has no module restrictions.
  permissions: z.record(z.string(), z.object({ read: z.boolean(), write: z.boolean() })).nullable(),
  avatarUrl: z.string().nullable(),
  // Spec 3 §6: may open Faturas (an admin, or a manager allowed by an admin). Optional: older sessions lack it.
  billingAccess: z.boolean().optional(),
  // Spec 2 §6: CRM view/edit (Oportunidades; the company flag allowCosmosCRM is checked apart). Optional: older sessions.
  crm: z.object({ view: z.boolean(), edit: z.boolean() }).optional(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZMfaMethod = z.enum(['email', 'totp']);

export const ZLoginOutput = z.discriminatedUnion('step', [
  z.object({ step: z.literal('done'), user: ZSessionUser }),
  z.object({
    step: z.literal('mfa'),
    challengeId: z.string(),
    methods: z.array(ZMfaMethod),
    maskedEmail: z.string(),
    expiresAt: z.string(),
  }),
  z.object({
    step: z.literal('change_password'),
    changeToken: z.string(),
    reason: z.enum(['admin', 'expired']),
  }),
  // Spec 2 §4: the user's company moved to a new product URL; no session is opened here.
  z.object({ step: z.literal('redirect'), url: z.string(), message: z.string() }),
]);
export type TLoginOutput = z.infer<typeof ZLoginOutput>;

export const ZCheckMfaInput = z.object({
  challengeId: z
    .string({ error: MSG.mfaChallengeExpired })
    .min(1, { error: MSG.mfaChallengeExpired })
    .max(100),
  code: z
    .string({ error: MSG.mfaCodeFormat })
    .trim()
    .regex(/^\d{6}$/, { error: MSG.mfaCodeFormat }),
  method: ZMfaMethod.default('email'),
});
export type TCheckMfaInput = z.infer<typeof ZCheckMfaInput>;

const newPasswordPair = {
  newPassword: ZPassword,
  confirmPassword: z.string({ error: MSG.passwordMismatch }),
};

function passwordsMatch<T extends { newPassword: string; confirmPassword: string }>(v: T) {
  return v.newPassword === v.confirmPassword;
}

/** Forced change after login (changeToken) or voluntary change while logged in (currentPassword). */
export const ZChangePasswordInput = z
  .object({
    changeToken: z.string().max(200).optional(),
    currentPassword: z.string().max(128).optional(),
    ...newPasswordPair,
  })
  .refine(passwordsMatch, { error: MSG.passwordMismatch, path: ['confirmPassword'] })
  .refine((v) => Boolean(v.changeToken) !== Boolean(v.currentPassword), {
    error: 'Informe a senha atual.',
    path: ['currentPassword'],
  });
export type TChangePasswordInput = z.infer<typeof ZChangePasswordInput>;

export const ZRecoverPasswordInput = z.object({ email: email(MSG.recoveryEmailRequired) });

export const ZResetPasswordInput = z
  .object({
    token: z.string({ error: MSG.resetLinkInvalid }).min(10, { error: MSG.resetLinkInvalid }).max(200),
    ...newPasswordPair,
  })
  .refine(passwordsMatch, { error: MSG.passwordMismatch, path: ['confirmPassword'] });

export const ZTotpSetupOutput = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const ZTotpEnableInput = z.object({
  code: z
    .string({ error: MSG.mfaCodeFormat })
    .trim()
    .regex(/^\d{6}$/, { error: MSG.mfaCodeFormat }),
});

export const ZSocketTokenOutput = z.object({ token: z.string(), companyId: z.number() });

export const ZMessageOutput = z.object({ message: z.string() });
