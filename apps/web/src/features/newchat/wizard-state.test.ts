import { describe, expect, it } from 'vitest';
import {
  embedSnippet,
  emptyValues,
  isDefaultField,
  newField,
  parseStep,
  problemUpTo,
  publicLink,
} from './wizard-state';

describe('NewChat wizard state', () => {
  it('reads the step from the URL, 1 to 5', () => {
    expect(parseStep('3')).toBe(3);
    expect(parseStep('9')).toBe(1);
    expect(parseStep(null)).toBe(1);
    expect(parseStep('abc')).toBe(1);
  });

  it('checks only the steps reached so far, with the spec texts', () => {
    const v = emptyValues();
    expect(problemUpTo(1, v)?.message).toBe('Campo Nome do Canal é obrigatório!');
    const named = { ...v, name: 'Loja', sector_id: 2 };
    expect(problemUpTo(1, named)).toBeNull();
    const queue = { ...named, settings: { ...named.settings, hasQueue: true, queueMessage: 'Aguarde' } };
    expect(problemUpTo(2, queue)).toBeNull();
    expect(problemUpTo(3, queue)).toMatchObject({
      step: 3,
      message: 'A mensagem da fila deve conter {{fila}}.',
    });
  });

  it('builds the public link, the embed snippet and new fields', () => {
    expect(publicLink('https://p.com', 'abc')).toBe('https://p.com/newchat/abc');
    expect(embedSnippet('https://p.com', 'abc')).toBe(
      '<script src="https://p.com/newchat/abc.js" async></script>',
    );
    const fields = emptyValues().settings.form;
    expect(fields.every(isDefaultField)).toBe(true);
    expect(newField(fields).name).toBe('campo_3');
  });
});
