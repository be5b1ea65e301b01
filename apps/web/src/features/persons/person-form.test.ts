import { PERSON_MSG } from '@prosa/shared/person';
import { describe, expect, it } from 'vitest';
import { CONTACTS_ERROR, checkPersonForm, personToForm, type TPersonRecord, withoutCpf } from './person-form';

const NONE = { phone: false, email: false };
const RECORD: TPersonRecord = {
  name: 'Pedro',
  edited_name: null,
  cpf: '52998224725',
  cnpj: null,
  rg: null,
  birth_date: '1990-12-31',
  job_title: null,
  company_name: null,
  tags: ['vip'],
  emails: ['pedro@cliente.com.br'],
  phones: [{ phone: '11912345678', is_whatsapp: true }],
  masked: NONE,
};

describe('contact form', () => {
  it('starts a new contact with one empty e-mail and phone row, and loads a record masked for typing', () => {
    expect(personToForm(null).emails).toEqual(['']);
    expect(personToForm(null).phones).toEqual([{ phone: '', is_whatsapp: false }]);
    const values = personToForm(RECORD);
    expect(values.cpf).toBe('529.982.247-25');
    expect(values.phones).toEqual([{ phone: '(11) 91234-5678', is_whatsapp: true }]);
    expect(values.birth_date).toBe('1990-12-31');
  });

  it('sends digits, leaves empty rows and fields out', () => {
    const values = {
      ...personToForm(null),
      name: ' Maria ',
      cpf: '529.982.247-25',
      emails: ['', 'maria@x.com.br'],
      phones: [
        { phone: '(11) 98765-4321', is_whatsapp: true },
        { phone: '', is_whatsapp: false },
      ],
    };
    const check = checkPersonForm(values, NONE);
    expect(check).toEqual({
      ok: true,
      input: {
        name: 'Maria',
        edited_name: undefined,
        cpf: '52998224725',
        cnpj: undefined,
        rg: undefined,
        birth_date: undefined,
        job_title: undefined,
        company_name: undefined,
        tags: [],
        emails: ['maria@x.com.br'],
        phones: [{ phone: '11987654321', is_whatsapp: true }],
      },
    });
  });

  it('gives the shared texts under the fields, at the row the user typed', () => {
    const values = {
      ...personToForm(null),
      name: '',
      cpf: '111.111.111-11',
      cnpj: '11.222.333/0001-00',
      emails: ['', 'errado@'],
      phones: [
        { phone: '', is_whatsapp: false },
        { phone: '123', is_whatsapp: false },
      ],
    };
    const check = checkPersonForm(values, NONE);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors).toEqual({
      name: PERSON_MSG.nameRequired,
      cpf: PERSON_MSG.cpfInvalid,
      cnpj: PERSON_MSG.cnpjInvalid,
      'emails.1': PERSON_MSG.emailInvalid,
      'phones.1.phone': PERSON_MSG.phoneInvalid,
    });
  });

  it('asks for an e-mail or a phone, and allows at most 5 of each', () => {
    const none = checkPersonForm({ ...personToForm(null), name: 'Sem contato' }, NONE);
    expect(none).toEqual({ ok: false, errors: { [CONTACTS_ERROR]: PERSON_MSG.needEmailOrPhone } });
    const six = checkPersonForm(
      { ...personToForm(null), name: 'Muitos', emails: Array.from({ length: 6 }, (_, i) => `c${i}@x.com`) },
      NONE,
    );
    expect(six).toEqual({ ok: false, errors: { [CONTACTS_ERROR]: PERSON_MSG.maxEmails } });
  });

  it('never writes masked values back: masked e-mails and phones pass as they are', () => {
    const masked = {
      ...RECORD,
      emails: ['p****@cliente.com.br'],
      phones: [{ phone: '*******5678', is_whatsapp: true }],
      masked: { phone: true, email: true },
    };
    const check = checkPersonForm(personToForm(masked), masked.masked);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.input.phones).toEqual([{ phone: '*******5678', is_whatsapp: true }]);
    expect(check.input.emails).toEqual(['p****@cliente.com.br']);
  });

  it('saves the other fields without the CPF of the record it is merged into', () => {
    const input = { name: 'X', cpf: '52998224725', emails: ['x@x.com'] };
    expect(withoutCpf(input, null).cpf).toBeUndefined();
    expect(withoutCpf(input, '11144477735').cpf).toBe('11144477735');
  });
});
