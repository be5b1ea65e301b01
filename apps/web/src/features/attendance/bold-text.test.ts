import { describe, expect, it } from 'vitest';
import { splitBold } from './bold-text';

describe('splitBold', () => {
  it('turns *text* into a bold part and keeps the rest as plain text', () => {
    expect(splitBold('Olá *Maria*, tudo bem?')).toEqual([
      { text: 'Olá ', bold: false },
      { text: 'Maria', bold: true },
      { text: ', tudo bem?', bold: false },
    ]);
  });

  it('handles several bold parts and a whole bold message', () => {
    expect(splitBold('*a* e *b c*')).toEqual([
      { text: 'a', bold: true },
      { text: ' e ', bold: false },
      { text: 'b c', bold: true },
    ]);
    expect(splitBold('*tudo*')).toEqual([{ text: 'tudo', bold: true }]);
  });

  it('leaves lone or spaced asterisks, math and line-crossing pairs alone', () => {
    expect(splitBold('nota * 2')).toEqual([{ text: 'nota * 2', bold: false }]);
    expect(splitBold('a * b * c')).toEqual([{ text: 'a * b * c', bold: false }]);
    expect(splitBold('2*3*4')).toEqual([{ text: '2*3*4', bold: false }]);
    expect(splitBold('*início\nfim*')).toEqual([{ text: '*início\nfim*', bold: false }]);
    expect(splitBold('**')).toEqual([{ text: '**', bold: false }]);
  });

  it('keeps markup-looking text as text', () => {
    expect(splitBold('*<b>x</b>*')).toEqual([{ text: '<b>x</b>', bold: true }]);
  });

  it('returns nothing for an empty text', () => {
    expect(splitBold('')).toEqual([]);
  });
});
