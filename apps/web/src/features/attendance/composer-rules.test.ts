import { describe, expect, it } from 'vitest';
import { channelLimit, prepareOutgoing, quoteTooOld } from './composer-rules';

describe('prepareOutgoing', () => {
  it('refuses an empty or blank message with the spec warning', () => {
    expect(prepareOutgoing('', null)).toEqual({ ok: false, warning: 'Sua mensagem está vazia.' });
    expect(prepareOutgoing('  \n ', null)).toEqual({ ok: false, warning: 'Sua mensagem está vazia.' });
  });

  it('refuses iframes in any case or spacing', () => {
    const warning = 'Mensagem do tipo Iframe não pode ser enviada!';
    expect(prepareOutgoing('<iframe src="x">', null)).toEqual({ ok: false, warning });
    expect(prepareOutgoing('veja < IFRAME/>', null)).toEqual({ ok: false, warning });
  });

  it('cuts the text to the channel limit and says so', () => {
    expect(prepareOutgoing('a'.repeat(260), 250)).toEqual({
      ok: true,
      text: 'a'.repeat(250),
      truncated: true,
    });
    expect(prepareOutgoing('olá', 250)).toEqual({ ok: true, text: 'olá', truncated: false });
    expect(prepareOutgoing('a'.repeat(5000), null)).toMatchObject({ ok: true, truncated: false });
  });
});

describe('channelLimit', () => {
  it('knows the limits of spec 1 §5 and none for web chat', () => {
    expect(channelLimit('fa')).toBe(1900);
    expect(channelLimit('sms')).toBe(250);
    expect(channelLimit('waent')).toBe(4096);
    expect(channelLimit('smart')).toBe(4096);
    expect(channelLimit('web')).toBeNull();
    expect(channelLimit('desconhecido')).toBeNull();
  });
});

describe('quoteTooOld', () => {
  it('is true past 30 days', () => {
    const now = Date.parse('2026-03-31T12:00:00Z');
    expect(quoteTooOld('2026-03-01T12:00:00Z', now)).toBe(false);
    expect(quoteTooOld('2026-03-01T11:59:00Z', now)).toBe(true);
  });
});
