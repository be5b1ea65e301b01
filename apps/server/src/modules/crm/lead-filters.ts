import { CRM_MSG, CRM_SEARCH_MIN, CRM_WINDOW_DAYS } from '@prosa/shared/crm-texts';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { badRequest } from '../../platform/errors';

dayjs.extend(utc);
dayjs.extend(timezone);

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const BR_DAY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** 'YYYY-MM-DD' (sent) or 'DD/MM/YYYY' (shown) → 'YYYY-MM-DD', or null when not a real day. */
export function parseDay(value: string): string | null {
  const iso = ISO_DAY.exec(value);
  const br = BR_DAY.exec(value);
  const day = iso ? `${iso[1]}-${iso[2]}-${iso[3]}` : br ? `${br[3]}-${br[2]}-${br[1]}` : null;
  if (!day) return null;
  return dayjs(day, 'YYYY-MM-DD').format('YYYY-MM-DD') === day ? day : null;
}

export type TLeadWindow = { from: Date; to: Date; startAt: string; endAt: string; search: string | null };

/**
 * Spec 1 §7, §9: the period (at most 30 days, the last 30 by default, days in the company's time zone) and the
 * search (more than 3 characters); anything else is 'Favor verificar filtros da tela.'.
 */
export function leadWindow(
  input: { startAt?: string; endAt?: string; search?: string },
  tz: string,
  now = new Date(),
): TLeadWindow {
  const today = dayjs(now).tz(tz).format('YYYY-MM-DD');
  const endAt = input.endAt ? parseDay(input.endAt) : today;
  const startAt = input.startAt
    ? parseDay(input.startAt)
    : endAt && dayjs(endAt).subtract(CRM_WINDOW_DAYS, 'day').format('YYYY-MM-DD');
  if (!startAt || !endAt) throw badRequest(CRM_MSG.filtersError);
  const days = dayjs(endAt).diff(dayjs(startAt), 'day');
  if (days < 0 || days > CRM_WINDOW_DAYS) throw badRequest(CRM_MSG.filtersError);
  const search = input.search?.trim() ?? '';
  if (search !== '' && search.length < CRM_SEARCH_MIN) throw badRequest(CRM_MSG.filtersError);
  return {
    from: dayjs.tz(startAt, tz).startOf('day').toDate(),
    to: dayjs.tz(endAt, tz).add(1, 'day').startOf('day').toDate(),
    startAt,
    endAt,
    search: search === '' ? null : search,
  };
}
