import { describe, expect, it } from 'vitest';
import { caretAfterDigits } from './phone-input';

describe('phone mask caret', () => {
  it('stays after the same digit once the mask is applied again', () => {
    expect(caretAfterDigits('(11) 98765-4321', 2)).toBe(3);
    expect(caretAfterDigits('(11) 98765-4321', 3)).toBe(6);
    expect(caretAfterDigits('(11) 98765-4321', 7)).toBe(10);
    expect(caretAfterDigits('(11) 98765-4321', 11)).toBe(15);
    expect(caretAfterDigits('(11', 0)).toBe(1);
  });
});
