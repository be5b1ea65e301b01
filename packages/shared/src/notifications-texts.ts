// Notification texts and constants without zod (issue 20; spec 2 §5, §9): the header's bell is in the chat's
// first load and reads them from here; notifications.ts re-exports them with the schemas.

export const NOTIFICATION_MSG = {
  titleRequired: 'O título é obrigatório.',
  modelRequired: 'O modelo é obrigatório.',
  contentRequired: 'Informe a descrição ou a imagem.',
  linkNeedsImage: 'O link precisa de uma imagem.',
  linkInvalid: 'Informe um link válido (http:// ou https://).',
  endRequired: 'Informe a data de término.',
  endAfterStart: 'A data de término deve ser posterior à data de início.',
  dateInvalid: 'Data inválida.',
  invalidJson: 'Os dados extras contêm um JSON inválido.',
  invalidImage: 'O arquivo não é uma imagem válida',
  tooLarge: 'Tamanho máximo 2MB excedido!',
  uploadError: 'Erro ao realizar upload da imagem.',
  invalidPhone: 'Por favor, informe um número de telefone válido.',
  nameRequired: 'Informe o seu nome.',
  statusInvalid: 'Status inválido.',
  audienceInvalid: 'Público inválido.',
  notFound: 'Notificação não encontrada.',
  companyNotFound: 'Empresa não encontrada.',
  notAnOffer: 'Esta notificação não recebe interesse.',
  leadExists: 'Você já demonstrou interesse nesta notificação.',
  created: 'Notificação criada com sucesso!',
  updated: 'Notificação atualizada com sucesso!',
  deleted: 'Notificação excluída com sucesso!',
  read: 'Notificação marcada como lida.',
  leadSaved: 'Obrigado! Recebemos o seu interesse e entraremos em contato.',
  loadError: 'Não foi possível carregar as notificações.',
  saveError: 'Erro ao salvar a notificação.',
  deleteError: 'Erro ao excluir a notificação.',
  readError: 'Erro ao marcar a notificação como lida.',
  /** Spec 2 §8: the user's answer to a notification (the interested lead) did not go through. */
  answerError: 'Não foi possível enviar sua resposta.',
} as const;

/** The failure text of answering a notification: the lead form's answer, or marking it read. */
export function answerFailureText(withLead: boolean): string {
  return withLead ? NOTIFICATION_MSG.answerError : NOTIFICATION_MSG.readError;
}

/** Admin list page size (spec 2 §9: notifications 50 per page). */
export const NOTIFICATIONS_PER_PAGE = 50;
/** Largest notification image (spec 2 §9: upload max 2MB). */
export const NOTIFICATION_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** What the image picker accepts (spec 2 §5: jpg/jpeg/png only). */
export const NOTIFICATION_IMAGE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';
export const NOTIFICATION_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;

/** Notification models: a plain notice, or an offer the user may answer with interest (name + phone). */
export const NOTIFICATION_MODEL = { notice: 1, lead: 2 } as const;
export const NOTIFICATION_MODELS = [
  { id: NOTIFICATION_MODEL.notice, name: 'Comunicado', description: 'Um aviso para os usuários.' },
  {
    id: NOTIFICATION_MODEL.lead,
    name: 'Lead interessado',
    description: 'Uma oferta: o usuário pode dizer que tem interesse e deixar nome e telefone.',
  },
] as const;

export function notificationModelName(id: number): string {
  return NOTIFICATION_MODELS.find((m) => m.id === id)?.name ?? `Modelo ${id}`;
}

/** spec 2 §4 schedule_status, with the words the screens show. */
export const NOTIFICATION_STATUSES = ['ACTIVE', 'PAUSED', 'CANCELED'] as const;
export type TNotificationStatus = (typeof NOTIFICATION_STATUSES)[number];
export const NOTIFICATION_STATUS_LABEL: Record<TNotificationStatus, string> = {
  ACTIVE: 'Ativa',
  PAUSED: 'Pausada',
  CANCELED: 'Cancelada',
};

export const NOTIFICATION_AUDIENCES = ['all', 'managers', 'operators'] as const;
export type TNotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];
export const NOTIFICATION_AUDIENCE_LABEL: Record<TNotificationAudience, string> = {
  all: 'Todos os usuários',
  managers: 'Gestores e administradores',
  operators: 'Operadores',
};

/** The interested lead's phone (spec 2 §5): (DD) DDDDD-DDDD. */
export const LEAD_PHONE_PATTERN = /^\(\d{2}\) \d{5}-\d{4}$/;

/** Digits typed so far → the (DD) DDDDD-DDDD mask, as far as they go (at most 11 digits). */
export function maskLeadPhone(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 11);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  if (d.length <= 7) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
}
