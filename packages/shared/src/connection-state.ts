// The connection state of a channel that keeps one (a polled bot, a mailbox read over IMAP): channels.connection_state.
export const CONNECTION_STATES = ['none', 'starting', 'connected', 'disconnected', 'error'] as const;
export type TConnectionStateName = (typeof CONNECTION_STATES)[number];

/** What the channel lists show for each state. */
export const CONNECTION_STATE_LABEL: Record<TConnectionStateName, string> = {
  none: 'Aguardando',
  starting: 'Conectando',
  connected: 'Conectado',
  disconnected: 'Desativado',
  error: 'Erro',
};
