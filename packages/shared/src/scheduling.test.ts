import { describe, expect, it } from 'vitest';
import { canScheduleChannel, isoToWallTime, returnAtError, SCHEDULE_MSG, wallTimeToIso } from './scheduling';

const NOW = new Date('2026-03-10T12:00:00Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);

describe('returnAtError', () => {
  it('accepts a return in the future up to one year ahead', () => {
    expect(returnAtError(later(60_000), NOW)).toBeNull();
    expect(returnAtError(later(365 * 86_400_000), NOW)).toBeNull();
  });

  it('refuses the past, now, more than a year, and an invalid date', () => {
    expect(returnAtError(later(-1), NOW)).toBe(SCHEDULE_MSG.returnAtPast);
    expect(returnAtError(NOW, NOW)).toBe(SCHEDULE_MSG.returnAtPast);
    expect(returnAtError(later(367 * 86_400_000), NOW)).toBe(SCHEDULE_MSG.returnAtTooFar);
    expect(returnAtError(new Date('x'), NOW)).toBe(SCHEDULE_MSG.returnAtRequired);
  });
});

describe('canScheduleChannel', () => {
  it('hides scheduling for web chat and NewChat only', () => {
    expect(canScheduleChannel('web')).toBe(false);
    expect(canScheduleChannel('nc')).toBe(false);
    expect(canScheduleChannel('waweb')).toBe(true);
    expect(canScheduleChannel('waent')).toBe(true);
    expect(canScheduleChannel('unknown')).toBe(false);
  });
});

describe('wall time in the company timezone', () => {
  it('turns the picker value into the instant and back', () => {
    expect(wallTimeToIso('2026-03-10 09:30:00', 'America/Sao_Paulo')).toBe('2026-03-10T12:30:00.000Z');
    expect(wallTimeToIso('2026-03-10 09:30', 'UTC')).toBe('2026-03-10T09:30:00.000Z');
    expect(wallTimeToIso('10/03/2026 09:30', 'UTC')).toBeNull();
    expect(isoToWallTime('2026-03-10T12:30:00.000Z', 'America/Sao_Paulo')).toBe('2026-03-10 09:30:00');
  });
});
