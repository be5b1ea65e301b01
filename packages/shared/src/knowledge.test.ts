import { describe, expect, it } from 'vitest';
import { KNOWLEDGE_MSG, normalizeSearchText, parseKnowledgeSearch, ZKnowledgeInput } from './knowledge';

describe('knowledge search rules (spec 1 §5)', () => {
  it('lists everything for an empty or blank search', () => {
    expect(parseKnowledgeSearch('')).toEqual({ ok: true, kind: 'all' });
    expect(parseKnowledgeSearch('   ')).toEqual({ ok: true, kind: 'all' });
    expect(parseKnowledgeSearch(undefined)).toEqual({ ok: true, kind: 'all' });
  });

  it('refuses 255 characters or more, accepts 254', () => {
    expect(parseKnowledgeSearch('a'.repeat(255))).toEqual({
      ok: false,
      message: KNOWLEDGE_MSG.searchTooLong,
    });
    expect(KNOWLEDGE_MSG.searchTooLong).toBe('Busca deve conter no máximo 255 caracteres');
    expect(parseKnowledgeSearch('a'.repeat(254))).toMatchObject({ ok: true, kind: 'text' });
  });

  it('needs more than 2 characters in a text term', () => {
    for (const term of ['a', 'ab', ' ab ', 'é', 'çã', '#fr']) {
      expect(parseKnowledgeSearch(term)).toEqual({ ok: false, message: KNOWLEDGE_MSG.termTooShort });
    }
    expect(KNOWLEDGE_MSG.termTooShort).toBe('Informe uma palavra com mais que 2 caracteres');
    expect(parseKnowledgeSearch('abc')).toEqual({ ok: true, kind: 'text', words: ['abc'] });
  });

  it('allows numeric terms of any length', () => {
    expect(parseKnowledgeSearch('7')).toEqual({ ok: true, kind: 'text', words: ['7'] });
    expect(parseKnowledgeSearch('12')).toEqual({ ok: true, kind: 'text', words: ['12'] });
  });

  it("searches by id with '#number'", () => {
    expect(parseKnowledgeSearch('#123')).toEqual({ ok: true, kind: 'id', id: 123 });
    expect(parseKnowledgeSearch(' #5 ')).toEqual({ ok: true, kind: 'id', id: 5 });
  });

  it('compares lowercase and accent-free words', () => {
    expect(parseKnowledgeSearch('Frete  GRÁTIS')).toEqual({
      ok: true,
      kind: 'text',
      words: ['frete', 'gratis'],
    });
    expect(parseKnowledgeSearch('#Fré')).toEqual({ ok: true, kind: 'text', words: ['fre'] });
    expect(normalizeSearchText('  Ação\tÚnica  ')).toBe('acao unica');
  });
});

describe('knowledge item input', () => {
  const issue = (v: unknown) => ZKnowledgeInput.safeParse(v).error?.issues[0]?.message;

  it('gives the spec texts for title and text', () => {
    expect(issue({ title: '', text: 'x' })).toBe('Título é obrigatório');
    expect(issue({ text: 'x' })).toBe('Título é obrigatório');
    expect(issue({ title: 'x'.repeat(255), text: 'x' })).toBe('Título deve conter no máximo 255 caracteres');
    expect(issue({ title: 'Frete', text: '  ' })).toBe('Texto é obrigatório');
    expect(issue({ title: 'Frete', text: 'x', tags: ['a'.repeat(51)] })).toBe(KNOWLEDGE_MSG.tagTooLong);
    expect(ZKnowledgeInput.parse({ title: ' Frete ', text: 'Grátis' })).toEqual({
      title: 'Frete',
      text: 'Grátis',
      tags: [],
    });
  });
});
