import { describe, expect, it } from 'vitest';
import { channelKindOffMessage, channelKindOn, kindsInUse } from './company-channels';
import { readCompanyMetadata } from './company-metadata';

describe('channel kinds in use', () => {
  it('every kind is on unless turned off', () => {
    const allow = readCompanyMetadata({}).allow;
    expect(allow.channel_waweb).toBe(true);
    expect(channelKindOn(allow, 'insta')).toBe(true);
    expect(channelKindOn(undefined, 'tg')).toBe(true);
  });

  it('a kind off leaves the filters; smsn follows sms; unknown kinds stay', () => {
    const allow = readCompanyMetadata({ allow: { channel_sms: false, channel_insta: false } }).allow;
    expect(channelKindOn(allow, 'smsn')).toBe(false);
    expect(kindsInUse(allow, ['waweb', 'insta', 'sms', 'smsn', 'other'])).toEqual(['waweb', 'other']);
    expect(channelKindOffMessage('insta')).toBe(
      'Os canais do tipo Instagram estão desativados para a empresa. Ative-os em Configurações > Canais.',
    );
  });
});
