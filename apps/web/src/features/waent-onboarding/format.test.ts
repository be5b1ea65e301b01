import { describe, expect, it } from 'vitest';
import { formatDay, formatPhone } from './format';

describe('numbers formatting', () => {
  it('shows the due date as DD/MM/YYYY and a missing one as a dash', () => {
    expect(formatDay('2027-03-31')).toBe('31/03/2027');
    expect(formatDay(null)).toBe('—');
    expect(formatDay('31/03/2027')).toBe('—');
  });
  it('shows stored digits as a phone number', () => {
    expect(formatPhone('5511999990000')).toBe('+55 11 99999-0000');
    expect(formatPhone('551140005050')).toBe('+55 11 4000-5050');
    expect(formatPhone('11977773030')).toBe('+55 11 97777-3030');
    expect(formatPhone('123')).toBe('123');
    expect(formatPhone(null)).toBe('—');
  });
});
