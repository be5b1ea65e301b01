import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('pt-br');

export const DEFAULT_TIMEZONE = 'America/Sao_Paulo';

/** DD/MM/YYYY in the company's timezone (ARCHITECTURE: UI dates). */
export function formatDate(value: Date | string, tz: string = DEFAULT_TIMEZONE): string {
  return dayjs(value).tz(tz).format('DD/MM/YYYY');
}

export function formatDateTime(value: Date | string, tz: string = DEFAULT_TIMEZONE): string {
  return dayjs(value).tz(tz).format('DD/MM/YYYY HH:mm:ss');
}

/** 'DD/MM/YYYY' as typed by a user → 'YYYY-MM-DD' as sent to the server; null when not a real date. */
export function brDateToIso(value: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  const d = dayjs(iso, 'YYYY-MM-DD');
  return d.isValid() && d.format('YYYY-MM-DD') === iso ? iso : null;
}

/** The instant a calendar day ('YYYY-MM-DD') starts in a timezone: date filters follow the company's clock. */
export function startOfDayIn(isoDate: string, tz: string = DEFAULT_TIMEZONE): Date {
  return dayjs.tz(isoDate, 'YYYY-MM-DD', tz).toDate();
}

/** 'YYYY-MM-DD' (database) → 'DD/MM/YYYY' (screens and API). */
export function isoToBrDate(iso: string | null): string | null {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : null;
}

/**
 * The wall-clock weekday (0 Sunday … 6 Saturday) and minute of the day of an instant in a timezone (an unknown
 * zone: the default one). Working hours of triggers and flows are read with it.
 */
export function localTime(now: Date, timeZone: string): { weekday: number; minutes: number } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now);
  } catch {
    return localTime(now, DEFAULT_TIMEZONE);
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return { weekday, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}
