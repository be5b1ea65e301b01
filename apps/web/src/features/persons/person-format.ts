import { formatCnpj, formatCpf, onlyDigits } from '@prosa/shared/documents';

// Masks and display formats of the contact (person) screens (spec 3 §5 Contacts): CPF 000.000.000-00,
// CNPJ 00.000.000/0000-00, phones (99) 99999-9999 for the 10–11 digit numbers of DDI 55.

/** CPF typed so far → 000.000.000-00 (at most 11 digits). */
export function typingCpf(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`;
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

/** CNPJ typed so far → 00.000.000/0000-00 (at most 14 digits). */
export function typingCnpj(value: string): string {
  const d = onlyDigits(value).slice(0, 14);
  if (d.length <= 2) return d;
  if (d.length <= 5) return `${d.slice(0, 2)}.${d.slice(2)}`;
  if (d.length <= 8) return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5)}`;
  if (d.length <= 12) return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8)}`;
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}

/**
 * Phone typed so far: up to 11 digits it takes the (99) 99999-9999 mask ((99) 9999-9999 with 10); longer
 * numbers (with the country code, e.g. WhatsApp identities) stay as plain digits, at most 15.
 */
export function typingPhone(value: string): string {
  const d = onlyDigits(value).slice(0, 15);
  if (d.length > 11) return d;
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  if (d.length <= 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
}

const isMasked = (value: string) => value.includes('*');

/** A stored phone for reading: (99) 99999-9999, +55 (99) 99999-9999 with the country code; masks as they are. */
export function displayPhone(phone: string): string {
  if (isMasked(phone)) return phone;
  const d = onlyDigits(phone);
  if (d.length === 10 || d.length === 11) return typingPhone(d);
  if ((d.length === 12 || d.length === 13) && d.startsWith('55')) return `+55 ${typingPhone(d.slice(2))}`;
  return d.length > 0 ? `+${d}` : phone;
}

export function displayCpf(cpf: string | null | undefined): string {
  return cpf ? formatCpf(cpf) : '—';
}

export function displayCnpj(cnpj: string | null | undefined): string {
  return cnpj ? formatCnpj(cnpj) : '—';
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
export function displayIsoDate(value: string | null | undefined): string {
  if (!value) return '—';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
}

/** The name a list shows: the edited name (what the team calls the contact) first, the original below. */
export function personTitle(p: { name: string; edited_name: string | null }): {
  main: string;
  sub: string | null;
} {
  if (p.edited_name && p.edited_name !== p.name) return { main: p.edited_name, sub: p.name };
  return { main: p.name, sub: null };
}
