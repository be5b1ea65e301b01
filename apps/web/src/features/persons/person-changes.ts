import { formatCnpj, formatCpf } from '@prosa/shared/documents';
import { maskEmail, maskPhone } from '@prosa/shared/person';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { displayIsoDate, displayPhone } from './person-format';

dayjs.extend(utc);
dayjs.extend(timezone);

// The change log of a contact as sentences (spec 3 §5: every change is logged with who and when):
// "Fulano alterou CPF de — para 529.982.247-25 em 22/11/2026 10:31".

export type TPersonChange = {
  id: number;
  kind: string;
  user_name: string | null;
  changes: Record<string, unknown>;
  created_at: string;
};

export const FIELD_LABEL: Record<string, string> = {
  name: 'Nome',
  edited_name: 'Nome editado',
  cpf: 'CPF',
  cnpj: 'CNPJ',
  rg: 'RG',
  birth_date: 'Data de nascimento',
  job_title: 'Cargo',
  company_name: 'Empresa',
  tags: 'Tags',
  emails: 'E-mails',
  phones: 'Telefones',
};

const EMPTY = '—';

type Masks = { phone: boolean; email: boolean };

function asText(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return JSON.stringify(value);
}

function list<T>(value: unknown, item: (v: unknown) => T | null): T[] {
  if (!Array.isArray(value)) return [];
  return value.map(item).filter((v): v is T => v !== null);
}

/** One field's value as the contact form shows it; masked for operators when the company says so. */
export function formatFieldValue(field: string, value: unknown, masks: Masks = NO_MASKS): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  switch (field) {
    case 'cpf':
      return typeof value === 'string' ? formatCpf(value) : asText(value);
    case 'cnpj':
      return typeof value === 'string' ? formatCnpj(value) : asText(value);
    case 'birth_date':
      return typeof value === 'string' ? displayIsoDate(value) : asText(value);
    case 'tags': {
      const tags = list(value, (t) => (typeof t === 'string' ? t : null));
      return tags.length ? tags.join(', ') : EMPTY;
    }
    case 'emails': {
      const emails = list(value, (e) => (typeof e === 'string' ? (masks.email ? maskEmail(e) : e) : null));
      return emails.length ? emails.join(', ') : EMPTY;
    }
    case 'phones': {
      const phones = list(value, (p) => {
        if (!p || typeof p !== 'object' || !('phone' in p) || typeof p.phone !== 'string') return null;
        const shown = masks.phone ? maskPhone(p.phone) : displayPhone(p.phone);
        return 'is_whatsapp' in p && p.is_whatsapp === true ? `${shown} (WhatsApp)` : shown;
      });
      return phones.length ? phones.join(', ') : EMPTY;
    }
    default:
      return asText(value);
  }
}

const NO_MASKS: Masks = { phone: false, email: false };

function pair(value: unknown): [unknown, unknown] | null {
  return Array.isArray(value) && value.length === 2 ? [value[0], value[1]] : null;
}

/** The field changes of an entry, in the order of the form. */
function fieldChanges(changes: Record<string, unknown>): { field: string; from: unknown; to: unknown }[] {
  const out: { field: string; from: unknown; to: unknown }[] = [];
  for (const field of Object.keys(FIELD_LABEL)) {
    const p = pair(changes[field]);
    if (p) out.push({ field, from: p[0], to: p[1] });
  }
  return out;
}

export function formatWhen(iso: string, tz: string): string {
  return dayjs(iso).tz(tz).format('DD/MM/YYYY HH:mm');
}

/** The sentences of one change log entry. */
export function changeSentences(entry: TPersonChange, tz: string, masks: Masks = NO_MASKS): string[] {
  const who = entry.user_name?.trim() || 'Sistema';
  const when = `em ${formatWhen(entry.created_at, tz)}`;
  const altered = fieldChanges(entry.changes).map(
    ({ field, from, to }) =>
      `${who} alterou ${FIELD_LABEL[field]} de ${formatFieldValue(field, from, masks)} para ${formatFieldValue(field, to, masks)} ${when}`,
  );
  switch (entry.kind) {
    case 'create':
      return [`${who} criou o contato ${when}`];
    case 'import': {
      const file = typeof entry.changes.file === 'string' ? ` do arquivo ${entry.changes.file}` : '';
      return [`${who} importou o contato${file} ${when}`];
    }
    case 'merge': {
      const from = entry.changes.merged_person_id;
      const other = typeof from === 'number' ? `o contato nº ${from}` : 'outro contato';
      return [`${who} mesclou ${other} a este contato ${when}`, ...altered];
    }
    case 'merged_into': {
      const into = entry.changes.into_person_id;
      const other = typeof into === 'number' ? `ao contato nº ${into}` : 'a outro contato';
      return [`${who} mesclou este contato ${other} ${when}`];
    }
    default:
      return altered.length ? altered : [`${who} alterou o contato ${when}`];
  }
}
