// Chat list filters, their labels, the attendance texts and the search limit without zod: the chat's first
// load reads them; attendance.ts re-exports them.

export const ATTENDANCE_FILTERS = [
  'all',
  'unread_interaction',
  'unread_no_interaction',
  'read',
  'auto',
  'scheduled',
  'busy_client_interaction',
  'out_of_sla_interaction',
  'webchat_offline',
  'locked',
] as const;
export type TAttendanceFilter = (typeof ATTENDANCE_FILTERS)[number];

export const FILTER_LABEL: Record<TAttendanceFilter, string> = {
  all: 'Todos',
  unread_interaction: 'Não lidos com interação',
  unread_no_interaction: 'Não lidos sem interação',
  read: 'Lidos',
  auto: 'Automáticos',
  scheduled: 'Agendados',
  busy_client_interaction: 'Cliente ocupado',
  out_of_sla_interaction: 'Fora do SLA',
  webchat_offline: 'Web chat desconectado',
  locked: 'Travados',
};

export const ATT_MSG = {
  empty: 'Sua mensagem está vazia.',
  iframe: 'Mensagem do tipo Iframe não pode ser enviada!',
  sendError: 'Erro ao enviar Mensagem.',
  transferred: 'Este atendimento foi transferido para outro operador.',
  alreadyClosed: 'Atendimento já foi Finalizado!',
  notAvailable: 'Atendimento não disponível para operador',
  statusError: 'Erro ao alterar Status.',
  /** Spec 1 §8: the status change failed while the automatic distribution is on. */
  statusAutoDistError: 'Erro ao alterar Status (Auto Dist).',
  /** Spec 1 §8: the operator change failed without a server message. */
  operatorError: 'Não foi possível alterar.',
  /** Spec 1 §8: the company data (features, triage, distribution) the chat reads failed to load. */
  companyLoadError: 'Erro ao carregar os dados da empresa.',
  sectorError: 'Erro ao alterar setor.',
  sectorNotFound: 'O setor responsável pelo atendimento não foi localizado.',
  attendanceNotFound: 'O atendimento não foi localizado...',
  noPermission: 'Voce não tem permissão para executar essa ação.',
  /** Spec 1 §6: users are offered and handed chats only at or below the caller's role. */
  operatorAboveRole: 'Não é possível transferir para um usuário com função acima da sua.',
  statusChanged: 'Status alterado com sucesso!',
  finalized: 'Atendimento finalizado com sucesso!',
  operatorChanged: 'Operador alterado com sucesso!',
  sectorChanged: 'Setor alterado com sucesso!',
  notesSaved: 'Anotações salvas com sucesso!',
  messageSent: 'Mensagem enviada com sucesso!',
  quotedClosed: 'Ops! Essa mensagem é de um outro atendimento finalizado, envie-a novamente.',
  lockedRemoveError: 'Erro ao remover o atendimento travado.',
  historyLoadError: 'Não foi possível carregar o histórico deste contato.',
  noHistoryMessages: 'Não tem mensagens desse histórico.',
  copied: 'Conteúdo copiado com sucesso!',
  attachmentOnly: 'Segue arquivo(s) em anexo.',
  forwardText: 'PSC.',
} as const;

/** The failure text of a status change: the automatic distribution has its own (spec 1 §8). */
export function statusErrorText(autoDist: boolean): string {
  return autoDist ? ATT_MSG.statusAutoDistError : ATT_MSG.statusError;
}

/**
 * Outgoing messages that must end in error in a row (since the contact last wrote) for an open attendance to be
 * locked ("Travado"): docs/decisions/0011-locked-attendances.md.
 */
export const LOCK_AFTER_FAILED_SENDS = 3;

/** The chat list's search box (name, phone, protocol): the spec's search limit (§9 "Search text"). */
export const CARD_SEARCH_MAX = 255;
