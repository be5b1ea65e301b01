import type { TChannelCapabilities } from '@prosa/shared/channel-capabilities';
import { WAENT_MSG } from '@prosa/shared/waent';

export type TWindowBannerText = { title: string; detail: string; offersTemplates: boolean };

/** "24 horas", "7 dias": a window of whole days longer than one is said in days. */
export function windowLength(hours: number): string {
  return hours > 24 && hours % 24 === 0 ? `${hours / 24} dias` : `${hours} horas`;
}

/**
 * What the closed-window banner says for a channel: WhatsApp's 24 hours with its templates, or the channel's own
 * window and refusal text (Messenger and Instagram: 7 days, no template to offer). Null: a channel with no window.
 */
export function windowBannerText(caps: TChannelCapabilities): TWindowBannerText | null {
  const w = caps.replyWindow;
  if (!w) return null;
  const title = `Janela de ${windowLength(w.hours)} fechada`;
  if (w.closedText) return { title, detail: w.closedText, offersTemplates: caps.templates };
  return {
    title: w.hours === 24 ? WAENT_MSG.windowClosedBanner : title,
    detail: `O contato não escreve há mais de ${windowLength(w.hours)}: só é possível enviar um modelo (HSM) aprovado.`,
    offersTemplates: caps.templates,
  };
}
