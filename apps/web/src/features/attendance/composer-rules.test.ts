import { describe, expect, it } from 'vitest';
import { channelLimit, prepareOutgoing, quoteTooOld } from './composer-rules';
import { card } from './test-fixtures';

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
  it("counts against the card's limit (the server's: the channel's, 250 for Smart on SMS)", () => {
    expect(channelLimit(card({ id: 1, channel_kind: 'smart', text_limit: 250 }))).toBe(250);
    expect(channelLimit(card({ id: 2, channel_kind: 'smart', text_limit: 4096 }))).toBe(4096);
    expect(channelLimit(card({ id: 3, channel_kind: 'web', text_limit: null }))).toBeNull();
  });
});

describe('quoteTooOld', () => {
  it('is true past 30 days', () => {
    const now = Date.parse('2026-03-31T12:00:00Z');
    expect(quoteTooOld('2026-03-01T12:00:00Z', now)).toBe(false);
    expect(quoteTooOld('2026-03-01T11:59:00Z', now)).toBe(true);
  });
});
