import { describe, expect, it } from 'vitest';
import { locateBase, readBootHash, resolveHref } from './boot';

describe('multichannel widget boot', () => {
  it('accepts only a well-formed hash', () => {
    expect(readBootHash({ hash: 'AbCdEfGh12345678' })).toBe('AbCdEfGh12345678');
    expect(readBootHash({ hash: '<script>' })).toBeNull();
    expect(readBootHash(null)).toBeNull();
  });

  it('finds the server from the script src, keeping a proxy prefix', () => {
    expect(
      locateBase('AbCdEfGh1234', [
        '',
        'https://cdn.x.com/a.js',
        'https://prosa.com/app/multichannel/AbCdEfGh1234.js',
      ]),
    ).toBe('https://prosa.com/app');
    expect(locateBase('AbCdEfGh1234', ['javascript:alert(1)//multichannel/AbCdEfGh1234.js'])).toBeNull();
  });

  it('makes server paths absolute and drops links of other schemes', () => {
    expect(resolveHref('/newchat/abc', 'https://prosa.com')).toBe('https://prosa.com/newchat/abc');
    expect(resolveHref('https://wa.me/5511', 'https://prosa.com')).toBe('https://wa.me/5511');
    expect(resolveHref('mailto:a@b.com', 'https://prosa.com')).toBe('mailto:a@b.com');
    expect(resolveHref('javascript:alert(1)', 'https://prosa.com')).toBeNull();
  });
});
