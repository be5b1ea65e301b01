import { DEFAULT_TIMEZONE } from '@prosa/shared/dates';
import dayjs from 'dayjs';

/** DD/MM/YYYY HH:mm in the restored company's timezone (@prosa/shared/dates loads dayjs's timezone plugin). */
export function formatRestoredTime(value: string, tz: string = DEFAULT_TIMEZONE): string {
  return dayjs(value).tz(tz).format('DD/MM/YYYY HH:mm');
}
