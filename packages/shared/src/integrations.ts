import {
  INTEGRATION_DELIVERY_STATUSES,
  INTEGRATION_EMAIL_FIELDS,
  INTEGRATION_KINDS,
  INTEGRATION_MSG,
} from './integrations-texts';
import { z } from './zod';

// Integrations (issue 22; spec 2 §3 Integration, §5, §7): a company's RD Station Marketing or CRM link, its field
// mapping and events; credentials go in and never come back (the answer says which are set).

export * from './integrations-texts';

const providerField = () =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: INTEGRATION_MSG.fieldNameInvalid });

const secret = (max = 2000) => z.string().trim().max(max, { error: 'Valor muito longo.' });

export const ZIntegrationInput = z.object({
  kind: z.enum(INTEGRATION_KINDS, { error: INTEGRATION_MSG.kindRequired }),
  name: z
    .string({ error: INTEGRATION_MSG.nameRequired })
    .trim()
    .min(1, { error: INTEGRATION_MSG.nameRequired })
    .max(200, { error: 'O nome deve ter no máximo 200 caracteres.' }),
  email_field: z.enum(INTEGRATION_EMAIL_FIELDS, { error: INTEGRATION_MSG.emailFieldRequired }),
  fields: z
    .object({ name: providerField(), mobile_phone: providerField(), email: providerField() })
    .default({ name: 'name', mobile_phone: 'mobile_phone', email: 'email' }),
  events: z
    .object({ contact_created: z.boolean(), attendance_finalized: z.boolean() })
    .default({ contact_created: true, attendance_finalized: true }),
  active: z.boolean().default(true),
  // On edit, a blank credential keeps the stored one; on create, the operation requires them (spec 2 §5).
  configs: z
    .object({
      clientId: secret(500).optional(),
      clientSecret: secret().optional(),
      clientCode: secret().optional(),
      refreshToken: secret().optional(),
    })
    .default({}),
});
export type TIntegrationInput = z.input<typeof ZIntegrationInput>;

export const ZIntegration = z.object({
  _id: z.number(),
  kind: z.enum(INTEGRATION_KINDS),
  name: z.string(),
  email_field: z.enum(INTEGRATION_EMAIL_FIELDS),
  fields: z.object({ name: z.string(), mobile_phone: z.string(), email: z.string() }),
  events: z.object({ contact_created: z.boolean(), attendance_finalized: z.boolean() }),
  active: z.boolean(),
  /** Which credentials are stored (their values never leave the server). */
  configs: z.object({
    clientId: z.boolean(),
    clientSecret: z.boolean(),
    clientCode: z.boolean(),
    refreshToken: z.boolean(),
  }),
  last_error: z.string().nullable(),
  sent: z.number(),
  failed: z.number(),
  created_at: z.string(),
});
export type TIntegration = z.infer<typeof ZIntegration>;

export const ZIntegrationList = z.object({ integrations: z.array(ZIntegration) });
export const ZIntegrationSaved = z.object({ _id: z.number(), message: z.string() });
export const ZIntegrationMessage = z.object({ message: z.string() });

export const ZIntegrationDelivery = z.object({
  id: z.number(),
  integration_id: z.number(),
  integration_name: z.string(),
  event: z.string(),
  subject_id: z.number(),
  status: z.enum(INTEGRATION_DELIVERY_STATUSES),
  attempts: z.number(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type TIntegrationDelivery = z.infer<typeof ZIntegrationDelivery>;
export const ZIntegrationDeliveries = z.object({ deliveries: z.array(ZIntegrationDelivery) });

export const ZIntegrationDeliveriesQuery = z.object({
  integration_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
