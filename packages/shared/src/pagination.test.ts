import { describe, expect, it } from 'vitest';
import { durationLabel, elapsedLabel } from './elapsed';
import { pageWindow, totalPages } from './pagination';

describe('page window', () => {
  it('shows every page when there are few', () => {
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 0)).toEqual([]);
  });
  it('shows the first 3, the last 3 and 2 around the current page', () => {
    expect(pageWindow(10, 20)).toEqual([1, 2, 3, 'gap', 8, 9, 10, 11, 12, 'gap', 18, 19, 20]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 'gap', 18, 19, 20]);
    expect(pageWindow(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap', 18, 19, 20]);
    expect(pageWindow(20, 20)).toEqual([1, 2, 3, 'gap', 18, 19, 20]);
  });
  it('counts pages of 100 cards', () => {
    expect(totalPages(0)).toBe(1);
    expect(totalPages(100)).toBe(1);
    expect(totalPages(101)).toBe(2);
  });
});

describe('time labels', () => {
  it('uses s, m, h, d', () => {
    const now = 1_000_000_000;
    expect(elapsedLabel(now - 5_000, now)).toBe('5s');
    expect(elapsedLabel(now - 5 * 60_000, now)).toBe('5m');
    expect(elapsedLabel(now - 3 * 3600_000, now)).toBe('3h');
    expect(elapsedLabel(now - 49 * 3600_000, now)).toBe('2d');
    expect(elapsedLabel(now + 1000, now)).toBe('0s');
  });
  it('formats durations', () => {
    expect(durationLabel(12)).toBe('12s');
    expect(durationLabel(250)).toBe('4m 10s');
    expect(durationLabel(3 * 3600 + 300)).toBe('3h 5m');
    expect(durationLabel(90000)).toBe('1d 1h');
    expect(durationLabel(null)).toBe('—');
  });
});
