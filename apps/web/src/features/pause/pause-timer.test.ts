import { describe, expect, it } from 'vitest';
import { formatClock, pauseElapsed, pauseEndsLabel, pauseRemaining } from './pause-timer';

describe('cronômetro da pausa', () => {
  it('formats a running clock', () => {
    expect(formatClock(0)).toBe('00:00:00');
    expect(formatClock(999)).toBe('00:00:00');
    expect(formatClock(61_000)).toBe('00:01:01');
    expect(formatClock(3_723_000)).toBe('01:02:03');
    expect(formatClock(26 * 3_600_000)).toBe('26:00:00');
    expect(formatClock(-5000)).toBe('00:00:00');
  });

  it('counts from the start of the pause', () => {
    const start = '2026-03-10T13:00:00.000Z';
    expect(pauseElapsed(start, Date.parse(start) + 95_000)).toBe('00:01:35');
    expect(pauseElapsed(null, Date.now())).toBe('00:00:00');
  });

  it('shows the end of the pause in the user timezone and what is left', () => {
    expect(pauseEndsLabel('2026-03-10T13:45:00.000Z', 'America/Sao_Paulo')).toBe('A pausa termina às 10:45');
    expect(pauseEndsLabel('2026-03-10T13:45:00.000Z', 'UTC')).toBe('A pausa termina às 13:45');
    expect(pauseRemaining('2026-03-10T13:45:00.000Z', Date.parse('2026-03-10T13:30:30.000Z'))).toBe(
      '00:14:30',
    );
    expect(pauseRemaining(null, 0)).toBeNull();
  });
});
