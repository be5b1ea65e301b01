import { describe, expect, it } from 'vitest';
import { darkRuns, ITF_PATTERNS, itfBars } from './itf';

/** Modules as a string: 1 dark, 0 light. */
const bits = (digits: string) =>
  itfBars(digits)
    .map((d) => (d ? '1' : '0'))
    .join('');

const START = '1010';
const STOP = '11101';

describe('itfBars', () => {
  it('encodes "00": start, the pair with bars and spaces both n n w w n, stop', () => {
    // bar n, space n, bar n, space n, bar w, space w, bar w, space w, bar n, space n
    expect(bits('00')).toBe(`${START}1010111000111000${'10'}${STOP}`);
  });

  it('encodes "12": 1 (w n n n w) in the bars and 2 (n w n n w) in the spaces', () => {
    // bar w, space n, bar n, space w, bar n, space n, bar n, space n, bar w, space w
    expect(bits('12')).toBe(`${START}111010001010111000${STOP}`);
  });

  it('gives every digit two wide elements out of five (the ITF table)', () => {
    for (const p of ITF_PATTERNS) expect([...p].filter((c) => c === 'w')).toHaveLength(2);
    expect(new Set(ITF_PATTERNS).size).toBe(10);
  });

  it('draws a 44-digit boleto barcode with 114 bars over 405 modules', () => {
    const mods = itfBars('23794486900008280000278060000212552500392320');
    // 22 pairs × 5 bars + 2 start bars + 2 stop bars.
    expect(darkRuns(mods)).toHaveLength(114);
    // Each digit is 3 narrow + 2 wide (3 modules) = 9 modules; start 4, stop 5.
    expect(mods).toHaveLength(44 * 9 + 4 + 5);
    expect(mods[0]).toBe(true);
    expect(mods.at(-1)).toBe(true);
  });

  it('refuses an odd count of digits and non-digits', () => {
    expect(() => itfBars('123')).toThrow();
    expect(() => itfBars('')).toThrow();
    expect(() => itfBars('1a')).toThrow();
  });
});

describe('darkRuns', () => {
  it('lists each bar with its start and width', () => {
    expect(darkRuns([true, false, true, true, true, false, true])).toEqual([
      [0, 1],
      [2, 3],
      [6, 1],
    ]);
  });
});
