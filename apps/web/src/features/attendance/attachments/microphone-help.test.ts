import { describe, expect, it } from 'vitest';
import { browserOf } from './microphone-help';

describe('microphone permission screen: the browser whose steps open first', () => {
  it('tells Edge from Chrome, and Firefox', () => {
    const chrome =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    expect(browserOf(chrome)).toBe('chrome');
    expect(browserOf(`${chrome} Edg/131.0.0.0`)).toBe('edge');
    expect(browserOf('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'firefox',
    );
    expect(
      browserOf(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
      ),
    ).toBe('other');
  });
});
