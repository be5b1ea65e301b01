import { describe, expect, it } from 'vitest';
import {
  configuredTypes,
  cssHasHtml,
  isLinkUrl,
  MULTICHANNEL_DEFAULT_COLORS,
  MULTICHANNEL_MSG,
  type TMultichannelPayloadInput,
  validateMultichannel,
  ZMultichannelInput,
  ZMultichannelPayload,
  ZMultichannelWidget,
} from './multichannel';

const payload = (p: TMultichannelPayloadInput) => ZMultichannelPayload.parse(p);
const check = (name: string, p: TMultichannelPayloadInput) =>
  validateMultichannel({ name, payload: payload(p) })?.message ?? null;
const email = { em: { enabled: true, email: 'contato@empresa.com.br' } };

describe('multichannel validator (spec 2 §5)', () => {
  it('needs a name', () => {
    expect(check('  ', email)).toBe(MULTICHANNEL_MSG.nameRequired);
    expect(MULTICHANNEL_MSG.nameRequired).toBe('Preencha o campo Nome.');
    expect(check('Site', email)).toBeNull();
  });

  it('needs at least one channel enabled with its selection', () => {
    expect(check('Site', {})).toBe('Configure e ative pelo menos um dos canais.');
    // Selected but not enabled, or enabled without selection, does not count.
    expect(check('Site', { fa: { enabled: false, facebook_user_id: '123' } })).toBe(
      MULTICHANNEL_MSG.noChannel,
    );
    expect(check('Site', { fa: { enabled: true } })).toBe(MULTICHANNEL_MSG.noChannel);
    expect(check('Site', { web: { enabled: true } })).toBe(MULTICHANNEL_MSG.noChannel);
    expect(check('Site', { fa: { enabled: true, facebook_user_id: '123' } })).toBeNull();
    expect(check('Site', { web: { enabled: true, webchat: 4 } })).toBeNull();
  });

  it('counts Telegram only with channel and user', () => {
    expect(check('Site', { telegram: { enabled: true, telegram_channel: 3 } })).toBe(
      MULTICHANNEL_MSG.noChannel,
    );
    expect(check('Site', { telegram: { enabled: true, user_telegram: 'bot' } })).toBe(
      MULTICHANNEL_MSG.noChannel,
    );
    expect(
      check('Site', { telegram: { enabled: true, telegram_channel: 3, user_telegram: '@prosa_bot' } }),
    ).toBeNull();
    expect(payload({ telegram: { user_telegram: '@prosa_bot' } }).telegram.user_telegram).toBe('@prosa_bot');
  });

  it('call me needs an enabled web chat', () => {
    expect(check('Site', { ...email, web: { call_me_enabled: true, webchat: 4 } })).toBe(
      'Selecione e ative um Web Chat.',
    );
    expect(check('Site', { ...email, web: { call_me_enabled: true, enabled: true } })).toBe(
      MULTICHANNEL_MSG.webchatRequired,
    );
    expect(check('Site', { web: { call_me_enabled: true, enabled: true, webchat: 4 } })).toBeNull();
  });

  it('NewChat enabled needs a channel', () => {
    expect(check('Site', { ...email, nc: { enabled: true } })).toBe('Selecione e ative um Canal de NewChat.');
    expect(check('Site', { nc: { enabled: true, newchat: 9 } })).toBeNull();
  });

  it('WhatsApp enabled needs a number', () => {
    expect(check('Site', { ...email, waweb: { enabled: true } })).toBe(
      'Selecione pelo menos um número de whatsapp.',
    );
    expect(check('Site', { waweb: { enabled: true, number: [7] } })).toBeNull();
  });

  it('refuses HTML in the custom CSS', () => {
    for (const css of [
      '</style><script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      'a{}</STYLE >',
      '<!-- x -->',
      '< script>',
    ])
      expect(check('Site', { ...email, custom_css: css })).toBe(
        'O campo de CSS possui dados não permitidos.',
      );
    expect(cssHasHtml('.btn > span { color: red; } a:hover{content:"x"}')).toBe(false);
    expect(check('Site', { ...email, custom_css: '.mc-title { font-size: 30px }' })).toBeNull();
  });

  it('custom links need text and a URL with protocol and domain', () => {
    const link = (description: string, url: string) =>
      check('Site', { ...email, custom_links: [{ description, url }] });
    expect(link('', 'https://a.com')).toBe(MULTICHANNEL_MSG.linkTextRequired);
    expect(link('Loja', '')).toBe(MULTICHANNEL_MSG.linkUrlRequired);
    const invalid =
      'O campo Endereço contém uma URL inválida. Inclua o protocolo http:// ou https:// no endereço.';
    for (const url of [
      'www.loja.com',
      'javascript:alert(1)',
      'https://loja',
      'mailto:a@b.com',
      'https://exa mple.com',
    ])
      expect(link('Loja', url)).toBe(invalid);
    for (const url of ['https://loja.com.br', 'http://loja.com/p?a=1', 'ftp://files.loja.com:21/x'])
      expect(isLinkUrl(url)).toBe(true);
    expect(link('Loja', 'https://loja.com.br/produtos')).toBeNull();
  });

  it('an enabled e-mail must be an address', () => {
    expect(check('Site', { em: { enabled: true, email: 'nao-e-email' } })).toBe(
      MULTICHANNEL_MSG.emailInvalid,
    );
  });

  it('lists configured types in hotsite order', () => {
    const p = payload({ ...email, nc: { enabled: true, newchat: 2 }, waweb: { enabled: true, number: [1] } });
    expect(configuredTypes(p)).toEqual(['waweb', 'em', 'nc']);
  });

  it('the widget has the spec colours by default and the input schema reports the spec text', () => {
    const w = ZMultichannelWidget.parse({});
    expect([w.welcome_color, w.buttons_color, w.buttons_text_color]).toEqual([
      MULTICHANNEL_DEFAULT_COLORS.grey,
      MULTICHANNEL_DEFAULT_COLORS.green,
      MULTICHANNEL_DEFAULT_COLORS.white,
    ]);
    const r = ZMultichannelInput.safeParse({ name: 'Site', payload: {} });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(MULTICHANNEL_MSG.noChannel);
  });
});
