import { describe, expect, it } from 'vitest';
import {
  BLACKLIST_MSG,
  contactBlockKey,
  maskPhone,
  ZBlockInput,
  ZDenyInput,
  ZUnblockInput,
} from './blacklist';

const firstError = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : (r.error?.issues[0]?.message ?? null);

describe('block form (spec 3 §5)', () => {
  it('requires channel, contact and reason with their texts', () => {
    expect(firstError(ZBlockInput.safeParse({ contact: '11987654321', description: 'x' }))).toBe(
      BLACKLIST_MSG.channelRequired,
    );
    expect(firstError(ZBlockInput.safeParse({ prefix: 'sms', contact: ' ', description: 'x' }))).toBe(
      BLACKLIST_MSG.contactRequired,
    );
    expect(firstError(ZBlockInput.safeParse({ prefix: 'sms', contact: '11987654321' }))).toBe(
      BLACKLIST_MSG.reasonRequired,
    );
  });

  it('checks the e-mail format for e-mail and web, a phone for sms, waweb and waent', () => {
    for (const prefix of ['em', 'web'])
      expect(firstError(ZBlockInput.safeParse({ prefix, contact: 'fulano@', description: 'x' }))).toBe(
        BLACKLIST_MSG.invalidEmail,
      );
    for (const prefix of ['sms', 'waweb', 'waent'])
      expect(firstError(ZBlockInput.safeParse({ prefix, contact: '1234', description: 'x' }))).toBe(
        BLACKLIST_MSG.invalidPhone,
      );
    const ok = ZBlockInput.parse({ prefix: 'waweb', contact: '(11) 98765-4321', description: ' Spam ' });
    expect(ok).toEqual({
      prefix: 'waweb',
      channel_id: null,
      contact: '(11) 98765-4321',
      description: 'Spam',
    });
  });

  it('unblock and denial need their reasons', () => {
    expect(firstError(ZUnblockInput.safeParse({ description: '' }))).toBe(BLACKLIST_MSG.unblockReason);
    expect(firstError(ZDenyInput.safeParse({}))).toBe(BLACKLIST_MSG.denialReason);
  });
});

describe('contactBlockKey', () => {
  it('keys phones with the country code (ninth digit restored), e-mails lowercased, web visitors by their e-mail', () => {
    expect(contactBlockKey('waweb', '551198765432')).toBe('5511998765432');
    expect(contactBlockKey('sms', '(11) 98765-4321')).toBe('5511987654321');
    expect(contactBlockKey('em', 'Fulano@Exemplo.COM')).toBe('fulano@exemplo.com');
    expect(contactBlockKey('web', 'visitor-uuid', { contact_email: 'A@B.com' })).toBe('a@b.com');
    expect(contactBlockKey('web', 'visitor-uuid', {})).toBeNull();
    expect(contactBlockKey('fa', ' 1234567 ')).toBe('1234567');
  });
});

describe('maskPhone', () => {
  it('masks as the user types', () => {
    expect(maskPhone('11')).toBe('(11');
    expect(maskPhone('119876')).toBe('(11) 9876');
    expect(maskPhone('1198765432')).toBe('(11) 9876-5432');
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
    expect(maskPhone('5511987654321')).toBe('+55 (11) 98765-4321');
  });
});
