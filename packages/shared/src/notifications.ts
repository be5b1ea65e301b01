import { zId, zInt4Param, zPage } from './ids';
import {
  LEAD_PHONE_PATTERN,
  NOTIFICATION_AUDIENCES,
  NOTIFICATION_MODELS,
  NOTIFICATION_MSG,
  NOTIFICATION_STATUSES,
  NOTIFICATIONS_PER_PAGE,
} from './notifications-texts';
import { z } from './zod';

// Notifications (issue 20; spec 2 §3 Notification, §4, §5, §6, §7, §9): written by the installation's admins for
// the users of chosen companies, read in the header's modal; model 2 asks the user for interest (a lead).

export * from './notifications-texts';

/** The address the upload answers and a notification keeps: our own route, never someone else's host. */
export const NOTIFICATION_IMAGE_URL = /^\/api\/notification-images\/[0-9a-f-]{36}\.(png|jpg)$/;

/** Dates travel as the company's wall-clock time (spec 2 §9: sent as YYYY-MM-DD HH:mm:ss). */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** 'YYYY-MM-DD HH:mm[:ss]' → 'YYYY-MM-DD HH:mm:ss' when it is a real date and time, else null. */
export function normalizeWallTime(value: string): string | null {
  const m = WALL_TIME.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '00'] = m;
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)));
  const same =
    date.getUTCFullYear() === Number(y) &&
    date.getUTCMonth() === Number(mo) - 1 &&
    date.getUTCDate() === Number(d) &&
    date.getUTCHours() === Number(h) &&
    date.getUTCMinutes() === Number(mi) &&
    date.getUTCSeconds() === Number(s);
  return same ? `${y}-${mo}-${d} ${h}:${mi}:${s}` : null;
}

const zWallTime = () =>
  z
    .string({ error: NOTIFICATION_MSG.dateInvalid })
    .max(40, { error: NOTIFICATION_MSG.dateInvalid })
    .nullish()
    .transform((v, ctx) => {
      if (!v?.trim()) return null;
      const normal = normalizeWallTime(v);
      if (!normal) {
        ctx.addIssue({ code: 'custom', message: NOTIFICATION_MSG.dateInvalid });
        return z.NEVER;
      }
      return normal;
    });

/** The admin's JSON text: empty is none; anything else must parse ("Os dados extras contêm um JSON inválido."). */
export function parseExtraData(
  text: string | null | undefined,
): { ok: true; value: unknown } | { ok: false } {
  if (!text?.trim()) return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

const modelIds = NOTIFICATION_MODELS.map((m) => m.id) as number[];

export const ZNotificationInput = z
  .object({
    model_id: z
      .number({ error: NOTIFICATION_MSG.modelRequired })
      .int({ error: NOTIFICATION_MSG.modelRequired })
      .refine((v) => modelIds.includes(v), { error: NOTIFICATION_MSG.modelRequired }),
    audience: z.enum(NOTIFICATION_AUDIENCES, { error: NOTIFICATION_MSG.audienceInvalid }).default('all'),
    title: z
      .string({ error: NOTIFICATION_MSG.titleRequired })
      .trim()
      .min(1, { error: NOTIFICATION_MSG.titleRequired })
      .max(200, { error: 'O título deve ter no máximo 200 caracteres.' }),
    description: z
      .string()
      .trim()
      .max(5000, { error: 'A descrição deve ter no máximo 5000 caracteres.' })
      .nullish()
      .transform((v) => v ?? ''),
    image_url: z
      .string({ error: NOTIFICATION_MSG.invalidImage })
      .trim()
      .max(200, { error: NOTIFICATION_MSG.invalidImage })
      .nullish()
      .transform((v) => v || null)
      .refine((v) => v === null || NOTIFICATION_IMAGE_URL.test(v), { error: NOTIFICATION_MSG.invalidImage }),
    link: z
      .string({ error: NOTIFICATION_MSG.linkInvalid })
      .trim()
      .max(2000, { error: NOTIFICATION_MSG.linkInvalid })
      .nullish()
      .transform((v) => v || null)
      .refine((v) => v === null || /^https?:\/\/[^\s/]+\.[^\s]*$/i.test(v), {
        error: NOTIFICATION_MSG.linkInvalid,
      }),
    company_ids: z.array(zId(NOTIFICATION_MSG.companyNotFound)).max(1000).default([]),
    schedule_status: z
      .enum(NOTIFICATION_STATUSES, { error: NOTIFICATION_MSG.statusInvalid })
      .default('ACTIVE'),
    schedule_start_at: zWallTime(),
    schedule_end_at: zWallTime(),
    extra_data: z
      .string({ error: NOTIFICATION_MSG.invalidJson })
      .max(20_000, { error: NOTIFICATION_MSG.invalidJson })
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((n, ctx) => {
    const issue = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (!n.description && !n.image_url) issue(NOTIFICATION_MSG.contentRequired, 'description');
    if (n.link && !n.image_url) issue(NOTIFICATION_MSG.linkNeedsImage, 'link');
    if (n.schedule_start_at && !n.schedule_end_at) issue(NOTIFICATION_MSG.endRequired, 'schedule_end_at');
    // Both are 'YYYY-MM-DD HH:mm:ss' in the same timezone: the text order is the time order.
    if (n.schedule_start_at && n.schedule_end_at && n.schedule_end_at <= n.schedule_start_at)
      issue(NOTIFICATION_MSG.endAfterStart, 'schedule_end_at');
    if (!parseExtraData(n.extra_data).ok) issue(NOTIFICATION_MSG.invalidJson, 'extra_data');
  });
export type TNotificationInput = z.input<typeof ZNotificationInput>;

export const ZNotificationListQuery = z.object({
  page: zPage(),
  per_page: zInt4Param({ min: 1, max: 100 }).default(NOTIFICATIONS_PER_PAGE),
  title: z.string().trim().max(200).optional(),
});

const ZCompanyRef = z.object({ id: z.number(), name: z.string() });

/** A notification as the admin screen shows it; dates are ISO instants (shown DD/MM/YYYY HH:mm:ss). */
export const ZNotificationAdmin = z.object({
  id: z.number(),
  model_id: z.number(),
  audience: z.enum(NOTIFICATION_AUDIENCES),
  title: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  link: z.string().nullable(),
  /** Empty: every company. */
  company_ids: z.array(z.number()),
  companies: z.array(ZCompanyRef),
  schedule_status: z.enum(NOTIFICATION_STATUSES),
  schedule_start_at: z.string().nullable(),
  schedule_end_at: z.string().nullable(),
  /** The JSON text, indented. */
  extra_data: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  reads_count: z.number(),
  leads_count: z.number(),
});
export type TNotificationAdmin = z.infer<typeof ZNotificationAdmin>;

export const ZNotificationPage = z.object({
  items: z.array(ZNotificationAdmin),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type TNotificationPage = z.infer<typeof ZNotificationPage>;

export const ZNotificationModel = z.object({ id: z.number(), name: z.string(), description: z.string() });

export const ZNotificationLead = z.object({
  id: z.number(),
  company_id: z.number(),
  company_name: z.string(),
  user_id: z.number(),
  user_name: z.string(),
  name: z.string(),
  phone: z.string(),
  created_at: z.string(),
});
export type TNotificationLead = z.infer<typeof ZNotificationLead>;

export const ZNotificationSaved = z.object({ id: z.number(), message: z.string() });
export const ZNotificationMessage = z.object({ message: z.string() });
export const ZNotificationUpload = z.object({ success: z.boolean(), url: z.string() });

/** A notification as a user reads it (the bell's list and its detail). */
export const ZUserNotification = z.object({
  id: z.number(),
  model_id: z.number(),
  title: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  link: z.string().nullable(),
  /** When it was published: its start, else its creation (ISO). */
  date: z.string(),
  read: z.boolean(),
});
export type TUserNotification = z.infer<typeof ZUserNotification>;

export const ZUserNotifications = z.object({ items: z.array(ZUserNotification), total: z.number() });
export type TUserNotifications = z.infer<typeof ZUserNotifications>;

export const ZNotificationLeadInput = z.object({
  name: z
    .string({ error: NOTIFICATION_MSG.nameRequired })
    .trim()
    .min(1, { error: NOTIFICATION_MSG.nameRequired })
    .max(200, { error: 'O nome deve ter no máximo 200 caracteres.' }),
  phone: z
    .string({ error: NOTIFICATION_MSG.invalidPhone })
    .trim()
    .regex(LEAD_PHONE_PATTERN, { error: NOTIFICATION_MSG.invalidPhone }),
});
export type TNotificationLeadInput = z.input<typeof ZNotificationLeadInput>;
