import {
  cleanConditionals,
  isGenericBroker,
  SMS_MSG,
  type TSmsBroker,
  type TSmsChannel,
  type TSmsChannelInput,
} from '@prosa/shared/sms';

export type GenericValues = {
  send_url: string;
  method: 'POST' | 'GET';
  body_format: 'json' | 'form';
  body_template: string;
  response_id_path: string;
  inbound_from_path: string;
  inbound_text_path: string;
  inbound_id_path: string;
  status_id_path: string;
  status_value_path: string;
  status_delivered: string;
  status_failed: string;
};

export type ConditionalValues = {
  key: string;
  sector_id: string | null;
  conditional: string;
  status: boolean;
  default: boolean;
};

export type SmsFormValues = {
  gateway: TSmsBroker | null;
  name: string;
  default_sector_id: string | null;
  active: boolean;
  base_url: string;
  sender: string;
  username: string;
  token: string;
  headers: string;
  generic: GenericValues;
  conditionals: ConditionalValues[];
};

const EMPTY_GENERIC: GenericValues = {
  send_url: '',
  method: 'POST',
  body_format: 'json',
  body_template: '{"to":"{{to}}","message":"{{message}}","id":"{{id}}"}',
  response_id_path: '',
  inbound_from_path: '',
  inbound_text_path: '',
  inbound_id_path: '',
  status_id_path: '',
  status_value_path: '',
  status_delivered: '',
  status_failed: '',
};

let seq = 0;
export const newConditional = (): ConditionalValues => ({
  key: `c${++seq}`,
  sector_id: null,
  conditional: '',
  status: true,
  default: false,
});

export function initialValues(ch: TSmsChannel | null): SmsFormValues {
  const g = ch?.extra_data.generic ?? {};
  return {
    gateway: ch?.gateway ?? null,
    name: ch?.name ?? '',
    default_sector_id: ch ? String(ch.default_sector_id) : null,
    active: ch?.active ?? true,
    base_url: ch?.extra_data.base_url ?? '',
    sender: ch?.extra_data.sender ?? '',
    username: ch?.extra_data.username ?? '',
    token: '',
    headers: '',
    generic: {
      ...EMPTY_GENERIC,
      ...Object.fromEntries(Object.entries(g).filter(([, v]) => v !== undefined)),
    },
    conditionals: (ch?.conditionals ?? []).map((c) => ({
      ...newConditional(),
      sector_id: String(c.sector_id),
      conditional: c.conditional,
      status: c.status,
      default: c.default,
    })),
  };
}

export function bodyOf(v: SmsFormValues): TSmsChannelInput {
  const gateway = v.gateway ?? 'zenvia';
  return {
    gateway,
    name: v.name,
    default_sector_id: Number(v.default_sector_id ?? 0),
    active: v.active,
    extra_data: {
      base_url: v.base_url.trim(),
      sender: v.sender.trim(),
      username: v.username.trim(),
      token: v.token.trim(),
      headers: v.headers,
      ...(isGenericBroker(gateway) ? { generic: v.generic } : {}),
    },
    conditionals: v.conditionals.map((c) => ({
      sector_id: c.sector_id ? Number(c.sector_id) : null,
      conditional: c.conditional,
      status: c.status,
      default: c.default,
    })),
  };
}

/** The form's own checks, with the spec's texts (the server checks again and its message wins). */
export function validateSms(v: SmsFormValues, editing: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!v.gateway) errors.gateway = SMS_MSG.required;
  if (!v.name.trim()) errors.name = SMS_MSG.required;
  if (!v.default_sector_id) errors.default_sector_id = SMS_MSG.required;
  const g = v.gateway;
  if (g && !isGenericBroker(g)) {
    if (!editing && !v.token.trim()) errors.token = SMS_MSG.required;
    if (g === 'movile' ? !v.username.trim() : !v.sender.trim())
      errors[g === 'movile' ? 'username' : 'sender'] = SMS_MSG.required;
  }
  if (g && isGenericBroker(g)) {
    for (const k of ['send_url', 'response_id_path', 'inbound_from_path', 'inbound_text_path'] as const)
      if (!v.generic[k].trim()) errors[`generic.${k}`] = SMS_MSG.required;
  }
  const rules = cleanConditionals(bodyOf(v).conditionals ?? []);
  if (rules === 'invalid') errors.conditionals = SMS_MSG.invalidConditionals;
  if (rules === 'twoDefaults') errors.conditionals = SMS_MSG.oneDefault;
  return errors;
}
