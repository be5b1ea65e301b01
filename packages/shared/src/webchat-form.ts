// The web chat visitor form's rules, without zod: the widget checks with them before sending, the server again.
import { isValidEmail, onlyDigits } from './documents';

/** The form field of the web chat as the widget and the server read it (spec 2 §3 Web chat custom_data.fields). */
export type TVisitorFormField = {
  name: string;
  label: string;
  type: 'text' | 'number' | 'select';
  options?: string[];
  mask?: string;
  required?: boolean;
  /** NewChat: the field's own text when it is missing or invalid (else the standard texts). */
  error?: string;
};

export const VISITOR_FORM_MSG = {
  fieldRequired: (label: string) => `Campo ${label} obrigatório!`,
  fieldInvalid: (label: string) => `Campo ${label} é inválido!`,
} as const;

/** Phone numbers: 8 digits at least (spec 1 §9 "Minimum phone digits"), 15 at most (E.164). */
export const PHONE_MIN_DIGITS = 8;
export const PHONE_MAX_DIGITS = 15;

export function isValidPhone(value: string): boolean {
  if (!/^[\d\s().+-]+$/.test(value.trim())) return false;
  const digits = onlyDigits(value);
  return digits.length >= PHONE_MIN_DIGITS && digits.length <= PHONE_MAX_DIGITS;
}

export type TVisitorFieldRole = 'name' | 'email' | 'phone';

const ROLE_BY_NAME: Record<string, TVisitorFieldRole> = {
  nome: 'name',
  name: 'name',
  email: 'email',
  'e-mail': 'email',
  e_mail: 'email',
  telefone: 'phone',
  phone: 'phone',
  celular: 'phone',
  whatsapp: 'phone',
  fone: 'phone',
};

/** What a field of the form is to the person record, by its identifier (the usual names of Brazilian forms). */
export function visitorFieldRole(field: Pick<TVisitorFormField, 'name'>): TVisitorFieldRole | null {
  return ROLE_BY_NAME[field.name.toLowerCase()] ?? null;
}

export type TVisitorFormResult =
  | { ok: true; values: Record<string, string> }
  | { ok: false; message: string; field: string };

/** The visitor's form against the web chat's fields: Portuguese error (and its field) or the cleaned values. */
export function validateVisitorForm(
  fields: readonly TVisitorFormField[],
  form: Record<string, string>,
): TVisitorFormResult {
  const values: Record<string, string> = {};
  for (const field of fields) {
    const value = (form[field.name] ?? '').trim();
    const invalid = {
      ok: false as const,
      message: field.error || VISITOR_FORM_MSG.fieldInvalid(field.label),
      field: field.name,
    };
    if (!value) {
      if (field.required)
        return {
          ok: false,
          message: field.error || VISITOR_FORM_MSG.fieldRequired(field.label),
          field: field.name,
        };
      continue;
    }
    const role = visitorFieldRole(field);
    if (field.type === 'number' && !/^[\d\s().+-]+$/.test(value)) return invalid;
    if (field.type === 'select' && !(field.options ?? []).includes(value)) return invalid;
    if (role === 'email' && !isValidEmail(value)) return invalid;
    if (role === 'phone' && !isValidPhone(value)) return invalid;
    values[field.name] = value;
  }
  return { ok: true, values };
}

/** The name, e-mail and phone (digits) a filled form gives the visitor's person record. */
export function visitorIdentity(
  fields: readonly TVisitorFormField[],
  values: Record<string, string>,
): { name: string | null; email: string | null; phone: string | null } {
  let name: string | null = null;
  let email: string | null = null;
  let phone: string | null = null;
  for (const field of fields) {
    const value = values[field.name];
    if (!value) continue;
    const role = visitorFieldRole(field);
    if (role === 'name' && name === null) name = value;
    if (role === 'email' && email === null) email = value.toLowerCase();
    if (role === 'phone' && phone === null) phone = onlyDigits(value);
  }
  return { name, email, phone };
}
