import { ROLE } from '@prosa/shared/roles';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { notificationLeads, notificationReads, notifications } from '../../db/schema/notices';
import type { Db, Tx } from '../../platform/db';

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationValues = Omit<
  typeof notifications.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'createdBy'
>;

/** Which notifications an admin reaches: every one (the platform owner), or by their companies. */
export type AdminScope = { all: true } | { all: false; userId: number; companyIds: number[] };

const intArray = (ids: readonly number[]) => sql`${`{${ids.map((n) => Math.trunc(n)).join(',')}}`}::int[]`;

// An admin sees what they wrote, and what is aimed only at companies of theirs ("every company" is the owner's).
function scopeSql(scope: AdminScope): SQL {
  if (scope.all) return sql`true`;
  return sql`(n.created_by = ${scope.userId}
    or (cardinality(n.company_ids) > 0 and n.company_ids <@ ${intArray(scope.companyIds)}))`;
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

export type AdminListRow = {
  id: number;
  model_id: number;
  audience: string;
  title: string;
  description: string;
  image_url: string | null;
  link: string | null;
  company_ids: number[];
  schedule_status: string;
  schedule_start_at: Date | string | null;
  schedule_end_at: Date | string | null;
  extra_data: unknown;
  created_by_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  reads_count: number;
  leads_count: number;
};

function adminSelect(scope: AdminScope, where: SQL) {
  // Reads and leads counted for an admin are those of their companies only.
  const readScope = scope.all ? sql`true` : sql`r.company_id = any(${intArray(scope.companyIds)})`;
  const leadScope = scope.all ? sql`true` : sql`l.company_id = any(${intArray(scope.companyIds)})`;
  return sql`
    select n.id, n.model_id, n.audience, n.title, n.description, n.image_url, n.link, n.company_ids,
      n.schedule_status, n.schedule_start_at, n.schedule_end_at, n.extra_data, n.created_at, n.updated_at,
      (select u.name from users u where u.id = n.created_by) as created_by_name,
      (select count(*)::int from notification_reads r where r.notification_id = n.id and ${readScope})
        as reads_count,
      (select count(*)::int from notification_leads l where l.notification_id = n.id and ${leadScope})
        as leads_count
    from notifications n
    where n.deleted_at is null and ${scopeSql(scope)} and ${where}`;
}

/** One page of the admin list, newest first, with the total. */
export async function findAdminPage(
  db: Db,
  scope: AdminScope,
  opts: { title?: string; limit: number; offset: number },
) {
  const where = opts.title ? sql`n.title ilike ${`%${escapeLike(opts.title)}%`}` : sql`true`;
  const [rows, totals] = await Promise.all([
    db.execute<AdminListRow>(
      sql`${adminSelect(scope, where)} order by n.created_at desc, n.id desc limit ${opts.limit} offset ${opts.offset}`,
    ),
    db.execute<{ total: number }>(sql`
      select count(*)::int as total from notifications n
      where n.deleted_at is null and ${scopeSql(scope)} and ${where}`),
  ]);
  return { rows: rows.rows, total: Number(totals.rows[0]?.total ?? 0) };
}

export async function findAdminOne(db: Db, scope: AdminScope, id: number): Promise<AdminListRow | null> {
  const r = await db.execute<AdminListRow>(adminSelect(scope, sql`n.id = ${id}`));
  return r.rows[0] ?? null;
}

/** Names of these companies, by id. */
export async function companyNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const r = await db.execute<{ id: number; name: string }>(
    sql`select id, name from companies where id = any(${intArray(ids)})`,
  );
  return new Map(r.rows.map((c) => [Number(c.id), c.name]));
}

/** The companies an admin manages: their own plus their list (user_companies). */
export async function managedCompanyIds(db: Db, userId: number, companyId: number): Promise<number[]> {
  const r = await db.execute<{ id: number }>(sql`
    select ${companyId}::int as id
    union select company_id from user_companies where user_id = ${userId}`);
  return [...new Set(r.rows.map((x) => Number(x.id)))].sort((a, b) => a - b);
}

/** Of these ids, the companies that exist. */
export async function existingCompanyIds(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const r = await db.execute<{ id: number }>(sql`select id from companies where id = any(${intArray(ids)})`);
  return r.rows.map((x) => Number(x.id));
}

export async function allCompanyIds(db: Db | Tx): Promise<number[]> {
  const r = await db.execute<{ id: number }>(sql`select id from companies order by id`);
  return r.rows.map((x) => Number(x.id));
}

export async function companyTimezone(db: Db, companyId: number): Promise<string> {
  const r = await db.execute<{ timezone: string }>(
    sql`select timezone from companies where id = ${companyId}`,
  );
  return r.rows[0]?.timezone ?? 'America/Sao_Paulo';
}

export async function insertNotification(tx: Tx, values: NotificationValues & { createdBy: number }) {
  const [row] = await tx.insert(notifications).values(values).returning();
  if (!row) throw new Error('notificação não criada');
  return row;
}

export async function updateNotification(tx: Tx, id: number, values: NotificationValues) {
  await tx
    .update(notifications)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(notifications.id, id), isNull(notifications.deletedAt)));
}

export async function softDeleteNotification(tx: Tx, id: number) {
  await tx
    .update(notifications)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(notifications.id, id), isNull(notifications.deletedAt)));
}

export type LeadRow = {
  id: number;
  company_id: number;
  company_name: string;
  user_id: number;
  user_name: string;
  name: string;
  phone: string;
  created_at: Date | string;
};

export async function findLeads(db: Db, scope: AdminScope, notificationId: number): Promise<LeadRow[]> {
  const leadScope = scope.all ? sql`true` : sql`l.company_id = any(${intArray(scope.companyIds)})`;
  const r = await db.execute<LeadRow>(sql`
    select l.id, l.company_id, c.name as company_name, l.user_id, coalesce(u.name, '') as user_name,
      l.name, l.phone, l.created_at
    from notification_leads l
    join companies c on c.id = l.company_id
    left join users u on u.id = l.user_id
    where l.notification_id = ${notificationId} and ${leadScope}
    order by l.created_at desc, l.id desc
    limit 1000`);
  return r.rows;
}

// What a user is shown: active, in its period, for their company (or every company) and their role.
function reachesSql(user: { companyId: number; role: number }): SQL {
  return sql`n.deleted_at is null and n.schedule_status = 'ACTIVE'
    and (n.schedule_start_at is null or n.schedule_start_at <= now())
    and (n.schedule_end_at is null or n.schedule_end_at > now())
    and (cardinality(n.company_ids) = 0 or ${user.companyId}::int = any(n.company_ids))
    and (n.audience = 'all'
      or (n.audience = 'managers' and ${user.role}::int >= ${ROLE.manager})
      or (n.audience = 'operators' and ${user.role}::int = ${ROLE.operator}))`;
}

export type UserRow = {
  id: number;
  model_id: number;
  title: string;
  description: string;
  image_url: string | null;
  link: string | null;
  schedule_start_at: Date | string | null;
  created_at: Date | string;
  read: boolean;
};

const userSelect = (user: { userId: number; companyId: number; role: number }, where: SQL) => sql`
  select n.id, n.model_id, n.title, n.description, n.image_url, n.link, n.schedule_start_at, n.created_at,
    exists (select 1 from notification_reads r where r.notification_id = n.id and r.user_id = ${user.userId})
      as read
  from notifications n
  where ${reachesSql(user)} and ${where}`;

/** The user's unread notifications, newest first. */
export async function findUnread(db: Db, user: { userId: number; companyId: number; role: number }) {
  const r = await db.execute<UserRow>(sql`
    ${userSelect(
      user,
      sql`not exists (select 1 from notification_reads r where r.notification_id = n.id and r.user_id = ${user.userId})`,
    )}
    order by coalesce(n.schedule_start_at, n.created_at) desc, n.id desc
    limit 200`);
  return r.rows;
}

/** A notification that reaches the user, read or not. */
export async function findReaching(
  db: Db,
  user: { userId: number; companyId: number; role: number },
  id: number,
): Promise<UserRow | null> {
  const r = await db.execute<UserRow>(userSelect(user, sql`n.id = ${id}`));
  return r.rows[0] ?? null;
}

export async function markRead(
  db: Db | Tx,
  input: { notificationId: number; userId: number; companyId: number },
) {
  await db.insert(notificationReads).values(input).onConflictDoNothing();
}

export async function hasLead(db: Db, notificationId: number, userId: number): Promise<boolean> {
  const r = await db
    .select({ id: notificationLeads.id })
    .from(notificationLeads)
    .where(and(eq(notificationLeads.notificationId, notificationId), eq(notificationLeads.userId, userId)))
    .limit(1);
  return r.length > 0;
}

export async function insertLead(
  tx: Tx,
  input: { notificationId: number; userId: number; companyId: number; name: string; phone: string },
) {
  await tx.insert(notificationLeads).values(input);
}

/** Non-admins may see an image only when it belongs to a notification of their company. */
export async function imageReaches(db: Db, url: string, companyId: number): Promise<boolean> {
  const r = await db.execute(sql`
    select 1 from notifications n
    where n.image_url = ${url} and n.deleted_at is null
      and (cardinality(n.company_ids) = 0 or ${companyId}::int = any(n.company_ids))
    limit 1`);
  return r.rows.length > 0;
}

/**
 * Active notifications whose start or end time passed within the last day and that no fact has announced
 * since: the worker announces them (the fact after the instant is the record that it was done).
 */
export async function findDueAnnouncements(db: Db): Promise<{ id: number; company_ids: number[] }[]> {
  const r = await db.execute<{ id: number; company_ids: number[] }>(sql`
    select n.id, n.company_ids from notifications n
    where n.deleted_at is null and n.schedule_status = 'ACTIVE'
      and exists (
        select 1 from (values (n.schedule_start_at), (n.schedule_end_at)) as t(at)
        where t.at <= now() and t.at > now() - interval '1 day'
          and not exists (
            select 1 from domain_events e
            where e.created_at >= t.at and e.name = 'notification.changed'
              and e.data->>'notification_id' = n.id::text))
    order by n.id
    limit 500`);
  return r.rows.map((x) => ({ id: Number(x.id), company_ids: (x.company_ids ?? []).map(Number) }));
}
