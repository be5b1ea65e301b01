import { OutboundError } from '../../platform/outbound-url';

// Why a mail server connection failed, in Portuguese, for the channel's state and checkConfig (spec 2 §8: the
// check says which connection failed and why). The network detail goes to the log, not to the screen.

type MailError = {
  code?: unknown;
  responseCode?: unknown;
  authenticationFailed?: unknown;
  serverResponseCode?: unknown;
  responseText?: unknown;
  response?: unknown;
  message?: unknown;
};

export function describeMailError(err: unknown): string {
  if (err instanceof OutboundError) return 'Endereço do servidor não permitido.';
  const e = (typeof err === 'object' && err !== null ? err : {}) as MailError;
  const message = typeof e.message === 'string' ? e.message : '';
  // nodemailer wraps the socket's error (ESOCKET) and keeps its code only in the message.
  const inner = /\b(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET)\b/.exec(message)?.[1];
  const code = inner ?? (typeof e.code === 'string' ? e.code : '');
  if (e.authenticationFailed === true || code === 'EAUTH' || e.serverResponseCode === 'AUTHENTICATIONFAILED')
    return 'Usuário ou senha recusados pelo servidor.';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EDNS')
    return 'Servidor não encontrado (DNS).';
  if (code === 'ECONNREFUSED') return 'Conexão recusada pelo servidor (confira o endereço e a porta).';
  if (
    code === 'ETIMEDOUT' ||
    code === 'ETIMEOUT' ||
    code === 'CONNECT_TIMEOUT' ||
    code === 'GREETING_TIMEOUT'
  )
    return 'O servidor não respondeu a tempo.';
  if (code === 'ESOCKET' && /wrong version|ssl|tls/i.test(message))
    return 'Falha de TLS (confira a opção de conexão segura e a porta).';
  if (/ssl|tls|certificate/i.test(message))
    return 'Falha de TLS (confira a opção de conexão segura e a porta).';
  if (
    e.serverResponseCode === 'NONEXISTENT' ||
    /mailbox doesn'?t exist|nonexistent/i.test(String(e.responseText ?? message))
  )
    return 'A pasta informada não existe na caixa de e-mail.';
  if (typeof e.responseCode === 'number')
    return `O servidor recusou: ${String(e.response ?? message).slice(0, 200)}`;
  if (code === 'ECONNRESET' || code === 'ECONNECTION' || code === 'NoConnection' || /closed/i.test(message))
    return 'A conexão com o servidor caiu.';
  return 'Falha ao conectar ao servidor.';
}
