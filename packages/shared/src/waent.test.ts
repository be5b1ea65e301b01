import { describe, expect, it } from 'vitest';
import { maskSecret, WAENT_MSG, windowOpen, ZWaentChannelInput, ZWaentChannelPatch } from './waent';

const valid = {
  name: 'Loja',
  default_sector_id: 1,
  broker: 'meta',
  phone_number_id: '123',
  waba_id: '456',
  access_token: 'tok',
  app_secret: 'sec',
  verify_token: 'ver',
};

describe('WhatsApp Enterprise channel rules', () => {
  it('asks for name, sector and broker with one text', () => {
    for (const k of ['name', 'default_sector_id', 'broker'] as const) {
      const r = ZWaentChannelInput.safeParse({ ...valid, [k]: undefined });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(WAENT_MSG.required);
    }
    expect(ZWaentChannelInput.safeParse(valid).success).toBe(true);
    expect(ZWaentChannelPatch.safeParse({ name: '' }).error?.issues[0]?.message).toBe(WAENT_MSG.required);
    expect(ZWaentChannelPatch.safeParse({ access_token: '' }).success).toBe(true);
  });

  it('checks the API URL and the rate', () => {
    expect(ZWaentChannelInput.safeParse({ ...valid, api_base_url: 'ftp://x' }).success).toBe(false);
    expect(ZWaentChannelInput.safeParse({ ...valid, api_base_url: 'http://127.0.0.1:9/v19.0' }).success).toBe(
      true,
    );
    expect(ZWaentChannelInput.safeParse({ ...valid, messages_per_second: 0 }).success).toBe(false);
    expect(ZWaentChannelInput.safeParse({ ...valid, messages_per_second: 1001 }).success).toBe(false);
  });

  it('masks secrets and tells whether the 24-hour window is open', () => {
    expect(maskSecret('EAAGabcd1a2b')).toBe('••••1a2b');
    const now = Date.parse('2026-05-10T12:00:00Z');
    expect(windowOpen('2026-05-09T12:30:00Z', now)).toBe(true);
    expect(windowOpen('2026-05-09T11:59:00Z', now)).toBe(false);
    expect(windowOpen(null, now)).toBe(false);
  });
});
