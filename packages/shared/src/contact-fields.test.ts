import { describe, expect, it } from 'vitest';
import {
  applyMask,
  CONTACT_FIELD_MSG,
  checkFieldValue,
  definitionError,
  fieldKeyFromLabel,
  isValidMask,
  matchesMask,
  optionKey,
  positiveNumber,
  type TFieldRule,
} from './contact-fields';

const text = (over: Partial<TFieldRule> = {}): TFieldRule => ({
  label: 'Documento',
  type: 'text',
  options: [],
  required: false,
  mask: null,
  ...over,
});

describe('optionKey', () => {
  it('is the value lowercased, accent-free, with underscores', () => {
    expect(optionKey('São Paulo')).toBe('sao_paulo');
    expect(optionKey('  Opção   Única ')).toBe('opcao_unica');
    expect(optionKey('AÇÃO')).toBe('acao');
  });

  it('suggests a field key from its name with letters, digits and _ only', () => {
    expect(fieldKeyFromLabel('Número do pedido (1ª via)!')).toBe('numero_do_pedido_1_via');
  });
});

describe('masks', () => {
  it('accepts numeric or patterns with slots', () => {
    expect(isValidMask('numeric')).toBe(true);
    expect(isValidMask('999.999.999-99')).toBe(true);
    expect(isValidMask('aaa-9999')).toBe(true);
    expect(isValidMask('---')).toBe(false);
    expect(isValidMask('')).toBe(false);
  });

  it('matches digits, letters and literals exactly', () => {
    expect(matchesMask('123.456.789-00', '999.999.999-99')).toBe(true);
    expect(matchesMask('12345678900', '999.999.999-99')).toBe(false);
    expect(matchesMask('123.456.789-0', '999.999.999-99')).toBe(false);
    expect(matchesMask('ABC-1234', 'aaa-9999')).toBe(true);
    expect(matchesMask('AB1-1234', 'aaa-9999')).toBe(false);
    expect(matchesMask('A1', '**')).toBe(true);
  });

  it('lays typed characters into the mask', () => {
    expect(applyMask('12345678900', '999.999.999-99')).toBe('123.456.789-00');
    expect(applyMask('11987', '(99) 99999-9999')).toBe('(11) 987');
    expect(applyMask('-12,5x', 'numeric')).toBe('-12,5');
  });
});

describe('numbers', () => {
  it('turns negative numbers positive and refuses what is not a number', () => {
    expect(positiveNumber('-12')).toBe('12');
    expect(positiveNumber('-3,5')).toBe('3,5');
    expect(positiveNumber('42')).toBe('42');
    expect(positiveNumber('12a')).toBeNull();
    expect(positiveNumber('--1')).toBeNull();
  });
});

describe('checkFieldValue', () => {
  it('requires a required field, with its name in the text', () => {
    expect(checkFieldValue(text({ required: true }), '  ')).toEqual({
      ok: false,
      message: 'Campo Documento obrigatório!',
    });
    expect(checkFieldValue(text(), '')).toEqual({ ok: true, value: null });
  });

  it('checks masks and numbers', () => {
    const cpf = text({ mask: '999.999.999-99' });
    expect(checkFieldValue(cpf, '123')).toEqual({ ok: false, message: 'Campo Documento é inválido!' });
    expect(checkFieldValue(cpf, '123.456.789-00')).toEqual({ ok: true, value: '123.456.789-00' });
    expect(checkFieldValue(text({ mask: 'numeric' }), -7)).toEqual({ ok: true, value: '7' });
  });

  it('stores a list value by its option key', () => {
    const list = text({ type: 'list', options: [{ key: 'sao_paulo', value: 'São Paulo' }] });
    expect(checkFieldValue(list, 'sao_paulo')).toEqual({ ok: true, value: 'sao_paulo' });
    expect(checkFieldValue(list, 'São Paulo')).toEqual({ ok: true, value: 'sao_paulo' });
    expect(checkFieldValue(list, 'rio')).toEqual({
      ok: false,
      message: CONTACT_FIELD_MSG.invalid('Documento'),
    });
  });
});

describe('definitionError', () => {
  it('gives the spec texts for lists', () => {
    expect(definitionError({ type: 'list', options: [] })).toBe(
      'Campos do tipo lista devem possuir opções definidas',
    );
    expect(definitionError({ type: 'list', options: [] }, { wasList: true })).toBe(
      'O campo deve possuir ao menos uma opção',
    );
    expect(definitionError({ type: 'list', options: [{ value: ' ' }] })).toBe('Valor não preenchido');
    expect(definitionError({ type: 'list', options: [{ value: 'São Paulo' }, { value: 'sao paulo' }] })).toBe(
      CONTACT_FIELD_MSG.optionDuplicate,
    );
    expect(definitionError({ type: 'text', options: [] })).toBeNull();
  });
});
