import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PHRASES,
  fillPhrase,
  phraseError,
  phrasesErrors,
  phraseText,
  phraseVariables,
} from './negotiator';

const title = DEFAULT_PHRASES.hotsite.title.text; // 'Negocie seus débitos com a [empresa]'
const greeting = DEFAULT_PHRASES.commandprocessor.greeting.text; // has [empresa]
const consult = DEFAULT_PHRASES.hotsite.consult_button.text; // no variables

describe('phraseError', () => {
  it('refuses an empty phrase (blank included)', () => {
    expect(phraseError('hotsite', title, '')).toBe('A frase não pode ficar vazia.');
    expect(phraseError('commandprocessor', greeting, '   \n')).toBe('A frase não pode ficar vazia.');
  });

  it('limits hotsite phrases to twice the default, not the command processor', () => {
    const max = title.length * 2;
    expect(phraseError('hotsite', title, 'a'.repeat(max))).toBeNull();
    expect(phraseError('hotsite', title, 'a'.repeat(max + 1))).toBe(
      `A frase pode ter no máximo ${max} caracteres.`,
    );
    expect(phraseError('commandprocessor', greeting, 'a'.repeat(greeting.length * 3))).toBeNull();
  });

  it('accepts the default variables, refuses one not in the default and a repeated one', () => {
    expect(phraseError('hotsite', title, 'Fale com a [empresa] hoje')).toBeNull();
    expect(phraseError('hotsite', title, 'Sem variáveis também vale')).toBeNull();
    expect(phraseError('hotsite', title, 'Olá [nome], da [empresa]')).toBe(
      'A variável [nome] não é permitida nesta frase.',
    );
    expect(phraseError('hotsite', title, '[empresa] e [empresa]')).toBe(
      'A variável [empresa] só pode aparecer uma vez.',
    );
  });

  it('a default without variables accepts none', () => {
    expect(phraseError('hotsite', consult, 'Ver débitos')).toBeNull();
    expect(phraseError('hotsite', consult, 'Ver [empresa]')).toBe('Esta frase não aceita variáveis.');
  });
});

describe('phrasesErrors', () => {
  it('answers every error by group.key, unknown keys included, and nothing for good phrases', () => {
    expect(
      phrasesErrors({
        commandprocessor: { greeting: 'Oi! Digite seu CPF.', nope: 'x' },
        hotsite: { title: '', consult_button: 'Consultar agora' },
      }),
    ).toEqual({
      'commandprocessor.nope': 'Frase desconhecida.',
      'hotsite.title': 'A frase não pode ficar vazia.',
    });
    expect(phrasesErrors({ commandprocessor: {}, hotsite: {} })).toEqual({});
  });
});

describe('phraseText and fillPhrase', () => {
  it('uses the edited phrase, else the default (blank counts as not edited)', () => {
    expect(phraseText({ hotsite: { title: 'Meu título' }, commandprocessor: {} }, 'hotsite', 'title')).toBe(
      'Meu título',
    );
    expect(phraseText({ hotsite: { title: '  ' }, commandprocessor: {} }, 'hotsite', 'title')).toBe(title);
    expect(phraseText(null, 'commandprocessor', 'greeting')).toBe(greeting);
    expect(phraseText(undefined, 'hotsite', 'missing')).toBe('');
  });

  it('fills known variables and leaves unknown ones as written', () => {
    expect(fillPhrase('Olá [nome], a [empresa] tem [x]', { nome: 'Ana', empresa: 'Demo' })).toBe(
      'Olá Ana, a Demo tem [x]',
    );
    expect(phraseVariables('[a] e [b] e [a]')).toEqual(['[a]', '[b]', '[a]']);
  });
});
