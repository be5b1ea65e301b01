import { CRM_SEARCH_MIN, CRM_WINDOW_DAYS } from '@prosa/shared/crm-texts';

const DAY_MS = 86_400_000;

/** A day 'YYYY-MM-DD' in the time zone. */
export function dayIn(tz: string, at: number): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(at));
}

/** Spec 1 §7: the default period is the last 30 days. */
export function defaultWindow(tz: string, now = Date.now()) {
  return { startAt: dayIn(tz, now - CRM_WINDOW_DAYS * DAY_MS), endAt: dayIn(tz, now) };
}

/** The screen's own check of the filters the server also refuses ('Favor verificar filtros da tela.'). */
export function filtersOk(f: { startAt: string | null; endAt: string | null; search: string }): boolean {
  const search = f.search.trim();
  if (search !== '' && search.length < CRM_SEARCH_MIN) return false;
  if (!f.startAt || !f.endAt) return false;
  const days = (Date.parse(f.endAt) - Date.parse(f.startAt)) / DAY_MS;
  return days >= 0 && days <= CRM_WINDOW_DAYS;
}
