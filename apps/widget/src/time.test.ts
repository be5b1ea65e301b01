import { describe, expect, it } from 'vitest';
import { formatTime } from './time';

describe('formatTime', () => {
  const now = new Date(2026, 2, 10, 18, 0);

  it('shows HH:mm for today', () => {
    expect(formatTime(new Date(2026, 2, 10, 9, 5).toISOString(), now)).toBe('09:05');
  });

  it('adds the day for older messages', () => {
    expect(formatTime(new Date(2026, 2, 9, 23, 59).toISOString(), now)).toBe('09/03 23:59');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatTime('ontem', now)).toBe('');
  });
});
