import { describe, expect, it } from 'vitest';
import { CURRENT_RELEASE, compareVersions, findRelease, isReleaseVersion, RELEASES } from './releases';

describe('compareVersions', () => {
  it('compares number by number, not as text', () => {
    expect(compareVersions('0.10.0', '0.9.0')).toBeGreaterThan(0);
    expect(compareVersions('0.9.0', '0.10.0')).toBeLessThan(0);
    expect(compareVersions('1.0.0', '0.99.99')).toBeGreaterThan(0);
    expect(compareVersions('0.2.10', '0.2.9')).toBeGreaterThan(0);
    expect(compareVersions('0.13.0', '0.13.0')).toBe(0);
  });
});

describe('isReleaseVersion', () => {
  it('takes three numbers without leading zeros', () => {
    for (const ok of ['0.1.0', '0.13.0', '10.20.30']) expect(isReleaseVersion(ok)).toBe(true);
    for (const bad of ['', '0.1', '0.1.0.0', '01.1.0', 'v0.1.0', '0.1.0 ', 'a.b.c', '0..1', '1234567.0.0'])
      expect(isReleaseVersion(bad)).toBe(false);
  });
});

describe('RELEASES', () => {
  it('lists distinct, well-formed versions newest first, the current one first', () => {
    expect(CURRENT_RELEASE).toBe(RELEASES[0]);
    const versions = RELEASES.map((r) => r.version);
    expect(new Set(versions).size).toBe(versions.length);
    for (const [i, r] of RELEASES.entries()) {
      expect(isReleaseVersion(r.version)).toBe(true);
      expect(r.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(r.items.length).toBeGreaterThan(0);
      const older = RELEASES[i + 1];
      if (older) {
        expect(compareVersions(r.version, older.version)).toBeGreaterThan(0);
        expect(r.date >= older.date).toBe(true);
      }
    }
  });

  it('finds a release by its exact version only', () => {
    expect(findRelease('0.1.0')?.title).toBe('Plataforma, login com MFA e web chat');
    expect(findRelease('0.1')).toBeUndefined();
    expect(findRelease('9.9.9')).toBeUndefined();
  });
});
