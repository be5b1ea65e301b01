// Calls the server makes on a user's behalf (provider APIs, webhooks, brokers): the outbound-URL guard's texts.
export const OUTBOUND_MSG = {
  /** Every refused or failed connection: no host, port or network detail reaches the user. */
  unreachable: 'Não foi possível conectar ao endereço informado.',
  /** A URL refused when saved. */
  urlNotAllowed: 'Endereço não permitido: informe uma URL https:// de um servidor público.',
} as const;

/** The stable error code of a refused or failed outbound connection. */
export const OUTBOUND_ERROR_CODE = 'OUTBOUND_UNREACHABLE';
