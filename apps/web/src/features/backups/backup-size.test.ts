import { describe, expect, it } from 'vitest';
import { formatSize } from './backup-size';

describe('formatSize', () => {
  it('shows bytes, KB and MB in Portuguese notation', () => {
    expect(formatSize(null)).toBe('—');
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(3482)).toBe('3,4 KB');
    expect(formatSize(1_258_291)).toBe('1,2 MB');
  });
});
