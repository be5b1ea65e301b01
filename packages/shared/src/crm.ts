// Opportunities (built-in CRM; spec 1 §7): the schemas shared by the server routes, the CRM page and the chat's
// opportunity side modal.
import { CRM_MSG } from './crm-texts';
import { zBigId, zBigIdParam, zId, zIdParam } from './ids';
import { z } from './zod';

const text = (max: number) => z.string().trim().max(max, `Máximo de ${max} caracteres.`);

export const ZCrmColumn = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  outcome: z.enum(['open', 'won', 'lost']),
  position: z.number().int(),
});

export const ZCrmBoard = z.object({
  board: z.object({ id: z.number().int(), name: z.string() }),
  columns: z.array(ZCrmColumn),
  owners: z.array(z.object({ id: z.number().int(), name: z.string() })),
  access: z.object({ view: z.boolean(), edit: z.boolean() }),
});
export type TCrmBoard = z.infer<typeof ZCrmBoard>;

export const ZCrmLead = z.object({
  id: z.number().int(),
  board_id: z.number().int(),
  column_id: z.number().int(),
  column_name: z.string(),
  title: z.string(),
  product: z.string(),
  value_cents: z.number().int(),
  description: z.string(),
  owner_id: z.number().int().nullable(),
  owner_name: z.string().nullable(),
  contact_id: z.number().int().nullable(),
  attendance_id: z.number().int().nullable(),
  contact_name: z.string(),
  phone: z.string(),
  email: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  closed_at: z.string().nullable(),
});
export type TCrmLead = z.infer<typeof ZCrmLead>;

export const ZCrmLeadPage = z.object({
  items: z.array(ZCrmLead),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  start_at: z.string(),
  end_at: z.string(),
});

/** Spec 1 §7 filters: startAt/endAt YYYY-MM-DD (DD/MM/YYYY on screen), search, page; the operation checks them. */
export const ZCrmLeadQuery = z.object({
  startAt: z.string().max(10).optional(),
  endAt: z.string().max(10).optional(),
  search: z.string().max(200).optional(),
  contact_id: zIdParam().optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type TCrmLeadQuery = z.infer<typeof ZCrmLeadQuery>;

const zValueCents = z
  .number({ error: 'Informe um valor válido.' })
  .int('Informe um valor válido.')
  .min(0, 'O valor não pode ser negativo.')
  .max(100_000_000_000, 'Informe um valor válido.');

export const ZCrmLeadInput = z.object({
  title: text(200).min(1, CRM_MSG.titleRequired),
  product: text(200).default(''),
  value_cents: zValueCents.default(0),
  description: text(5000).default(''),
  owner_id: zId().nullable().optional(),
  column_id: zId().optional(),
  contact_name: text(200).default(''),
  phone: text(40).default(''),
  email: text(200).default(''),
  /** Created from the chat: the attendance's contact, and linked to that attendance. */
  attendance_id: zBigId().optional(),
});
export type TCrmLeadInput = z.input<typeof ZCrmLeadInput>;

export const ZCrmLeadPatch = z.object({
  title: text(200).min(1, CRM_MSG.titleRequired).optional(),
  product: text(200).optional(),
  value_cents: zValueCents.optional(),
  description: text(5000).optional(),
  column_id: zId().optional(),
  contact_name: text(200).optional(),
  phone: text(40).optional(),
  email: text(200).optional(),
});
export type TCrmLeadPatch = z.infer<typeof ZCrmLeadPatch>;

export const ZCrmOwnerInput = z.object({ owner_id: zId() });

export const ZCrmLeadSaved = z.object({ message: z.string(), lead: ZCrmLead });

export const ZCrmLeadParams = z.object({ id: zIdParam(CRM_MSG.notFound) });
export const ZCrmLinkParams = z.object({ id: zBigIdParam(), leadId: zIdParam(CRM_MSG.notFound) });

export const ZAttendanceOpportunity = ZCrmLead.extend({
  link_state: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});
export const ZAttendanceOpportunities = z.object({
  attendance_id: z.number().int(),
  contact_id: z.number().int(),
  contact_name: z.string(),
  items: z.array(ZAttendanceOpportunity),
});
export type TAttendanceOpportunity = z.infer<typeof ZAttendanceOpportunity>;
