import {
  NOTIFICATION_AUDIENCES,
  NOTIFICATION_STATUSES,
  type TNotificationAdmin,
  type TNotificationAudience,
  type TNotificationLead,
  type TNotificationStatus,
  type TUserNotification,
} from '@prosa/shared/notifications';
import type { AdminListRow, LeadRow, UserRow } from './repository';

export const iso = (v: Date | string): string => (v instanceof Date ? v : new Date(v)).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

const audienceOf = (v: string): TNotificationAudience =>
  (NOTIFICATION_AUDIENCES as readonly string[]).includes(v) ? (v as TNotificationAudience) : 'all';
const statusOf = (v: string): TNotificationStatus =>
  (NOTIFICATION_STATUSES as readonly string[]).includes(v) ? (v as TNotificationStatus) : 'ACTIVE';

export function toAdmin(r: AdminListRow, names: Map<number, string>): TNotificationAdmin {
  const companyIds = (r.company_ids ?? []).map(Number);
  return {
    id: Number(r.id),
    model_id: Number(r.model_id),
    audience: audienceOf(r.audience),
    title: r.title,
    description: r.description,
    image_url: r.image_url,
    link: r.link,
    company_ids: companyIds,
    companies: companyIds.map((id) => ({ id, name: names.get(id) ?? `Empresa ${id}` })),
    schedule_status: statusOf(r.schedule_status),
    schedule_start_at: isoOrNull(r.schedule_start_at),
    schedule_end_at: isoOrNull(r.schedule_end_at),
    extra_data:
      r.extra_data === null || r.extra_data === undefined ? null : JSON.stringify(r.extra_data, null, 2),
    created_by_name: r.created_by_name,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    reads_count: Number(r.reads_count),
    leads_count: Number(r.leads_count),
  };
}

export function toUser(r: UserRow): TUserNotification {
  return {
    id: Number(r.id),
    model_id: Number(r.model_id),
    title: r.title,
    description: r.description,
    image_url: r.image_url,
    link: r.link,
    date: iso(r.schedule_start_at ?? r.created_at),
    read: Boolean(r.read),
  };
}

export function toLead(r: LeadRow): TNotificationLead {
  return {
    id: Number(r.id),
    company_id: Number(r.company_id),
    company_name: r.company_name,
    user_id: Number(r.user_id),
    user_name: r.user_name,
    name: r.name,
    phone: r.phone,
    created_at: iso(r.created_at),
  };
}
