import { describe, expect, it } from 'vitest';
import { locateServer, readBootCode } from './boot';

describe('readBootCode', () => {
  it('accepts only a well-formed code', () => {
    expect(readBootCode({ code: 'demo-empresa' })).toBe('demo-empresa');
    expect(readBootCode({ code: 'a"b<script>' })).toBeNull();
    expect(readBootCode({ code: 12 })).toBeNull();
    expect(readBootCode(undefined)).toBeNull();
    expect(readBootCode('demo-empresa')).toBeNull();
  });
});

describe('locateServer', () => {
  it('finds the script of this code among the others', () => {
    const server = locateServer('demo-empresa', [
      '',
      'https://cdn.example.com/jquery.js',
      'https://other.prosa.app/webchat/outro-codigo.js',
      'https://atendimento.prosa.app/webchat/demo-empresa.js',
    ]);
    expect(server).toEqual({
      origin: 'https://atendimento.prosa.app',
      base: 'https://atendimento.prosa.app',
      socketPath: '/socket.io',
    });
  });

  it('keeps a port and a path prefix', () => {
    expect(locateServer('abcd', ['http://localhost:3200/prosa/webchat/abcd.js?v=2'])).toEqual({
      origin: 'http://localhost:3200',
      base: 'http://localhost:3200/prosa',
      socketPath: '/prosa/socket.io',
    });
  });

  it('returns null when no script matches', () => {
    expect(
      locateServer('abcd', [
        'https://x.com/webchat/abcde.js',
        'not a url',
        'data:text/javascript,/webchat/abcd.js',
      ]),
    ).toBeNull();
  });
});
