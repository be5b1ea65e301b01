import { describe, expect, it } from 'vitest';
import {
  activePhone,
  fillTemplate,
  HSM_AUTH_TEXT,
  hsmMediaError,
  missingParams,
  paramCount,
  templateParams,
  ZHsmInput,
} from './hsm';

describe('template parameters', () => {
  it('extracts each {{n}} once, in order', () => {
    expect(templateParams('Olá {{2}}, seu pedido {{1}} chegou. {{1}}!')).toEqual([1, 2]);
    expect(templateParams('Sem parâmetros')).toEqual([]);
    expect(templateParams('{{ 3 }} e {{10}}')).toEqual([3, 10]);
    expect(paramCount('{{1}} e {{3}}')).toBe(3);
    expect(templateParams(HSM_AUTH_TEXT)).toEqual([1]);
  });

  it('fills the values, keeping empty ones as placeholders for the preview', () => {
    expect(fillTemplate('Olá {{1}}, pedido {{2}}.', ['Maria', '123'])).toBe('Olá Maria, pedido 123.');
    expect(fillTemplate('Olá {{1}}, pedido {{2}}.', ['Maria'])).toBe('Olá Maria, pedido {{2}}.');
    expect(missingParams('Olá {{1}}, pedido {{2}}.', ['Maria', ' '])).toEqual([2]);
  });

  it('the authentication text says the code expires in 90 minutes', () => {
    expect(HSM_AUTH_TEXT).toContain('expira em 90 minutos');
  });
});

describe('active WhatsApp phone', () => {
  it('needs at least 8 digits after stripping the rest', () => {
    expect(activePhone('55', '(11) 9-12')).toBeNull();
    expect(activePhone('55', '1234-5678')).toEqual({ ddi: '55', number: '12345678', full: '5512345678' });
  });
  it('up to 11 digits uses the DDI given (55 by default)', () => {
    expect(activePhone('', '(11) 98765-4321')?.full).toBe('5511987654321');
    expect(activePhone('351', '912345678')?.full).toBe('351912345678');
  });
  it('over 11 digits: the first 2 are the country code', () => {
    expect(activePhone('1', '5511987654321')).toEqual({
      ddi: '55',
      number: '11987654321',
      full: '5511987654321',
    });
  });
});

describe('header media limits', () => {
  const MB = 1024 * 1024;
  it('accepts the allowed types up to their size', () => {
    expect(hsmMediaError('image', 'image/png', 5 * MB)).toBeNull();
    expect(hsmMediaError('video', 'video/3gpp', 16 * MB)).toBeNull();
    expect(hsmMediaError('document', 'application/pdf', 100 * MB)).toBeNull();
  });
  it('refuses other types and bigger files with the spec texts', () => {
    expect(hsmMediaError('image', 'image/gif', 10)).toBe(
      'Mídia não suportada. Extensões permitidas: JPEG, JPG, PNG',
    );
    expect(hsmMediaError('video', 'application/pdf', 10)).toBe(
      'Mídia não suportada. Extensões permitidas: MP4, 3GPP',
    );
    expect(hsmMediaError('image', 'image/jpeg', 5 * MB + 1)).toBe(
      'Mídia maior que o tamanho suportado (5MB)',
    );
    expect(hsmMediaError('video', 'video/mp4', 16 * MB + 1)).toBe(
      'Mídia maior que o tamanho suportado (16MB)',
    );
    expect(hsmMediaError('document', 'application/pdf', 100 * MB + 1)).toBe(
      'Mídia maior que o tamanho suportado (100MB)',
    );
  });
});

describe('template form', () => {
  const base = { name: 'Boas-vindas', element_name: 'boas_vindas', template: 'Olá {{1}}' };
  const first = (v: unknown) => {
    const r = ZHsmInput.safeParse(v);
    return r.success ? null : r.error.issues[0]?.message;
  };
  it('asks for the header type and its content', () => {
    expect(first({ ...base, use_header: true })).toBe('Selecione o tipo do cabeçalho.');
    expect(first({ ...base, use_header: true, header_type: 'text' })).toBe(
      'Especifíque a mensagem/mídia do cabeçalho.',
    );
    expect(first({ ...base, use_header: true, header_type: 'image' })).toBe(
      'Especifíque a mensagem/mídia do cabeçalho.',
    );
    expect(first({ ...base, use_header: true, header_type: 'text', header_template: 'Oi' })).toBeNull();
  });
});
