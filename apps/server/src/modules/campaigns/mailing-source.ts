import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { MailingRow } from './repository';

dayjs.extend(utc);
dayjs.extend(timezone);

// How a campaign reads a mailing: its columns (params with label and field index), its state on a day, the
// column an address or a variable comes from.

export type MailingColumn = { index: number; label: string; is_key_to_channel: string[] };

/** The mailing's columns: its params (field index, label), else its header. */
export function mailingColumns(m: Pick<MailingRow, 'params' | 'fields'>): MailingColumn[] {
  const fromParams = m.params
    .map((p) => {
      const index = Number(p.field);
      const label = typeof p.label === 'string' && p.label.trim() ? p.label.trim() : m.fields[index];
      const keys = Array.isArray(p.is_key_to_channel)
        ? p.is_key_to_channel.filter((k) => typeof k === 'string')
        : [];
      return Number.isInteger(index) && index >= 0 && label
        ? { index, label, is_key_to_channel: keys }
        : null;
    })
    .filter((c): c is MailingColumn => c !== null);
  if (fromParams.length > 0) return fromParams;
  return m.fields.map((label, index) => ({ index, label, is_key_to_channel: [] }));
}

const norm = (s: string) => s.trim().toLowerCase();

/** The column a campaign names: a param's label (case aside), a header name, or an index. */
export function findColumn(m: Pick<MailingRow, 'params' | 'fields'>, name: string): MailingColumn | null {
  const cols = mailingColumns(m);
  const wanted = norm(name);
  const byLabel = cols.find((c) => norm(c.label) === wanted);
  if (byLabel) return byLabel;
  const headerIndex = m.fields.findIndex((f) => norm(f) === wanted);
  if (headerIndex >= 0)
    return { index: headerIndex, label: m.fields[headerIndex] ?? name, is_key_to_channel: [] };
  if (/^\d+$/.test(wanted)) {
    const index = Number(wanted);
    const col = cols.find((c) => c.index === index);
    if (col) return col;
    if (index < m.fields.length) return { index, label: m.fields[index] ?? wanted, is_key_to_channel: [] };
  }
  return null;
}

/** The column holding the contact's name (labelled nome or name), if any. */
export function nameColumn(m: Pick<MailingRow, 'params' | 'fields'>): MailingColumn | null {
  return mailingColumns(m).find((c) => ['nome', 'name'].includes(norm(c.label))) ?? null;
}

export type MailingState = 'active' | 'expired' | 'inactive';

/** Spec 3 §4: inactive when not active, expired outside due_date_min..due_date_max on `day` (YYYY-MM-DD). */
export function mailingState(
  m: Pick<MailingRow, 'active' | 'dueDateMin' | 'dueDateMax'>,
  day: string,
): MailingState {
  if (!m.active) return 'inactive';
  if (m.dueDateMin && day < m.dueDateMin) return 'expired';
  if (m.dueDateMax && day > m.dueDateMax) return 'expired';
  return 'active';
}

/** A calendar day (YYYY-MM-DD) of an instant in a timezone. */
export function dayIn(at: Date, tz: string): string {
  try {
    return dayjs(at).tz(tz).format('YYYY-MM-DD');
  } catch {
    return dayjs(at).utc().format('YYYY-MM-DD');
  }
}

/** Whether a mailing is valid during a period (its validity overlaps [from, to], days YYYY-MM-DD). */
export function mailingCoversPeriod(
  m: Pick<MailingRow, 'active' | 'dueDateMin' | 'dueDateMax'>,
  from: string,
  to: string,
): boolean {
  if (!m.active) return false;
  if (m.dueDateMax && m.dueDateMax < from) return false;
  if (m.dueDateMin && m.dueDateMin > to) return false;
  return true;
}
