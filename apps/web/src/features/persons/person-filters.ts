import { onlyDigits } from '@prosa/shared/documents';
import { PERSON_MSG, PERSON_SEARCH_MIN } from '@prosa/shared/person';

/** The filter panel of the contacts list (spec 3 §2, §5); dates as 'YYYY-MM-DD' (DateInput values). */
export type TPersonFilterValues = {
  name: string;
  editedName: string;
  email: string;
  cpf: string;
  phone: string;
  phoneDdi: string;
  tags: string;
  dateStart: string | null;
  dateEnd: string | null;
};

export const EMPTY_FILTERS: TPersonFilterValues = {
  name: '',
  editedName: '',
  email: '',
  cpf: '',
  phone: '',
  phoneDdi: '',
  tags: '',
  dateStart: null,
  dateEnd: null,
};

type TTextField = 'name' | 'editedName' | 'email' | 'cpf' | 'phone' | 'tags';
const TEXT_FIELDS: TTextField[] = ['name', 'editedName', 'email', 'cpf', 'phone', 'tags'];

export type TFilterCheck =
  | { ok: true; query: string }
  | { ok: false; errors: Partial<Record<keyof TPersonFilterValues, string>> };

/** The value sent for a text filter: CPF and phone by their digits, the others trimmed. */
function sentValue(field: TTextField, raw: string): string {
  const v = raw.trim();
  return field === 'cpf' || field === 'phone' ? onlyDigits(v) : v;
}

/**
 * Filters → the query string of GET /api/persons. A text search needs at least 3 characters (spec 3 §9); a
 * shorter term is refused here with the server's text, before calling. Empty filters are left out.
 */
export function personQuery(values: TPersonFilterValues, page: number): TFilterCheck {
  const params = new URLSearchParams();
  params.set('page', String(Math.max(1, Math.trunc(page) || 1)));
  const errors: Partial<Record<keyof TPersonFilterValues, string>> = {};
  for (const field of TEXT_FIELDS) {
    const raw = values[field];
    if (raw.trim() === '') continue;
    const value = sentValue(field, raw);
    if (value.length < PERSON_SEARCH_MIN) errors[field] = PERSON_MSG.searchTooShort;
    else params.set(field, value);
  }
  // The country code is short by nature: no 3-character minimum, digits only.
  const ddi = onlyDigits(values.phoneDdi);
  if (values.phoneDdi.trim() !== '' && (ddi.length === 0 || ddi.length > 4))
    errors.phoneDdi = PERSON_MSG.ddiInvalid;
  else if (ddi) params.set('phoneDdi', ddi);
  if (values.dateStart) params.set('dateStart', values.dateStart);
  if (values.dateEnd) params.set('dateEnd', values.dateEnd);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, query: params.toString() };
}

export function hasFilters(values: TPersonFilterValues): boolean {
  return (
    TEXT_FIELDS.some((f) => values[f].trim() !== '') ||
    values.phoneDdi.trim() !== '' ||
    Boolean(values.dateStart || values.dateEnd)
  );
}
