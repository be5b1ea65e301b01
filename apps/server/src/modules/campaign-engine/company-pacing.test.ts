import { describe, expect, it } from 'vitest';
import { cappedRate, cappedSpacing } from './company-pacing';

describe('company campaign cap (settings tab 3)', () => {
  it('keeps the channel rate without a cap and lowers it to the cap', () => {
    expect(cappedRate(80, null)).toBe(80);
    expect(cappedRate(80, 600)).toBe(10);
    expect(cappedRate(80, 60)).toBe(1);
    // A cap above the channel's rate changes nothing.
    expect(cappedRate(10, 6000)).toBe(10);
  });

  it('widens the WhatsApp-by-QR spacing to the cap', () => {
    expect(cappedSpacing(12_000, null)).toBe(12_000);
    expect(cappedSpacing(12_000, 2)).toBe(30_000);
    expect(cappedSpacing(12_000, 60)).toBe(12_000);
  });
});
