import { describe, expect, it } from 'vitest';
import {
  draftFromField,
  fieldFromDraft,
  fieldsReducer,
  identifierFromLabel,
  MAX_FIELDS,
  newField,
  type TFieldDraft,
} from './field-editor-state';

const three = (): TFieldDraft[] => [
  draftFromField({ name: 'nome', label: 'Nome', type: 'text', required: true }, 'a'),
  draftFromField({ name: 'email', label: 'E-mail', type: 'text' }, 'b'),
  draftFromField({ name: 'assunto', label: 'Assunto', type: 'select', options: ['Dúvida'] }, 'c'),
];
const keys = (fields: TFieldDraft[]) => fields.map((f) => f.key);

describe('fieldsReducer', () => {
  it('adds an empty text field, up to 15', () => {
    const added = fieldsReducer(three(), { type: 'add', key: 'd' });
    expect(added[3]).toEqual(newField('d'));
    const full = Array.from({ length: MAX_FIELDS }, (_, i) => newField(String(i)));
    expect(fieldsReducer(full, { type: 'add', key: 'x' })).toHaveLength(MAX_FIELDS);
  });

  it('removes a field by key', () => {
    expect(keys(fieldsReducer(three(), { type: 'remove', key: 'b' }))).toEqual(['a', 'c']);
  });

  it('moves a field up and down, not past the ends', () => {
    expect(keys(fieldsReducer(three(), { type: 'move', key: 'c', offset: -1 }))).toEqual(['a', 'c', 'b']);
    expect(keys(fieldsReducer(three(), { type: 'move', key: 'a', offset: 1 }))).toEqual(['b', 'a', 'c']);
    const same = three();
    expect(fieldsReducer(same, { type: 'move', key: 'a', offset: -1 })).toBe(same);
    expect(fieldsReducer(same, { type: 'move', key: 'c', offset: 1 })).toBe(same);
  });

  it('fills the identifier from the label until the user edits it', () => {
    let fields = fieldsReducer([], { type: 'add', key: 'n' });
    fields = fieldsReducer(fields, { type: 'update', key: 'n', patch: { label: 'Número do Pedido' } });
    expect(fields[0]?.name).toBe('numero_do_pedido');
    fields = fieldsReducer(fields, { type: 'update', key: 'n', patch: { name: 'pedido' } });
    fields = fieldsReducer(fields, { type: 'update', key: 'n', patch: { label: 'Pedido nº' } });
    expect(fields[0]).toMatchObject({ name: 'pedido', label: 'Pedido nº' });
  });

  it('keeps the identifier of a saved field when its label changes', () => {
    const fields = fieldsReducer(three(), { type: 'update', key: 'b', patch: { label: 'Seu e-mail' } });
    expect(fields[1]?.name).toBe('email');
  });
});

describe('field conversion', () => {
  it('sends options only for a list and a mask only for typed fields', () => {
    const draft = { ...newField('k'), name: 'x', label: 'X', options: ['a', ' '], mask: ' ' };
    expect(fieldFromDraft(draft)).toEqual({ name: 'x', label: 'X', type: 'text' });
    expect(fieldFromDraft({ ...draft, type: 'number', mask: '99' })).toEqual({
      name: 'x',
      label: 'X',
      type: 'number',
      mask: '99',
    });
    expect(fieldFromDraft({ ...draft, type: 'select', mask: '99', required: true })).toEqual({
      name: 'x',
      label: 'X',
      type: 'select',
      options: ['a'],
      required: true,
    });
  });

  it('makes identifiers the server accepts', () => {
    expect(identifierFromLabel('  Endereço de E-mail! ')).toBe('endereco_de_e_mail');
    expect(identifierFromLabel('CPF/CNPJ')).toBe('cpf_cnpj');
  });
});
