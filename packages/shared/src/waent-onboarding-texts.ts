// WhatsApp Enterprise onboarding texts (spec 2 §8 WhatsApp). Zod-free: the waent screen imports them.

export const WAENT_ONB_MSG = {
  codeRequired: 'Favor informar o código.',
  codeRequested: 'Código solicitado com sucesso!',
  linked: 'Número vinculado com sucesso!',
  linkError: 'Não foi possível vincular o número.',
  requestFirst: 'Solicite o código antes de confirmar.',
  migrationUrlError: 'Erro ao gerar URL de migração',
  linkCopied: 'Link copiado com sucesso!',
  migrationInvalid: 'Link de migração inválido ou expirado.',
  loginCancelled: 'Login cancelado ou não autorizado.',
  disconnected: 'Canal desconectado! Certifique-se que o número informado é o mesmo do aparelho',
  migrated: 'Migração concluída com sucesso!',
  appRemoval: 'Remova o aplicativo WhatsApp Business do aparelho e confira se ele foi removido por completo.',
  appRemovalRequested: 'Remoção do aplicativo solicitada.',
  noWaba: 'Nenhuma conta do WhatsApp Business foi autorizada.',
  numbersLoadError: 'Erro ao carregar os números.',
  providerError: 'Erro ao comunicar com o WhatsApp.',
} as const;

export const CODE_METHODS = ['SMS', 'VOICE'] as const;
export type TCodeMethod = (typeof CODE_METHODS)[number];
export const CODE_METHOD_LABEL: Record<TCodeMethod, string> = { SMS: 'SMS', VOICE: 'Voz' };

/** Spec 2 §9: numbers table 300 per page; embedded signup SDK version. */
export const NUMBERS_PAGE_SIZE = 300;
export const EMBEDDED_SIGNUP_VERSION = 'v21.0';
/** The migration screen polls the app deletion every 30 s (spec 2 §4). */
export const APP_DELETION_POLL_MS = 30_000;
