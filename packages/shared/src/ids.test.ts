import { describe, expect, it } from 'vitest';
import {
  BIGINT_ID_MAX,
  INT4_MAX,
  zBigId,
  zBigIdParam,
  zId,
  zIdParam,
  zInt4,
  zInt4Param,
  zPage,
  zSectorChoiceId,
} from './ids';
import { MSG } from './messages';

const ok = (schema: { safeParse: (v: unknown) => { success: boolean } }, v: unknown) =>
  schema.safeParse(v).success;

describe('ids bounded to their column type', () => {
  it('an int4 id is 1…2147483647, an integer, a number in bodies', () => {
    expect(ok(zId(), 1)).toBe(true);
    expect(ok(zId(), INT4_MAX)).toBe(true);
    for (const bad of [0, -1, INT4_MAX + 1, 2 ** 53, 1e308, 1.5, Number.NaN, '1', null]) {
      expect(ok(zId(), bad), String(bad)).toBe(false);
    }
  });

  it('in a path or query the text is coerced and a bad one is an unknown record', () => {
    expect(zIdParam().parse('42')).toBe(42);
    for (const bad of ['2147483648', '9007199254740992', '1e308', '0', '-1', 'NaN', 'abc', '', '1.5']) {
      const r = zIdParam().safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(MSG.notFound);
    }
  });

  it('bigint ids (attendances, messages) go up to 2^53 − 1', () => {
    expect(zBigIdParam().parse('2147483648')).toBe(2147483648);
    expect(ok(zBigId(), BIGINT_ID_MAX)).toBe(true);
    expect(ok(zBigId(), BIGINT_ID_MAX + 1)).toBe(false);
    expect(ok(zBigIdParam(), '9007199254740992')).toBe(false);
  });

  it('a sector picker also takes the special sectors 0 and −1', () => {
    expect(ok(zSectorChoiceId(), 0)).toBe(true);
    expect(ok(zSectorChoiceId(), -1)).toBe(true);
    expect(ok(zSectorChoiceId(), -2)).toBe(false);
    expect(ok(zSectorChoiceId(), INT4_MAX + 1)).toBe(false);
  });

  it('other int4 integers: 0…2^31−1 unless narrowed, with the given texts', () => {
    expect(ok(zInt4(), 0)).toBe(true);
    expect(ok(zInt4(), INT4_MAX + 1)).toBe(false);
    const minutes = zInt4({ min: 1, tooSmall: 'maior que zero' });
    expect(minutes.safeParse(0).error?.issues[0]?.message).toBe('maior que zero');
    expect(minutes.safeParse(INT4_MAX + 1).error?.issues[0]?.message).not.toBe('maior que zero');
    expect(zInt4Param({ min: 1, max: 100 }).safeParse('101').success).toBe(false);
    expect(zPage().parse(undefined)).toBe(1);
    expect(zPage().safeParse('2147483648').success).toBe(false);
  });
});
