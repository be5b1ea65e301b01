import type { TCard } from '@prosa/shared/attendance';
import { formatDateTime } from '@prosa/shared/dates';
import { durationLabel } from '@prosa/shared/elapsed';

export type TInfoRow = { label: string; value: string };

const DATA_LABEL: Record<string, string> = {
  nome: 'Nome',
  name: 'Nome',
  edited_name: 'Nome editado',
  email: 'E-mail',
  contact_email: 'E-mail de contato',
  telefone: 'Telefone',
  phone_number: 'Telefone',
  contact_phone: 'Telefone de contato',
  cpf: 'CPF',
  cnpj: 'CNPJ',
  subject: 'Assunto',
  from: 'De',
  to: 'Para',
  cc: 'Cc',
  web_code: 'Código do web chat',
};
// Technical ids that mean nothing to an operator.
const HIDDEN = new Set(['channel_id', 'page_id', 'user_id', 'email_config_id', 'is_call_me']);

/** The contact's data of the card (web chat form, phone, e-mail…) as label/value rows. */
export function cardDataRows(data: Record<string, unknown>): TInfoRow[] {
  return Object.entries(data).flatMap(([key, value]) => {
    if (HIDDEN.has(key)) return [];
    if (typeof value !== 'string' && typeof value !== 'number') return [];
    const text = String(value).trim();
    if (!text) return [];
    const label = DATA_LABEL[key] ?? key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, ' ');
    return [{ label, value: text }];
  });
}

const when = (iso: string | null, tz: string) => (iso ? formatDateTime(iso, tz) : '—');

/** The attendance metrics of spec 1 §3 in the info modal. */
export function metricRows(card: TCard, tz: string): TInfoRow[] {
  const m = card.metrics;
  return [
    { label: 'Início do atendimento', value: when(m.first_start_chat_at, tz) },
    { label: 'Primeira resposta', value: when(m.first_operator_answer_at, tz) },
    { label: 'Última resposta do operador', value: when(m.latest_operator_answer_at, tz) },
    { label: 'Última mensagem do contato', value: when(m.latest_contact_chat_message_at, tz) },
    { label: 'Tempo de resposta', value: durationLabel(m.response_time) },
    { label: 'Mensagens do cliente', value: String(m.customer_response_counter) },
  ];
}
