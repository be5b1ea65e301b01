import { describe, expect, it } from 'vitest';
import { dbInputErrorCode } from './db-input-error';
import { MAX_JSON_DEPTH, stripNul, unstorable } from './refuse-nul';

describe('values PostgreSQL cannot store', () => {
  it('finds a NUL in any text or key, however deep', () => {
    expect(unstorable({ a: ['x', { b: 'y\u0000' }] })).toBe('nul');
    expect(unstorable({ 'k\u0000': 1 })).toBe('nul');
    expect(unstorable('\u0000')).toBe('nul');
    expect(unstorable({ a: ['x', { b: 'y', n: 1, z: null }] })).toBeNull();
    expect(unstorable(Buffer.from([0]))).toBeNull();
  });

  it('refuses nesting past the limit without overflowing the stack itself', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unstorable(deep)).toBe('depth');
    let fine: unknown = 'x';
    for (let i = 0; i < MAX_JSON_DEPTH; i++) fine = { a: fine };
    expect(unstorable(fine)).toBeNull();
  });

  it('strips NULs from a provider payload, keeping everything else', () => {
    expect(stripNul({ entry: [{ text: 'o\u0000i', 'k\u0000': 2, n: 1, ok: true }] })).toEqual({
      entry: [{ text: 'oi', k: 2, n: 1, ok: true }],
    });
  });

  it("recognises PostgreSQL's data exceptions, also wrapped by the driver layer", () => {
    expect(dbInputErrorCode({ code: '22P02' })).toBe('22P02');
    expect(dbInputErrorCode(Object.assign(new Error('query failed'), { cause: { code: '22003' } }))).toBe(
      '22003',
    );
    expect(dbInputErrorCode({ code: '23505' })).toBeNull();
    expect(dbInputErrorCode(new Error('x'))).toBeNull();
  });
});
