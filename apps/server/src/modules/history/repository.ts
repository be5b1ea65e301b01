import { startOfDayIn } from '@prosa/shared/dates';
import {
  HISTORY_CONTRACT_KEY,
  HISTORY_CONTRACT_VALUE_KEY,
  type THistoryFilters,
} from '@prosa/shared/history';
import { ROLE } from '@prosa/shared/roles';
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { attendances, contacts, persons } from '../../db/schema/attendance';
import { sectors, statuses } from '../../db/schema/organization';
import type { Db } from '../../platform/db';
import type { Viewer } from '../attendance/viewer';

const a = attendances;
const p = alias(persons, 'p');
const c = alias(contacts, 'c');
const s = alias(sectors, 's');
const st = alias(statuses, 'st');

const nextDay = (iso: string) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Filters of spec 2 §3 History as SQL, within what the viewer may see (sectors; admins: all). */
export function historyConditions(
  viewer: Pick<Viewer, 'companyId' | 'role' | 'sectorIds'>,
  f: THistoryFilters,
  timezone: string,
): SQL[] {
  const conds: SQL[] = [eq(a.companyId, viewer.companyId)];
  if (viewer.role < ROLE.admin)
    conds.push(inArray(a.sectorId, viewer.sectorIds.length > 0 ? viewer.sectorIds : [-1]));
  const dateCol = f.only_open ? a.firstStartChatAt : a.closedAt;
  conds.push(f.only_open ? isNull(a.closedAt) : isNotNull(a.closedAt));
  // Days are the company's days: 31/01 ends at midnight in its timezone, not in UTC.
  if (f.fromDate) conds.push(gte(dateCol, startOfDayIn(f.fromDate, timezone)));
  if (f.toDate) conds.push(lt(dateCol, startOfDayIn(nextDay(f.toDate), timezone)));
  if (f.status_id !== undefined) conds.push(eq(a.statusId, f.status_id));
  if (f.sector_id !== undefined) conds.push(eq(a.sectorId, f.sector_id));
  if (f.closed_by_user !== undefined) conds.push(eq(a.closedByUserId, f.closed_by_user));
  if (f.channelable_type) conds.push(eq(a.channelKind, f.channelable_type));
  if (f.cpf) conds.push(eq(p.cpf, f.cpf.replace(/\D/g, '')));
  if (f.email) conds.push(sql`lower(${c.data}->>'email') = ${f.email.toLowerCase()}`);
  if (f.contract)
    conds.push(sql`lower(btrim(${contractOf(HISTORY_CONTRACT_KEY)})) = ${f.contract.toLowerCase()}`);
  if (f.emails) {
    const list = sql.join(
      f.emails.map((e) => sql`${e}`),
      sql`, `,
    );
    conds.push(
      sql`(lower(${c.data}->>'email') in (${list}) or exists (select 1 from jsonb_array_elements_text(${p.emails}) as pe(e) where lower(btrim(pe.e)) in (${list})))`,
    );
  }
  if (f.number) {
    const digits = f.number.replace(/\D/g, '');
    const byNumber = or(
      eq(a.protocol, f.number),
      digits
        ? sql`regexp_replace(coalesce(${c.data}->>'telefone', ${c.data}->>'phone', ${c.externalId}), '\\D', '', 'g') like ${`%${digits}`}`
        : undefined,
    );
    if (byNumber) conds.push(byNumber);
  }
  return conds;
}

/** A contact-field value filled in the attendance (attendances.data.contact_metadata). */
const contractOf = (key: string) =>
  sql<string | null>`${a.data}->'contact_metadata'->>${sql.raw(`'${key}'`)}`;

const rowFields = {
  id: a.id,
  protocol: a.protocol,
  contactId: a.contactId,
  name: a.name,
  editedName: p.editedName,
  cpf: p.cpf,
  contract: contractOf(HISTORY_CONTRACT_KEY),
  contractValue: contractOf(HISTORY_CONTRACT_VALUE_KEY),
  channelKind: a.channelKind,
  sectorId: a.sectorId,
  sectorName: s.name,
  statusId: a.statusId,
  statusName: st.name,
  operatorAssignedName: a.operatorAssignedName,
  closedByUserName: a.closedByUserName,
  firstStartChatAt: a.firstStartChatAt,
  firstOperatorAnswerAt: a.firstOperatorAnswerAt,
  closedAt: a.closedAt,
};

function baseQuery(db: Db) {
  return db
    .select(rowFields)
    .from(a)
    .innerJoin(p, and(eq(p.companyId, a.companyId), eq(p.id, a.personId)))
    .innerJoin(c, and(eq(c.companyId, a.companyId), eq(c.id, a.contactId)))
    .leftJoin(s, and(eq(s.companyId, a.companyId), eq(s.id, a.sectorId)))
    .leftJoin(st, and(eq(st.companyId, a.companyId), eq(st.id, a.statusId)));
}

export type HistoryRowRaw = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

export async function searchHistory(db: Db, conds: SQL[], opts: { limit: number; offset: number }) {
  return baseQuery(db)
    .where(and(...conds))
    .orderBy(desc(a.closedAt), desc(a.id))
    .limit(opts.limit)
    .offset(opts.offset);
}

export async function countHistory(db: Db, conds: SQL[]) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(a)
    .innerJoin(p, and(eq(p.companyId, a.companyId), eq(p.id, a.personId)))
    .innerJoin(c, and(eq(c.companyId, a.companyId), eq(c.id, a.contactId)))
    .where(and(...conds));
  return row?.n ?? 0;
}

/** Streams the rows of a search in batches, newest first by id (keyset), for exports of any size. */
export async function* historyBatches(db: Db, conds: SQL[], batch = 1000) {
  let afterId: number | null = null;
  for (;;) {
    const page: HistoryRowRaw[] = await baseQuery(db)
      .where(and(...conds, afterId !== null ? lt(a.id, afterId) : undefined))
      .orderBy(desc(a.id))
      .limit(batch);
    if (page.length === 0) return;
    yield page;
    afterId = page[page.length - 1]?.id ?? null;
    if (page.length < batch) return;
  }
}
