import { validateVisitorForm } from '@prosa/shared/webchat-form';
import { describe, expect, it } from 'vitest';
import { finalizedNotice } from './conversation';
import { launcherLabel } from './shell';
import type { WebchatField } from './types';

describe('texts and checks of the views', () => {
  const fields: WebchatField[] = [
    { name: 'nome', label: 'Nome', type: 'text', required: true },
    { name: 'email', label: 'E-mail', type: 'text' },
    { name: 'assunto', label: 'Assunto', type: 'select', options: ['Dúvida'], required: true },
  ];

  it('checks the form as the server does: the first required field left blank, e-mail and phone', () => {
    const check = (v: Record<string, string>) => validateVisitorForm(fields, v);
    expect(check({ nome: '  ', assunto: '' })).toMatchObject({ ok: false, field: 'nome' });
    expect(check({ nome: 'Maria', assunto: '' })).toMatchObject({
      ok: false,
      field: 'assunto',
      message: 'Campo Assunto obrigatório!',
    });
    expect(check({ nome: 'Maria', email: 'mariana@', assunto: 'Dúvida' })).toEqual({
      ok: false,
      field: 'email',
      message: 'Campo E-mail é inválido!',
    });
    expect(check({ nome: 'Maria', email: 'maria@exemplo.com.br', assunto: 'Dúvida' }).ok).toBe(true);
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
