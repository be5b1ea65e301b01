import { PERSON_MSG } from '@prosa/shared/person';
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, hasFilters, personQuery } from './person-filters';

describe('contacts list filters → query string', () => {
  it('sends only the filled filters, CPF and phone by their digits, with the page', () => {
    const check = personQuery(
      {
        ...EMPTY_FILTERS,
        name: '  Maria ',
        cpf: '529.982.247-25',
        phone: '(11) 98765',
        dateStart: '2026-01-01',
        dateEnd: '2026-01-31',
      },
      2,
    );
    expect(check).toEqual({
      ok: true,
      query: 'page=2&name=Maria&cpf=52998224725&phone=1198765&dateStart=2026-01-01&dateEnd=2026-01-31',
    });
    expect(personQuery(EMPTY_FILTERS, 0)).toEqual({ ok: true, query: 'page=1' });
  });

  it('refuses a text term under 3 characters before calling, with the server text, per field', () => {
    const check = personQuery({ ...EMPTY_FILTERS, name: 'Ma', email: 'abc', tags: ' v ' }, 1);
    expect(check).toEqual({
      ok: false,
      errors: { name: PERSON_MSG.searchTooShort, tags: PERSON_MSG.searchTooShort },
    });
    // Punctuation does not count for CPF and phone: "12." is 2 digits.
    expect(personQuery({ ...EMPTY_FILTERS, cpf: '12.' }, 1)).toEqual({
      ok: false,
      errors: { cpf: 'Informe ao menos 3 caracteres para buscar.' },
    });
    expect(personQuery({ ...EMPTY_FILTERS, name: 'Ana' }, 1).ok).toBe(true);
  });

  it('sends the edited name and the DDI (digits, 1 to 4, no minimum length)', () => {
    expect(personQuery({ ...EMPTY_FILTERS, editedName: ' Zé ' }, 1)).toEqual({
      ok: false,
      errors: { editedName: PERSON_MSG.searchTooShort },
    });
    expect(personQuery({ ...EMPTY_FILTERS, editedName: 'Zezinho', phoneDdi: '+1' }, 1)).toEqual({
      ok: true,
      query: 'page=1&editedName=Zezinho&phoneDdi=1',
    });
    expect(personQuery({ ...EMPTY_FILTERS, phoneDdi: '35100' }, 1)).toEqual({
      ok: false,
      errors: { phoneDdi: PERSON_MSG.ddiInvalid },
    });
    expect(hasFilters({ ...EMPTY_FILTERS, phoneDdi: '55' })).toBe(true);
  });

  it('knows when a filter is set', () => {
    expect(hasFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasFilters({ ...EMPTY_FILTERS, dateEnd: '2026-01-01' })).toBe(true);
    expect(hasFilters({ ...EMPTY_FILTERS, email: '  ' })).toBe(false);
  });
});
