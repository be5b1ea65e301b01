import { describe, expect, it } from 'vitest';
import { channelServerUrl, facebookGraphUrl, loadConfig } from './config';

describe('ROLE', () => {
  it('runs everything in one process by default, channel server included', () => {
    expect([...loadConfig({}).ROLE].sort()).toEqual(['api', 'channels', 'worker']);
    expect(loadConfig({}).WAWEB_CAPACITY).toBe(200);
  });

  it('takes any combination of api, worker and channels, and refuses anything else', () => {
    expect([...loadConfig({ ROLE: 'channels' }).ROLE]).toEqual(['channels']);
    expect([...loadConfig({ ROLE: 'api, worker' }).ROLE].sort()).toEqual(['api', 'worker']);
    expect(() => loadConfig({ ROLE: 'api,cozinha' })).toThrow(/ROLE deve combinar api, worker e channels/);
  });
});

describe('CHANNEL_SERVER_URL', () => {
  it('is where the other nodes reach the control calls: PUBLIC_URL unless given, without a trailing slash', () => {
    expect(channelServerUrl(loadConfig({ PUBLIC_URL: 'https://prosa.exemplo.com.br/' }))).toBe(
      'https://prosa.exemplo.com.br',
    );
    expect(
      channelServerUrl(
        loadConfig({
          PUBLIC_URL: 'https://prosa.exemplo.com.br',
          CHANNEL_SERVER_URL: 'http://10.0.0.7:3000',
        }),
      ),
    ).toBe('http://10.0.0.7:3000');
    expect(() => loadConfig({ CHANNEL_SERVER_URL: 'nao-e-url' })).toThrow(/CHANNEL_SERVER_URL/);
  });
});

describe('WAWEB_MEDIA_URL', () => {
  it('is optional (WhatsApp’s own media hosts) and must be a URL when given', () => {
    expect(loadConfig({}).WAWEB_MEDIA_URL).toBeUndefined();
    expect(loadConfig({ WAWEB_MEDIA_URL: 'http://127.0.0.1:4100' }).WAWEB_MEDIA_URL).toBe(
      'http://127.0.0.1:4100',
    );
    expect(() => loadConfig({ WAWEB_MEDIA_URL: 'midia' })).toThrow(/WAWEB_MEDIA_URL/);
  });
});

describe('FACEBOOK_*', () => {
  it('points at Meta with Graph v19.0 by default; the app id, secret and verify token are optional', () => {
    const c = loadConfig({});
    expect(facebookGraphUrl(c)).toBe('https://graph.facebook.com/v19.0');
    expect(c.FACEBOOK_DIALOG_URL).toBe('https://www.facebook.com');
    expect(c.FACEBOOK_APP_ID).toBeUndefined();
    expect(c.FACEBOOK_APP_SECRET).toBeUndefined();
    expect(c.FACEBOOK_VERIFY_TOKEN).toBeUndefined();
  });

  it('takes a peer’s address and another version, and refuses a version that is not vN.N', () => {
    const c = loadConfig({ FACEBOOK_GRAPH_URL: 'http://127.0.0.1:4300/', FACEBOOK_GRAPH_VERSION: 'v21.0' });
    expect(facebookGraphUrl(c)).toBe('http://127.0.0.1:4300/v21.0');
    expect(() => loadConfig({ FACEBOOK_GRAPH_VERSION: '19' })).toThrow(/FACEBOOK_GRAPH_VERSION/);
    expect(() => loadConfig({ FACEBOOK_DIALOG_URL: 'facebook' })).toThrow(/FACEBOOK_DIALOG_URL/);
  });
});
