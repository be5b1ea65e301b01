import { onlyDigits } from '@prosa/shared/documents';
import { PERSON_MAX_ITEMS, type TPersonInput, ZPersonInput } from '@prosa/shared/person';
import { typingCnpj, typingCpf, typingPhone } from './person-format';

// The contact form (spec 1 §2 contact data modal, spec 3 §5, §6): values as typed (masked inputs), checked
// with the same zod schema the server uses, so the texts are the same.

export type TPhoneRow = { phone: string; is_whatsapp: boolean };

export type TPersonFormValues = {
  name: string;
  edited_name: string;
  cpf: string;
  cnpj: string;
  rg: string;
  birth_date: string | null;
  job_title: string;
  company_name: string;
  tags: string[];
  emails: string[];
  phones: TPhoneRow[];
};

/** What the form edits of a stored person (GET /api/persons/:id). */
export type TPersonRecord = {
  name: string;
  edited_name: string | null;
  cpf: string | null;
  cnpj: string | null;
  rg: string | null;
  birth_date: string | null;
  job_title: string | null;
  company_name: string | null;
  tags: string[];
  emails: string[];
  phones: TPhoneRow[];
  masked: { phone: boolean; email: boolean };
};

export type TMasks = { phone: boolean; email: boolean };

/** The key of the form error shown above the e-mail and phone lists (at least one, at most 5). */
export const CONTACTS_ERROR = 'contacts';

export function personToForm(p: TPersonRecord | null): TPersonFormValues {
  if (!p) {
    return {
      name: '',
      edited_name: '',
      cpf: '',
      cnpj: '',
      rg: '',
      birth_date: null,
      job_title: '',
      company_name: '',
      tags: [],
      emails: [''],
      phones: [{ phone: '', is_whatsapp: false }],
    };
  }
  return {
    name: p.name,
    edited_name: p.edited_name ?? '',
    cpf: p.cpf ? typingCpf(p.cpf) : '',
    cnpj: p.cnpj ? typingCnpj(p.cnpj) : '',
    rg: p.rg ?? '',
    birth_date: p.birth_date,
    job_title: p.job_title ?? '',
    company_name: p.company_name ?? '',
    tags: [...p.tags],
    emails: p.masked.email ? [...p.emails] : p.emails.length ? [...p.emails] : [''],
    phones: p.masked.phone
      ? p.phones.map((ph) => ({ ...ph }))
      : p.phones.length
        ? p.phones.map((ph) => ({ phone: typingPhone(ph.phone), is_whatsapp: ph.is_whatsapp }))
        : [{ phone: '', is_whatsapp: false }],
  };
}

const orUndefined = (v: string) => (v.trim() === '' ? undefined : v.trim());

export type TFormCheck = { ok: true; input: TPersonInput } | { ok: false; errors: Record<string, string> };

/**
 * Form values → the body of POST/PUT /api/persons, checked with ZPersonInput. Empty e-mail and phone rows are
 * left out; errors come back keyed by the form's own paths (emails.2, phones.0.phone) and the "at least one
 * e-mail or phone" / "at most 5" rules under CONTACTS_ERROR.
 */
export function checkPersonForm(values: TPersonFormValues, masks: TMasks): TFormCheck {
  const emailRows: number[] = [];
  const emails: string[] = [];
  values.emails.forEach((e, i) => {
    if (e.trim() === '') return;
    emailRows.push(i);
    emails.push(e.trim());
  });
  const phoneRows: number[] = [];
  const phones: TPhoneRow[] = [];
  values.phones.forEach((p, i) => {
    if (p.phone.trim() === '') return;
    phoneRows.push(i);
    phones.push({
      // Masked phones travel as shown; the server keeps the stored ones and never writes a mask back.
      phone: masks.phone ? p.phone : onlyDigits(p.phone),
      is_whatsapp: p.is_whatsapp,
    });
  });
  const input: TPersonInput = {
    name: values.name.trim(),
    edited_name: orUndefined(values.edited_name),
    cpf: orUndefined(onlyDigits(values.cpf)),
    cnpj: orUndefined(onlyDigits(values.cnpj)),
    rg: orUndefined(values.rg),
    birth_date: values.birth_date ?? undefined,
    job_title: orUndefined(values.job_title),
    company_name: orUndefined(values.company_name),
    tags: values.tags.map((t) => t.trim()).filter((t) => t !== ''),
    emails,
    phones,
  };
  const parsed = ZPersonInput.safeParse(input);
  if (parsed.success) return { ok: true, input };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const [head, index, ...rest] = issue.path.map(String);
    let key: string;
    if ((head === 'emails' || head === 'phones') && index === undefined) key = CONTACTS_ERROR;
    else if (head === 'emails') key = `emails.${emailRows[Number(index)] ?? index}`;
    else if (head === 'phones')
      key = [`phones.${phoneRows[Number(index)] ?? index}`, ...(rest.length ? rest : ['phone'])].join('.');
    else key = head ?? CONTACTS_ERROR;
    if (!(key in errors)) errors[key] = issue.message;
  }
  return { ok: false, errors };
}

export function canAddRow(rows: unknown[]): boolean {
  return rows.length < PERSON_MAX_ITEMS;
}

/** The body that saves the other fields of a record without the CPF another record holds (merge flow). */
export function withoutCpf(input: TPersonInput, keptCpf: string | null): TPersonInput {
  return { ...input, cpf: keptCpf ?? undefined };
}
