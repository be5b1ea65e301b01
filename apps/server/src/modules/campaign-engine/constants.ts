// The sending engine's knobs (issue 18). Contact statuses the engine moves between:
//   pending → sending (claimed by a node, about to call the provider) → sent → delivered → read
//   sending → pending (the provider said "later": 130429, 5xx), failure (refused), unknown (no answer / the node died)
//   unknown → sent/delivered/read/failure by the provider's status webhook (it echoes our reference), or, after
//   UNKNOWN_GRACE_MS without one, pending again on WhatsApp Cloud (Meta always sends a 'sent' status for a message it
//   accepted) and failure elsewhere (never sent twice blindly).

/** Statuses in which a recipient is still the engine's. */
export const OPEN_CONTACT_STATUSES = ['pending', 'sending', 'unknown'] as const;

/** A claim older than this belongs to a node that died or stalled: its recipients become `unknown`. */
export const CLAIM_LEASE_MS = 60_000;

/** How long an `unknown` recipient waits for the provider's status before it is decided without it (config
 * CAMPAIGN_UNKNOWN_GRACE_MS). */
export const UNKNOWN_GRACE_MS = 5 * 60_000;

/** Default sends a second when the channel sets none: the Cloud API's 80 for a number, 10 for an SMS broker. */
export const DEFAULT_RATE: Record<string, number> = { waent: 80, sms: 10 };

/** The WhatsApp Cloud business portfolio's 24-hour limits of unique contacts (waent channel `messaging_limit`). */
export const MESSAGING_LIMITS: Record<string, number | null> = {
  '250': 250,
  '2000': 2000,
  '10000': 10_000,
  '100000': 100_000,
  unlimited: null,
};

/**
 * WhatsApp by QR anti-ban pacing (campaign `whatsapp.pacing` may change it): at least `min_interval_ms` between two
 * messages of a number plus a random 0..`jitter_ms`, and a pause of `pause_ms` every `pause_every` messages.
 */
export const WAWEB_PACING = { min_interval_ms: 8000, jitter_ms: 4000, pause_every: 25, pause_ms: 60_000 };

/** Cloud API error codes the engine reads. */
export const RATE_LIMIT_CODE = 130429;
export const MARKETING_LIMIT_CODE = 131049;

/** Texts kept on recipients and campaigns (shown on the details). */
export const ENGINE_MSG = {
  unknownNumber: 'Número não conhecido no WhatsApp.',
  blocked: 'Contato bloqueado.',
  optedOut: 'Contato pediu para não receber campanhas.',
  noChannel: 'Canal removido ou indisponível.',
  invalidContent: 'Conteúdo da campanha inválido.',
  noAnswer: 'Sem resposta do provedor.',
  qualityRed: 'Pausada: a qualidade do modelo HSM está vermelha (RED) na Meta.',
  portfolioLimit: (limit: number) =>
    `Aguardando: o limite de ${limit.toLocaleString('pt-BR')} contatos únicos em 24 horas do portfólio foi atingido.`,
  rateLimited: 'Limite de envio do número atingido (130429): reduzindo o ritmo.',
  marketingLimit: 'Limite de mensagens de marketing por usuário atingido (131049).',
} as const;
