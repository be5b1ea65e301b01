import { channelKey } from '@prosa/shared/contact-keys';
import { isoToBrDate } from '@prosa/shared/dates';
import {
  MAILING_PER_PAGE,
  mailingState,
  type TMailing,
  type TMailingOption,
  type TMailingParam,
  type TMailingProcessing,
} from '@prosa/shared/mailing';
import { and, asc, count, desc, eq, gt, ilike, isNull, sql } from 'drizzle-orm';
import { triggers } from '../../db/schema/automation';
import { campaigns, type MailingRow, mailingRowKeys, mailingRows, mailings } from '../../db/schema/campaigns';
import { companies } from '../../db/schema/companies';
import type { Db, Tx } from '../../platform/db';
import { ofCompany } from '../../platform/tenancy';

// Mailings and their rows. Other modules (campaigns, triggers, negotiator, the chat's contact panel) read a
// mailing's rows through findMailingRow, mailingRowsPage and activeMailingsInPeriod below. Table semantics (see
// db/schema/campaigns.ts): mailing_rows.values are the row's cells by column index (as in mailings.fields), rows
// numbered from 1 in file order; mailing_row_keys hold, per channel prefix marked is_key_to_channel on a param,
// the cell normalized by contact-keys.channelKey (rows whose cell is not a valid address there have no key).

type Conn = Db | Tx;

/** The company's calendar day (YYYY-MM-DD): a mailing's validity is read on it. */
export async function companyToday(db: Conn, companyId: number, now = new Date()): Promise<string> {
  const [row] = await db
    .select({ tz: companies.timezone })
    .from(companies)
    .where(eq(companies.id, companyId));
  const tz = row?.tz ?? 'America/Sao_Paulo';
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  return parts;
}

export function paramsOf(row: MailingRow): TMailingParam[] {
  return (row.params as TMailingParam[]).map((p) => ({
    field: Number(p.field),
    label: String(p.label ?? ''),
    display: p.display === true,
    is_key_to_channel: Array.isArray(p.is_key_to_channel) ? p.is_key_to_channel : [],
  }));
}

export function toMailing(row: MailingRow, today: string): TMailing {
  const dates = { active: row.active, due_date_min: row.dueDateMin, due_date_max: row.dueDateMax };
  return {
    id: row.id,
    title: row.title,
    active: row.active,
    state: mailingState(dates, today),
    fileName: row.fileName,
    fields: row.fields,
    delimiter: row.delimiter,
    encoding: row.encoding,
    due_date_min: isoToBrDate(row.dueDateMin),
    due_date_max: isoToBrDate(row.dueDateMax),
    priorities: row.priorities,
    params: paramsOf(row),
    processing: row.processing as TMailingProcessing,
    row_count: row.rowCount,
    processed_rows: row.processedRows,
    row_errors: row.rowErrors as TMailing['row_errors'],
    processing_error: row.processingError,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toOption(row: MailingRow, today: string): TMailingOption {
  const m = toMailing(row, today);
  return {
    id: m.id,
    title: m.title,
    state: m.state,
    active: m.active,
    fields: m.fields,
    params: m.params,
    due_date_min: m.due_date_min,
    due_date_max: m.due_date_max,
  };
}

/** A mailing of the company (not deleted), or null. */
export async function findMailing(db: Conn, companyId: number, id: number): Promise<MailingRow | null> {
  const [row] = await db
    .select()
    .from(mailings)
    .where(ofCompany(mailings, companyId, eq(mailings.id, id), isNull(mailings.deletedAt)));
  return row ?? null;
}

export async function listMailings(db: Conn, companyId: number): Promise<MailingRow[]> {
  return db
    .select()
    .from(mailings)
    .where(ofCompany(mailings, companyId, isNull(mailings.deletedAt)))
    .orderBy(asc(mailings.title), asc(mailings.id));
}

const likeEscape = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function pageMailings(db: Conn, companyId: number, page: number, name?: string) {
  const where = ofCompany(
    mailings,
    companyId,
    isNull(mailings.deletedAt),
    name ? ilike(mailings.title, `%${likeEscape(name)}%`) : undefined,
  );
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(mailings).where(where);
  const rows = await db
    .select()
    .from(mailings)
    .where(where)
    .orderBy(desc(mailings.createdAt), desc(mailings.id))
    .limit(MAILING_PER_PAGE)
    .offset((page - 1) * MAILING_PER_PAGE);
  return { rows, total: n };
}

/**
 * Mailings usable between two calendar days (YYYY-MM-DD, either may be absent): active, not deleted, imported,
 * and whose validity (due_date_min..due_date_max, open bounds) overlaps from..to. Campaigns and triggers offer these.
 */
export async function activeMailingsInPeriod(
  db: Conn,
  companyId: number,
  from: string | null,
  to: string | null,
): Promise<MailingRow[]> {
  return db
    .select()
    .from(mailings)
    .where(
      ofCompany(
        mailings,
        companyId,
        isNull(mailings.deletedAt),
        eq(mailings.active, true),
        to ? sql`(${mailings.dueDateMin} IS NULL OR ${mailings.dueDateMin} <= ${to})` : undefined,
        from ? sql`(${mailings.dueDateMax} IS NULL OR ${mailings.dueDateMax} >= ${from})` : undefined,
      ),
    )
    .orderBy(asc(mailings.title), asc(mailings.id));
}

/**
 * The row of a mailing whose key for `prefix` is `key` (normalized here with channelKey, so a raw phone or e-mail
 * may be passed), as its values by param label (every param, displayed or not); null when none. The first row of
 * the file wins when a key repeats.
 */
export async function findMailingRow(
  db: Conn,
  companyId: number,
  mailingId: number,
  prefix: string,
  key: string,
): Promise<Record<string, string> | null> {
  const normalized = channelKey(prefix, key);
  if (!normalized) return null;
  const mailing = await findMailing(db, companyId, mailingId);
  if (!mailing) return null;
  const [row] = await db
    .select({ values: mailingRows.values })
    .from(mailingRowKeys)
    .innerJoin(
      mailingRows,
      and(
        eq(mailingRows.companyId, mailingRowKeys.companyId),
        eq(mailingRows.mailingId, mailingRowKeys.mailingId),
        eq(mailingRows.rowNumber, mailingRowKeys.rowNumber),
      ),
    )
    .where(
      and(
        eq(mailingRowKeys.companyId, companyId),
        eq(mailingRowKeys.mailingId, mailingId),
        eq(mailingRowKeys.prefix, prefix),
        eq(mailingRowKeys.key, normalized),
      ),
    )
    .orderBy(asc(mailingRowKeys.rowNumber))
    .limit(1);
  if (!row) return null;
  return valuesByLabel(paramsOf(mailing), row.values);
}

export function valuesByLabel(params: TMailingParam[], values: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of params) out[p.label] = values[p.field] ?? '';
  return out;
}

/** A page of a mailing's rows in file order, after row number `afterRow` (0: from the start). */
export async function mailingRowsPage(
  db: Conn,
  companyId: number,
  mailingId: number,
  page: { afterRow: number; limit: number },
): Promise<{ rowNumber: number; values: string[] }[]> {
  return db
    .select({ rowNumber: mailingRows.rowNumber, values: mailingRows.values })
    .from(mailingRows)
    .where(
      and(
        eq(mailingRows.companyId, companyId),
        eq(mailingRows.mailingId, mailingId),
        gt(mailingRows.rowNumber, page.afterRow),
      ),
    )
    .orderBy(asc(mailingRows.rowNumber))
    .limit(Math.max(1, Math.min(page.limit, 10_000)));
}

/** Distinct values of a column starting with `prefix` (case-insensitive), rows matching `filters`, at most 20. */
export async function distinctColumnValues(
  db: Conn,
  companyId: number,
  mailingId: number,
  field: number,
  prefix: string,
  filters: { field: number; value: string }[],
): Promise<string[]> {
  // A column index inlined (an integer checked here), so the DISTINCT and ORDER BY expressions are one.
  if (!Number.isInteger(field) || field < 0) return [];
  const cell = sql`(${mailingRows.values} ->> ${sql.raw(String(field))})`;
  const rows = await db
    .selectDistinct({ v: sql<string>`${cell}` })
    .from(mailingRows)
    .where(
      and(
        eq(mailingRows.companyId, companyId),
        eq(mailingRows.mailingId, mailingId),
        sql`${cell} IS NOT NULL AND ${cell} <> ''`,
        prefix ? sql`${cell} ILIKE ${`${likeEscape(prefix)}%`}` : undefined,
        ...filters.map((f) => sql`(${mailingRows.values} ->> ${f.field}::int) = ${f.value}`),
      ),
    )
    .orderBy(sql`1`)
    .limit(20);
  return rows.map((r) => r.v);
}

/** What still uses a mailing: triggers naming it, campaigns not finished that send to it. */
export async function mailingUses(db: Conn, companyId: number, id: number) {
  const [t] = await db
    .select({ n: count() })
    .from(triggers)
    .where(ofCompany(triggers, companyId, sql`${triggers.params} ->> 'mailing_id' = ${String(id)}`));
  const [c] = await db
    .select({ n: count() })
    .from(campaigns)
    .where(
      ofCompany(
        campaigns,
        companyId,
        eq(campaigns.mailingId, id),
        isNull(campaigns.deletedAt),
        sql`${campaigns.status} IN ('scheduled', 'pending', 'progress', 'waiting_worker')`,
      ),
    );
  return { triggers: t?.n ?? 0, campaigns: c?.n ?? 0 };
}

/** The raw cells of the first row whose key for `prefix` is `key` (normalized here), or null. */
export async function findMailingRowValues(
  db: Conn,
  companyId: number,
  mailingId: number,
  prefix: string,
  key: string,
): Promise<string[] | null> {
  const normalized = channelKey(prefix, key);
  if (!normalized) return null;
  const [row] = await db
    .select({ values: mailingRows.values })
    .from(mailingRowKeys)
    .innerJoin(
      mailingRows,
      and(
        eq(mailingRows.companyId, mailingRowKeys.companyId),
        eq(mailingRows.mailingId, mailingRowKeys.mailingId),
        eq(mailingRows.rowNumber, mailingRowKeys.rowNumber),
      ),
    )
    .where(
      and(
        eq(mailingRowKeys.companyId, companyId),
        eq(mailingRowKeys.mailingId, mailingId),
        eq(mailingRowKeys.prefix, prefix),
        eq(mailingRowKeys.key, normalized),
      ),
    )
    .orderBy(asc(mailingRowKeys.rowNumber))
    .limit(1);
  return row?.values ?? null;
}

/**
 * The first row whose cell `field` equals `value`: trimmed and case-insensitive, or, when the value is a number
 * written with punctuation (a CPF, a phone), by its digits. Null when none.
 */
export async function findRowByColumn(
  db: Conn,
  companyId: number,
  mailingId: number,
  field: number,
  value: string,
): Promise<string[] | null> {
  const v = value.trim();
  if (!v || !Number.isInteger(field) || field < 0) return null;
  const cell = sql`(${mailingRows.values} ->> ${sql.raw(String(field))})`;
  const digits = /^[\d\s.\-/()+]+$/.test(v) ? v.replace(/\D/g, '') : '';
  const [row] = await db
    .select({ values: mailingRows.values })
    .from(mailingRows)
    .where(
      and(
        eq(mailingRows.companyId, companyId),
        eq(mailingRows.mailingId, mailingId),
        digits.length >= 3
          ? sql`(lower(trim(${cell})) = lower(${v}) or regexp_replace(${cell}, '\\D', '', 'g') = ${digits})`
          : sql`lower(trim(${cell})) = lower(${v})`,
      ),
    )
    .orderBy(asc(mailingRows.rowNumber))
    .limit(1);
  return row?.values ?? null;
}
