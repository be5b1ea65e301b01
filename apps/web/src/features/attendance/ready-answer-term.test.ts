import { describe, expect, it } from 'vitest';
import { hashTermAt, insertAnswer } from './ready-answer-term';

describe("the '#term' at the caret", () => {
  it('starts from 2 characters after #', () => {
    expect(hashTermAt('#f', 2)).toBeNull();
    expect(hashTermAt('#fr', 3)).toEqual({ start: 0, end: 3, term: 'fr' });
    expect(hashTermAt('Olá #fre', 8)).toEqual({ start: 4, end: 8, term: 'fre' });
    expect(hashTermAt('Olá\n#FRÉ', 8)).toEqual({ start: 4, end: 8, term: 'FRÉ' });
  });

  it('needs # at the start or after a space, and the caret inside the term', () => {
    expect(hashTermAt('pedido#123', 10)).toBeNull();
    expect(hashTermAt('#frete grátis', 13)).toBeNull();
    expect(hashTermAt('#frete ', 7)).toBeNull();
    expect(hashTermAt('texto sem hash', 14)).toBeNull();
    expect(hashTermAt('##fre', 5)).toBeNull();
  });

  it('takes the whole word when the caret is in its middle', () => {
    expect(hashTermAt('a #frete b', 5)).toEqual({ start: 2, end: 8, term: 'frete' });
  });
});

describe('putting an answer in the text', () => {
  it('replaces the #term and puts the caret after the answer', () => {
    const hash = hashTermAt('Olá! #fre obrigado', 9);
    expect(insertAnswer('Olá! #fre obrigado', 'Frete grátis acima de R$ 199.', { hash, caret: 9 })).toEqual({
      text: 'Olá! Frete grátis acima de R$ 199. obrigado',
      caret: 34,
    });
  });

  it('inserts at the caret without a #term, apart from the word before', () => {
    expect(insertAnswer('', 'Resposta', { hash: null, caret: 0 })).toEqual({ text: 'Resposta', caret: 8 });
    expect(insertAnswer('Olá', 'Resposta', { hash: null, caret: 3 })).toEqual({
      text: 'Olá Resposta',
      caret: 12,
    });
    expect(insertAnswer('Olá ', 'Resposta', { hash: null, caret: 99 })).toEqual({
      text: 'Olá Resposta',
      caret: 12,
    });
  });
});
