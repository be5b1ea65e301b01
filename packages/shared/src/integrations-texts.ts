// Integration texts and constants without zod (issue 22; spec 2 §3 Integration, §5, §7, §8): the integrations screen
// reads them; integrations.ts re-exports them with the schemas.

export const INTEGRATION_MSG = {
  nameRequired: 'A integração é obrigatória',
  kindRequired: 'Escolha o tipo da integração.',
  emailFieldRequired: 'Escolha o campo de e-mail do contato.',
  clientIdRequired: 'O Client Id é obrigatório.',
  clientSecretRequired: 'O Client Secret é obrigatório.',
  clientCodeRequired: 'O Client Code é obrigatório.',
  fieldNameInvalid: 'Use só letras, números, _ e - no nome do campo (até 100 caracteres).',
  kindTaken: 'A empresa já tem uma integração desse tipo.',
  notFound: 'Integração não encontrada.',
  deliveryNotFound: 'Entrega não encontrada.',
  deliveryNotFailed: 'Só uma entrega que falhou pode ser reenviada.',
  created: 'Integração criada com sucesso!',
  updated: 'Integração atualizada com sucesso!',
  deleted: 'Integração excluída com sucesso!',
  resent: 'Entrega reenviada.',
  loadError: 'Erro ao carregar as integrações.',
  deliveriesError: 'Erro ao carregar as entregas.',
  saveError: 'Erro ao salvar a integração.',
  deleteError: 'Erro ao excluir a integração.',
  resendError: 'Não foi possível reenviar a entrega.',
  // Why a delivery failed, as the list shows it (never the provider's secrets).
  noEmail: 'O contato não tem e-mail.',
  credentialsRefused:
    'A RD Station recusou as credenciais (Client Id, Client Secret, Client Code ou Refresh Token).',
  inactive: 'A integração está inativa ou foi excluída.',
  unreachable: 'A RD Station não respondeu.',
} as const;

export const INTEGRATION_KINDS = ['rdstation_marketing', 'rdstation_crm'] as const;
export type TIntegrationKind = (typeof INTEGRATION_KINDS)[number];
export const INTEGRATION_KIND_LABEL: Record<TIntegrationKind, string> = {
  rdstation_marketing: 'RD Station Marketing',
  rdstation_crm: 'RD Station CRM',
};

/** The events an integration may receive: a new contact, a finalized attendance. */
export const INTEGRATION_EVENTS = ['contact_created', 'attendance_finalized'] as const;
export type TIntegrationEvent = (typeof INTEGRATION_EVENTS)[number];
export const INTEGRATION_EVENT_LABEL: Record<TIntegrationEvent, string> = {
  contact_created: 'Novo contato',
  attendance_finalized: 'Atendimento finalizado',
};

/** Our contact fields sent to the provider, each under the provider's field name the manager maps it to. */
export const INTEGRATION_FIELDS = ['name', 'mobile_phone', 'email'] as const;
export type TIntegrationField = (typeof INTEGRATION_FIELDS)[number];
export const INTEGRATION_FIELD_LABEL: Record<TIntegrationField, string> = {
  name: 'Nome',
  mobile_phone: 'Celular',
  email: 'E-mail',
};

/** Where the contact's e-mail is read from (spec 2 §5 "e-mail link field"). */
export const INTEGRATION_EMAIL_FIELDS = ['person_email', 'channel_id'] as const;
export type TIntegrationEmailField = (typeof INTEGRATION_EMAIL_FIELDS)[number];
export const INTEGRATION_EMAIL_FIELD_LABEL: Record<TIntegrationEmailField, string> = {
  person_email: 'E-mail do cadastro do contato',
  channel_id: 'Endereço do canal (contatos de e-mail)',
};

export const INTEGRATION_DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;
export type TIntegrationDeliveryStatus = (typeof INTEGRATION_DELIVERY_STATUSES)[number];
export const INTEGRATION_DELIVERY_STATUS_LABEL: Record<TIntegrationDeliveryStatus, string> = {
  pending: 'Pendente',
  sent: 'Enviada',
  failed: 'Falhou',
};

/** The recent deliveries the screen shows. */
export const INTEGRATION_RECENT_DELIVERIES = 50;
/** Tries of one delivery (the first and pg-boss's retries) before it is failed. */
export const INTEGRATION_MAX_ATTEMPTS = 6;
/** RD Station Marketing conversion identifiers of our events. */
export const RD_CONVERSION_IDENTIFIER: Record<TIntegrationEvent, string> = {
  contact_created: 'prosa-novo-contato',
  attendance_finalized: 'prosa-atendimento-finalizado',
};
