import { describe, expect, it } from 'vitest';
import { tamperSignature, tamperSignedUrl } from './tamper';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('tamperSignature', () => {
  it('changes the signature whatever its first character, and only that character', () => {
    for (const c of ALPHABET) {
      const sig = `${c}bcdef`;
      const tampered = tamperSignature(sig);
      expect(tampered).not.toBe(sig);
      expect(tampered.slice(1)).toBe('bcdef');
      expect(ALPHABET).toContain(tampered[0]);
    }
  });

  it('changes the sig parameter of a signed URL and keeps the rest', () => {
    const url = '/api/files/att/1/10/x.pdf?exp=1800000000&sig=_abc-DEF';
    expect(tamperSignedUrl(url)).toBe('/api/files/att/1/10/x.pdf?exp=1800000000&sig=Aabc-DEF');
  });
});
