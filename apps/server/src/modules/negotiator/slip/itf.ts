// Interleaved 2 of 5 (ITF), the symbology of the boleto's barcode: digits in pairs, the first digit of a pair
// drawn by the five bars and the second by the five spaces between them; each digit has two wide elements.

/** Narrow (n) and wide (w) elements of each digit, per the ITF specification (ISO/IEC 16390). */
export const ITF_PATTERNS = [
  'nnwwn',
  'wnnnw',
  'nwnnw',
  'wwnnn',
  'nnwnw',
  'wnwnn',
  'nwwnn',
  'nnnww',
  'wnnwn',
  'nwnwn',
] as const;

/** The wide element is three narrow modules wide (FEBRABAN asks for a ratio between 2.25 and 3). */
export const ITF_WIDE = 3;

const START = 'nnnn';
const STOP = 'wnn';

function modules(pattern: string, firstDark: boolean): boolean[] {
  const out: boolean[] = [];
  let dark = firstDark;
  for (const el of pattern) {
    for (let i = 0; i < (el === 'w' ? ITF_WIDE : 1); i++) out.push(dark);
    dark = !dark;
  }
  return out;
}

/**
 * The barcode as modules, left to right: true is a dark (bar) module, false a light (space) one. Start pattern
 * (narrow bar, space, bar, space), the interleaved pairs, then the stop pattern (wide bar, narrow space, narrow
 * bar). Needs an even count of digits.
 */
export function itfBars(digits: string): boolean[] {
  if (!/^(\d\d)+$/.test(digits)) throw new Error('ITF: informe uma quantidade par de dígitos.');
  let pattern = START;
  for (let i = 0; i < digits.length; i += 2) {
    const bars = ITF_PATTERNS[Number(digits[i])] ?? '';
    const spaces = ITF_PATTERNS[Number(digits[i + 1])] ?? '';
    for (let k = 0; k < 5; k++) pattern += `${bars[k]}${spaces[k]}`;
  }
  pattern += STOP;
  return modules(pattern, true);
}

/** The dark runs of a module list as [start module, width in modules], to draw one rectangle per bar. */
export function darkRuns(mods: boolean[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  let start = -1;
  mods.forEach((dark, i) => {
    if (dark && start < 0) start = i;
    if (!dark && start >= 0) {
      runs.push([start, i - start]);
      start = -1;
    }
  });
  if (start >= 0) runs.push([start, mods.length - start]);
  return runs;
}
