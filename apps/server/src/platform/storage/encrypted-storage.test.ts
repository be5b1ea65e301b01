import { describe, expect, it } from 'vitest';
import { decryptFile, encryptFile, isEncryptedFile } from './encrypted-storage';

const SECRET = 'test-secret-test-secret-test-secret-00';

describe('files encrypted at rest', () => {
  it('round-trips, with a fresh IV each time, and is told apart from plain files', () => {
    const plain = Buffer.from('conteúdo do anexo');
    const a = encryptFile(SECRET, 'att/1/2/x.pdf', plain);
    const b = encryptFile(SECRET, 'att/1/2/x.pdf', plain);
    expect(a.equals(b)).toBe(false);
    expect(a.includes(plain)).toBe(false);
    expect(isEncryptedFile(a)).toBe(true);
    expect(isEncryptedFile(plain)).toBe(false);
    expect(decryptFile(SECRET, 'att/1/2/x.pdf', a).equals(plain)).toBe(true);
  });

  it('does not open under another key, company or secret, nor when altered', () => {
    const sealed = encryptFile(SECRET, 'att/1/2/x.pdf', Buffer.from('segredo'));
    expect(() => decryptFile(SECRET, 'att/1/3/x.pdf', sealed)).toThrow();
    expect(() => decryptFile(SECRET, 'att/9/2/x.pdf', sealed)).toThrow();
    expect(() => decryptFile(`${SECRET}x`, 'att/1/2/x.pdf', sealed)).toThrow();
    const altered = Buffer.from(sealed);
    altered[altered.length - 1] = (altered[altered.length - 1] ?? 0) ^ 1;
    expect(() => decryptFile(SECRET, 'att/1/2/x.pdf', altered)).toThrow();
  });
});
