// States of a WhatsApp-by-QR channel (spec 2 §4, exactly as the spec names them), shared by the channel servers,
// the API and the screens (WhatsApp panel, Monitor).

export const WAWEB_STATES = [
  'unknown',
  'server-disconnected',
  'not-running',
  'not-found',
  'window-opening',
  'UNLAUNCHED',
  'OPENING',
  'PAIRING',
  'UNPAIRED_IDLE',
  'UNPAIRED',
  'TIMEOUT',
  'CONNECTED',
] as const;

export type TWawebState = (typeof WAWEB_STATES)[number];

/** What the screens show for a state: the spec's Portuguese names, and Portuguese words for the four it leaves unnamed. */
export const WAWEB_STATE_LABEL: Record<TWawebState, string> = {
  unknown: 'Desconhecido',
  'server-disconnected': 'Server não conectado',
  'not-running': 'Parado',
  'not-found': 'Não encontrado',
  'window-opening': 'Abrindo',
  UNLAUNCHED: 'Iniciando',
  OPENING: 'Carregando',
  PAIRING: 'Pareando',
  UNPAIRED_IDLE: 'QR expirou',
  UNPAIRED: 'Ler QR',
  TIMEOUT: 'Tempo esgotado',
  CONNECTED: 'Conectado',
};

const NOT_RUNNING = new Set<TWawebState>(['unknown', 'server-disconnected', 'not-running', 'not-found']);

/** Only CONNECTED is online. */
export const isWawebOnline = (s: TWawebState) => s === 'CONNECTED';

/** All but the first four count as running (a channel on a disconnected server is neither). */
export const isWawebRunning = (s: TWawebState) => !NOT_RUNNING.has(s);

/** PAIRING and TIMEOUT should notify. */
export const wawebStateNotifies = (s: TWawebState) => s === 'PAIRING' || s === 'TIMEOUT';

export const isWawebState = (v: unknown): v is TWawebState =>
  typeof v === 'string' && (WAWEB_STATES as readonly string[]).includes(v);
