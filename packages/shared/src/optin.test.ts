import { describe, expect, it } from 'vitest';
import {
  formatPhoneKey,
  isOptInText,
  isOptOutText,
  OPTIN_MSG,
  ZOptinChangeInput,
  ZOptinSearchQuery,
} from './optin';

describe('opt-out and opt-in words', () => {
  it('reads the whole text, any case, accents and closing punctuation', () => {
    for (const t of ['SAIR', 'sair', '  Sair  ', 'Parar!', 'párar.', 'descadastrar'])
      expect(isOptOutText(t), t).toBe(true);
  });

  it('does not read a word inside a sentence, nor an empty text', () => {
    for (const t of ['quero sair da fila', 'não vou parar agora', 'SAIRR', '', null, undefined])
      expect(isOptOutText(t), String(t)).toBe(false);
  });

  it('knows the way back', () => {
    expect(isOptInText('voltar')).toBe(true);
    expect(isOptInText('Aceito!')).toBe(true);
    expect(isOptInText('sair')).toBe(false);
  });
});

describe('opt-in contract', () => {
  it('needs a channel and a page size of the list', () => {
    const r = ZOptinSearchQuery.safeParse({});
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(OPTIN_MSG.channelRequired);
    expect(ZOptinSearchQuery.safeParse({ channel_id: '3', per_page: '20' }).success).toBe(false);
    const ok = ZOptinSearchQuery.parse({ channel_id: '3' });
    expect(ok).toMatchObject({ channel_id: 3, page: 1, per_page: 15, status: 'all' });
  });

  it('changes some ids or one number, never nothing', () => {
    const none = ZOptinChangeInput.safeParse({ channel_id: 1, ids: [] });
    expect(none.success).toBe(false);
    expect(none.error?.issues[0]?.message).toBe(OPTIN_MSG.targetRequired);
    expect(ZOptinChangeInput.safeParse({ channel_id: 1, uid: '  ' }).success).toBe(false);
    expect(ZOptinChangeInput.safeParse({ channel_id: 1, ids: [1, 2] }).success).toBe(true);
    expect(ZOptinChangeInput.safeParse({ channel_id: 1, uid: '11 98888-7777' }).success).toBe(true);
    const many = ZOptinChangeInput.safeParse({
      channel_id: 1,
      ids: Array.from({ length: 501 }, (_, i) => i + 1),
    });
    expect(many.error?.issues[0]?.message).toBe(OPTIN_MSG.tooMany);
  });
});

describe('formatPhoneKey', () => {
  it('shows Brazilian numbers with DDD and others with their country code', () => {
    expect(formatPhoneKey('5511988887777')).toBe('+55 (11) 98888-7777');
    expect(formatPhoneKey('551133334444')).toBe('+55 (11) 3333-4444');
    expect(formatPhoneKey('14155550100')).toBe('+14155550100');
    expect(formatPhoneKey('ana@x.com')).toBe('ana@x.com');
  });
});
