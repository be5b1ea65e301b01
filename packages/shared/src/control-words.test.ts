import { describe, expect, it } from 'vitest';
import { findControlWords, normalizeControlText, ZControlWordInput } from './control-words';

const list = (...words: string[]) => words.map(normalizeControlText);

describe('control words matching', () => {
  it('ignores case and accents', () => {
    expect(findControlWords('Seu BÔBO!', list('bobo'))).toEqual(['bobo']);
    expect(findControlWords('que bobo', list('BÔBO'))).toEqual(['bobo']);
    expect(findControlWords('Você é um IDIÓTA', list('idiota'))).toEqual(['idiota']);
    expect(findControlWords('não ENGANAÇÃO', list('enganacao'))).toEqual(['enganacao']);
  });

  it('matches whole words only', () => {
    expect(findControlWords('bobos', list('bobo'))).toEqual([]);
    expect(findControlWords('boboca', list('bobo'))).toEqual([]);
    expect(findControlWords('abobora', list('bobo'))).toEqual([]);
    expect(findControlWords('bobo', list('bobo'))).toEqual(['bobo']);
  });

  it('treats punctuation and line breaks as word boundaries', () => {
    expect(findControlWords('(bobo)', list('bobo'))).toEqual(['bobo']);
    expect(findControlWords('olá,bobo.', list('bobo'))).toEqual(['bobo']);
    expect(findControlWords('linha 1\nbobo\n', list('bobo'))).toEqual(['bobo']);
    expect(findControlWords('bobo-alegre', list('bobo'))).toEqual(['bobo']);
  });

  it('matches multi-word entries in sequence', () => {
    expect(findControlWords('Isso é uma PORCARIA  Total!', list('porcaria total'))).toEqual([
      'porcaria total',
    ]);
    expect(findControlWords('porcaria, mas total', list('porcaria total'))).toEqual([]);
  });

  it('lists every word found, once each', () => {
    expect(findControlWords('bobo e chato, muito bobo', list('chato', 'bobo', 'feio'))).toEqual([
      'chato',
      'bobo',
    ]);
    expect(findControlWords('', list('bobo'))).toEqual([]);
    expect(findControlWords('tudo certo', [])).toEqual([]);
  });

  it('validates a new word', () => {
    const issue = (v: unknown) => ZControlWordInput.safeParse(v).error?.issues[0]?.message;
    expect(issue({ word: '' })).toBe('Informe a palavra.');
    expect(issue({ word: 'x'.repeat(61) })).toBe('A palavra deve conter no máximo 60 caracteres.');
    expect(issue({ word: '!!!' })).toBe('A palavra deve conter letras ou números.');
    expect(ZControlWordInput.parse({ word: '  Bobo ' })).toEqual({ word: 'Bobo' });
  });
});
