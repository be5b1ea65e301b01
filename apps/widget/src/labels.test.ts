import { describe, expect, it } from 'vitest';
import { firstMissing } from './form';
import { launcherLabel } from './shell';
import type { WebchatField } from './types';
import { finalizedNotice } from './widget';

describe('texts and checks of the views', () => {
  const fields: WebchatField[] = [
    { name: 'nome', label: 'Nome', type: 'text', required: true },
    { name: 'email', label: 'E-mail', type: 'text' },
    { name: 'assunto', label: 'Assunto', type: 'select', options: ['Dúvida'], required: true },
  ];

  it('finds the first required field left blank', () => {
    expect(firstMissing(fields, { nome: '  ', assunto: '' })?.name).toBe('nome');
    expect(firstMissing(fields, { nome: 'Maria', assunto: '' })?.name).toBe('assunto');
    expect(firstMissing(fields, { nome: 'Maria', assunto: 'Dúvida' })).toBeNull();
  });

  it('labels the launcher with the unread count', () => {
    expect(launcherLabel(false, 0)).toBe('Abrir conversa');
    expect(launcherLabel(false, 1)).toBe('Abrir conversa (1 mensagem nova)');
    expect(launcherLabel(false, 3)).toBe('Abrir conversa (3 mensagens novas)');
    expect(launcherLabel(true, 3)).toBe('Fechar conversa');
  });

  it('words the finalization notice', () => {
    expect(finalizedNotice('20260310000123')).toBe('Atendimento finalizado. Protocolo: 20260310000123');
    expect(finalizedNotice('')).toBe('Atendimento finalizado.');
  });
});
