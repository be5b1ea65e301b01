import { describe, expect, it } from 'vitest';
import { isValidPhone, type TVisitorFormField, validateVisitorForm, visitorIdentity } from './webchat-form';

const fields: TVisitorFormField[] = [
  { name: 'nome', label: 'Nome', type: 'text', required: true },
  { name: 'email', label: 'E-mail', type: 'text' },
  { name: 'telefone', label: 'Telefone', type: 'number', mask: '(99) 99999-9999' },
  { name: 'assunto', label: 'Assunto', type: 'select', options: ['Dúvida'] },
];

describe('web chat visitor form', () => {
  it('refuses an e-mail that is not one (mariana@) and a phone under 8 digits, naming the field', () => {
    expect(validateVisitorForm(fields, { nome: 'Mariana', email: 'mariana@' })).toEqual({
      ok: false,
      field: 'email',
      message: 'Campo E-mail é inválido!',
    });
    expect(validateVisitorForm(fields, { nome: 'Mariana', telefone: '(11) 123' })).toEqual({
      ok: false,
      field: 'telefone',
      message: 'Campo Telefone é inválido!',
    });
    expect(validateVisitorForm(fields, { nome: ' ' })).toMatchObject({ message: 'Campo Nome obrigatório!' });
  });

  it('accepts a valid form and keeps only the filled fields, trimmed', () => {
    expect(
      validateVisitorForm(fields, { nome: ' Mariana ', email: 'mariana@exemplo.com.br', telefone: '' }),
    ).toEqual({ ok: true, values: { nome: 'Mariana', email: 'mariana@exemplo.com.br' } });
  });

  it('phones: 8 to 15 digits, only phone characters', () => {
    expect(isValidPhone('(11) 98765-4321')).toBe(true);
    expect(isValidPhone('+55 11 98765-4321')).toBe(true);
    expect(isValidPhone('1234567')).toBe(false);
    expect(isValidPhone('1234567890123456')).toBe(false);
    expect(isValidPhone('11 9876-abcd')).toBe(false);
  });

  it("reads the person's name, e-mail (lower case) and phone (digits) from the fields' names", () => {
    expect(
      visitorIdentity(fields, {
        nome: 'Mariana',
        email: 'Mariana@Exemplo.com.br',
        telefone: '(11) 98765-4321',
      }),
    ).toEqual({ name: 'Mariana', email: 'mariana@exemplo.com.br', phone: '11987654321' });
    expect(visitorIdentity(fields, { nome: 'Ana' })).toEqual({ name: 'Ana', email: null, phone: null });
  });
});
