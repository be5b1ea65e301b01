import { describe, expect, it } from 'vitest';
import {
  COMPANY_AUTOMATION_MSG,
  DEFAULT_BUSINESS_HOURS,
  outsideBusinessHours,
  readAutomaticAttendance,
  ZAutomaticAttendance,
} from './company-automation';

describe('company automatic attendance', () => {
  it('is outside the hours before the start, from the end on, and all day on a closed day', () => {
    const h = DEFAULT_BUSINESS_HOURS;
    // Wednesday 07:59, 08:00, 17:59, 18:00; Sunday noon.
    expect(outsideBusinessHours(h, 3, 7 * 60 + 59)).toBe(true);
    expect(outsideBusinessHours(h, 3, 8 * 60)).toBe(false);
    expect(outsideBusinessHours(h, 3, 17 * 60 + 59)).toBe(false);
    expect(outsideBusinessHours(h, 3, 18 * 60)).toBe(true);
    expect(outsideBusinessHours(h, 0, 12 * 60)).toBe(true);
  });

  it('refuses a bad time, an end before the start and an enabled reply without message', () => {
    const days = DEFAULT_BUSINESS_HOURS.map((d) => ({ ...d }));
    const first = (v: unknown) => ZAutomaticAttendance.safeParse(v).error?.issues[0]?.message;
    expect(first({ hours: days.map((d, i) => (i === 1 ? { ...d, start: '8h' } : d)) })).toBe(
      COMPANY_AUTOMATION_MSG.invalidTime,
    );
    expect(first({ hours: days.map((d, i) => (i === 1 ? { ...d, end: '07:00' } : d)) })).toBe(
      COMPANY_AUTOMATION_MSG.endBeforeStart,
    );
    expect(first({ out_of_hours: { enabled: true, message: '  ' } })).toBe(
      COMPANY_AUTOMATION_MSG.messageRequired,
    );
    expect(ZAutomaticAttendance.safeParse({}).success).toBe(true);
  });

  it('reads a broken stored value as the defaults', () => {
    expect(readAutomaticAttendance({ hours: 'x' }).hours).toEqual(DEFAULT_BUSINESS_HOURS);
    expect(readAutomaticAttendance(undefined).out_of_hours).toEqual({ enabled: false, message: '' });
  });
});
