import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

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
