import { capabilitiesOf } from '@prosa/shared/channel-capabilities';
import { META_WINDOW_MSG } from '@prosa/shared/meta-window';
import { describe, expect, it } from 'vitest';
import { windowBannerText, windowLength } from './window-banner-text';

describe('closed-window banner text', () => {
  it('WhatsApp Enterprise: 24 hours, a template (HSM) offered', () => {
    expect(windowBannerText(capabilitiesOf('waent'))).toEqual({
      title: 'Janela de 24 horas fechada',
      detail: 'O contato não escreve há mais de 24 horas: só é possível enviar um modelo (HSM) aprovado.',
      offersTemplates: true,
    });
  });

  it('Messenger and Instagram: their 7 days and their own refusal text, no template', () => {
    expect(windowBannerText(capabilitiesOf('fa'))).toEqual({
      title: 'Janela de 7 dias fechada',
      detail: META_WINDOW_MSG.windowClosed,
      offersTemplates: false,
    });
    expect(windowBannerText(capabilitiesOf('insta'))).toEqual({
      title: 'Janela de 7 dias fechada',
      detail: META_WINDOW_MSG.instaWindowClosed,
      offersTemplates: false,
    });
  });

  it('says nothing for a channel without a window', () => {
    expect(windowBannerText(capabilitiesOf('web'))).toBeNull();
    expect(windowLength(24)).toBe('24 horas');
    expect(windowLength(168)).toBe('7 dias');
  });
});
