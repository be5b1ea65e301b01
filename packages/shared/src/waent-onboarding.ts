import { zId, zPage } from './ids';
import { CODE_METHODS, WAENT_ONB_MSG } from './waent-onboarding-texts';
import { z } from './zod';

// WhatsApp Enterprise number onboarding (spec 2 §4, §7): code request → code → link, the migration hash and the
// WhatsApp Business migration, and the Numbers list.

export const ZRequestCodeInput = z.object({
  channel: zId(),
  requestMethod: z.enum(CODE_METHODS, { error: 'Método de envio inválido.' }),
});
export type TRequestCodeInput = z.infer<typeof ZRequestCodeInput>;

const registerNumber = z
  .string({ error: WAENT_ONB_MSG.codeRequired })
  .trim()
  .min(1, { error: WAENT_ONB_MSG.codeRequired })
  .max(12, { error: 'Código inválido.' })
  .regex(/^\d+$/, { error: 'Código inválido.' });

export const ZSendCodeInput = z.object({ channel: zId(), registerNumber });
export type TSendCodeInput = z.infer<typeof ZSendCodeInput>;

/** linkPhonenumber: registerNumber is the two-step verification PIN (6 digits) Meta registers the number with. */
export const ZLinkPhonenumberInput = z.object({
  channel: zId(),
  registerNumber: registerNumber.regex(/^\d{6}$/, { error: 'O PIN deve ter 6 dígitos.' }),
});
export type TLinkPhonenumberInput = z.infer<typeof ZLinkPhonenumberInput>;

export const ZRemoveWhatsappChannelInput = z.object({ channel: zId() });

export const ZOnboardingState = z.object({
  channel_id: z.number(),
  name: z.string(),
  phone_number: z.string().nullable(),
  phone_number_id: z.string(),
  code_method: z.enum(CODE_METHODS).nullable(),
  code_requested_at: z.string().nullable(),
  code_verified: z.boolean(),
  link_with_phonenumber: z.boolean(),
  link_with_facebook: z.boolean(),
  migrated_channel: z.boolean(),
  waent_channel_id: z.number().nullable(),
  requested_app_deletion: z.boolean(),
  migration_channel_disabled: z.boolean(),
  /** Meta's manager of the number: admins, or anyone once the channel was migrated (spec 2 §6). */
  meta_url: z.string().nullable(),
});
export type TOnboardingState = z.infer<typeof ZOnboardingState>;

export const ZRequestCodeOutput = z.object({ phone_number_id: z.string(), message: z.string() });
export const ZMessageOutput = z.object({ message: z.string() });

export const ZGenerateMigrationHashInput = z.object({ channel_id: zId() });
export const ZMigrationHashOutput = z.object({ channel_url_hash: z.string() });

const hash = z
  .string({ error: WAENT_ONB_MSG.migrationInvalid })
  .min(1, { error: WAENT_ONB_MSG.migrationInvalid })
  .max(2000, { error: WAENT_ONB_MSG.migrationInvalid });
export const ZMigrationHashQuery = z.object({ params: hash });

export const ZMigrationInfo = z.object({
  state: ZOnboardingState,
  /** The Facebook dialog of the embedded signup (v21.0) the button opens. */
  signup_url: z.string(),
});
export type TMigrationInfo = z.infer<typeof ZMigrationInfo>;

export const ZSaveFacebookInfosInput = z.object({
  params: hash,
  code: z
    .string({ error: WAENT_ONB_MSG.loginCancelled })
    .min(1, { error: WAENT_ONB_MSG.loginCancelled })
    .max(2000),
});

export const ZNumbersQuery = z.object({ page: zPage() });
export const ZNumberRow = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.string(),
  kind_label: z.string(),
  phone_number: z.string().nullable(),
  active: z.boolean(),
  connection_state: z.string(),
  /** The contract's due date, YYYY-MM-DD, or null without a contract. */
  due_date: z.string().nullable(),
});
export type TNumberRow = z.infer<typeof ZNumberRow>;
export const ZNumbersPage = z.object({
  data: z.array(ZNumberRow),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type TNumbersPage = z.infer<typeof ZNumbersPage>;
