import { channelLabel } from '@prosa/shared/channels';
import {
  channelDisplayName,
  profileOptionsFor,
  type TReportLookups,
  userDisplayName,
} from '@prosa/shared/reports';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import type { Caller } from '../../platform/deps';
import { hiddenKinds } from '../channels/channel-access';

/** Whether the company has the WhatsApp Enterprise module: a live number of that kind (as campaigns decide it). */
export async function waentEnabled(db: Db, companyId: number): Promise<boolean> {
  const r = await db.execute<{ has: boolean }>(
    sql`select exists (select 1 from channels where company_id = ${companyId} and kind = 'waent'
        and deleted_at is null) as has`,
  );
  return r.rows[0]?.has === true;
}

/** The report filters' selects (spec 3 §3, §6, §7 Lookups) for the caller's company. */
export async function reportLookups(db: Db, caller: Caller): Promise<TReportLookups> {
  const companyId = caller.companyId;
  // Spec 3 §6: user lists show only users whose role does not exceed the caller's.
  const users = await db.execute<{ id: number; name: string; role: number; inactive_since: Date | null }>(
    sql`select id, name, role, inactive_since from users
        where company_id = ${companyId} and role <= ${caller.role} order by name, id`,
  );
  const hidden = new Set(await hiddenKinds(db, caller));
  // Spec 3 §6: WhatsApp Enterprise channels appear only when the company has that module.
  const waent = await waentEnabled(db, companyId);
  if (!waent) hidden.add('waent');
  const channels = await db.execute<{ id: number; name: string; kind: string; deleted_at: Date | null }>(
    sql`select id, name, kind, deleted_at from channels where company_id = ${companyId}
        order by deleted_at is not null, name, id`,
  );
  const sectors = await db.execute<{ id: number; name: string }>(
    sql`select id, name from sectors where company_id = ${companyId} and deleted_at is null
        order by position, name`,
  );
  const statuses = await db.execute<{
    id: number;
    name: string;
    should_close: number;
    success: boolean;
    deleted_at: Date | null;
  }>(
    sql`select id, name, should_close, success, deleted_at from statuses where company_id = ${companyId}
        order by deleted_at is not null, should_close, name`,
  );
  return {
    users: users.rows.map((u) => ({
      id: u.id,
      name: userDisplayName(u.name, u.inactive_since),
      role: u.role,
      inactive: u.inactive_since !== null,
    })),
    channels: channels.rows
      .filter((c) => !hidden.has(c.kind))
      .map((c) => ({
        id: c.id,
        name: channelDisplayName(c.name, c.deleted_at),
        kind: c.kind,
        kind_label: channelLabel(c.kind),
        deleted: c.deleted_at !== null,
      })),
    sectors: sectors.rows.map((s) => ({ id: s.id, name: s.name })),
    statuses: statuses.rows.map((s) => ({
      id: s.id,
      name: s.name,
      should_close: s.should_close,
      success: s.success,
      trashed: s.deleted_at !== null,
    })),
    profiles: profileOptionsFor(caller.role).map((o) => ({ value: o.value, label: o.label })),
    waent_enabled: waent,
  };
}
