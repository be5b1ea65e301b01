import { describe, expect, it } from 'vitest';
import { signFileUrl, verifyFileUrl } from './signed-url';
import { isValidKey } from './storage';

const SECRET = 'segredo-de-teste-segredo-de-teste-123';
const parse = (url: string) => {
  const u = new URL(url, 'http://x');
  return {
    key: decodeURIComponent(u.pathname.replace('/api/files/', '')),
    exp: Number(u.searchParams.get('exp')),
    sig: u.searchParams.get('sig') ?? '',
  };
};

describe('signed file URLs', () => {
  const now = Date.UTC(2026, 0, 10, 12, 0, 0);
  const key = 'att/1/42/6f1c2a34-0000-4000-8000-000000000000.pdf';

  it('signs a URL that verifies until it expires', () => {
    const signed = signFileUrl(SECRET, key, 3600, now);
    expect(signed.url.startsWith(`/api/files/${key}?exp=`)).toBe(true);
    const parts = parse(signed.url);
    expect(parts.key).toBe(key);
    expect(verifyFileUrl(SECRET, parts, now)).toBe(true);
    expect(verifyFileUrl(SECRET, parts, signed.expiresAt.getTime() - 1000)).toBe(true);
    expect(verifyFileUrl(SECRET, parts, signed.expiresAt.getTime())).toBe(false);
    expect(signed.expiresAt.getTime()).toBeGreaterThanOrEqual(now + 3600_000);
  });

  it('refuses another key, a pushed expiry, a changed signature or another secret', () => {
    const parts = parse(signFileUrl(SECRET, key, 3600, now).url);
    expect(verifyFileUrl(SECRET, { ...parts, key: key.replace('/42/', '/43/') }, now)).toBe(false);
    expect(verifyFileUrl(SECRET, { ...parts, exp: parts.exp + 86_400 }, now)).toBe(false);
    expect(verifyFileUrl(SECRET, { ...parts, sig: `${parts.sig.slice(0, -1)}A` }, now)).toBe(false);
    expect(verifyFileUrl(SECRET, { ...parts, sig: '' }, now)).toBe(false);
    expect(verifyFileUrl(`${SECRET}x`, parts, now)).toBe(false);
  });

  it('accepts only our key shapes (no parent folders, no odd characters)', () => {
    expect(isValidKey(key)).toBe(true);
    expect(isValidKey('att/1/../2/x.pdf')).toBe(false);
    expect(isValidKey('/etc/passwd')).toBe(false);
    expect(isValidKey('att/1/x y.pdf')).toBe(false);
    expect(isValidKey('')).toBe(false);
  });
});
