// Meta's messaging window for pages and Instagram accounts, without zod (channel-capabilities.ts, read by the
// widget too, declares it): free replies within 24 h of the person's last message, the HUMAN_AGENT tag up to
// 7 days, nothing after.

export const FA_STANDARD_WINDOW_HOURS = 24;
export const FA_HUMAN_AGENT_WINDOW_HOURS = 7 * 24;

export const META_WINDOW_MSG = {
  windowClosed:
    'Fora da janela de 7 dias do Facebook: o contato não envia mensagens há mais de 7 dias, e o Facebook só permite responder até 7 dias após a última mensagem dele.',
  instaWindowClosed:
    'Fora da janela de 7 dias do Instagram: o contato não envia mensagens há mais de 7 dias, e o Instagram só permite responder até 7 dias após a última mensagem dele.',
} as const;
