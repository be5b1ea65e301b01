import { describe, expect, it } from 'vitest';
import {
  formMessage,
  NEWCHAT_DEFAULT_FIELDS,
  NEWCHAT_MSG,
  newchatProblem,
  newchatVisitorFields,
  ZNewchatInput,
  ZNewchatSettings,
} from './newchat';
import { queueText } from './newchat-queue';

const settings = ZNewchatSettings.parse({});
const valid = { name: 'Loja', sector_id: 3, settings };

describe('newchat validation (spec 2 §5)', () => {
  it('accepts a named channel with a sector and the defaults', () => {
    expect(newchatProblem(valid)).toBeNull();
    expect(ZNewchatInput.safeParse(valid).success).toBe(true);
  });

  it('names the first broken rule with the spec text', () => {
    expect(newchatProblem({ ...valid, name: '  ' })?.message).toBe('Campo Nome do Canal é obrigatório!');
    expect(newchatProblem({ ...valid, sector_id: null })?.message).toBe(NEWCHAT_MSG.sectorRequired);
    expect(newchatProblem({ ...valid, settings: { ...settings, hasFinish: true } })?.message).toBe(
      NEWCHAT_MSG.finishStatusRequired,
    );
    expect(
      newchatProblem({ ...valid, settings: { ...settings, hasFinish: true, finishStatus: 4 } }),
    ).toBeNull();
  });

  it('needs the queue placeholder when the queue is on', () => {
    const off = { ...settings, hasQueue: true, queueMessage: 'Você está na fila' };
    expect(newchatProblem({ ...valid, settings: off })?.message).toBe(
      'A mensagem da fila deve conter {{fila}}.',
    );
    const on = { ...off, queueMessage: 'Você é o {{fila}}º da fila' };
    expect(newchatProblem({ ...valid, settings: on })).toBeNull();
  });

  it('needs terms text (text type) or title (file type)', () => {
    const text = { ...settings, hasTermsOfUse: true, termsOfUseType: 'text' as const };
    expect(newchatProblem({ ...valid, settings: text })?.field).toBe('termsOfUseText');
    const file = { ...settings, hasTermsOfUse: true, termsOfUseType: 'file' as const };
    expect(newchatProblem({ ...valid, settings: file })?.field).toBe('termsOfUseTitle');
    expect(newchatProblem({ ...valid, settings: { ...file, termsOfUseTitle: 'Termos' } })).toBeNull();
  });

  it('refuses a footer link that is not http(s) and files that are not our uploads', () => {
    const js = { ...settings, footerUrl: 'javascript:alert(1)' };
    expect(newchatProblem({ ...valid, settings: js })?.message).toBe(NEWCHAT_MSG.footerUrlInvalid);
    expect(NEWCHAT_MSG.footerUrlInvalid).toBe('O campo precisa ser uma URL');
    const r = ZNewchatInput.safeParse({ ...valid, settings: { img192: 'https://evil.example/x.png' } });
    expect(r.success).toBe(false);
  });

  it('reports the problem through zod with the same text', () => {
    const r = ZNewchatInput.safeParse({ name: '', sector_id: 1 });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(NEWCHAT_MSG.nameRequired);
  });
});

describe('newchat page helpers', () => {
  it('has phone and name by default', () => {
    expect(settings.form.map((f) => f.name)).toEqual(['name', 'phone']);
    expect(newchatVisitorFields(settings).map((f) => f.name)).toEqual(['name', 'phone']);
    expect(newchatVisitorFields({ ...settings, showForm: false })).toEqual([]);
  });

  it('puts the position in the queue text', () => {
    expect(queueText('Você é o {{fila}}º. Posição {{fila}}', 2)).toBe('Você é o 2º. Posição 2');
  });

  it('turns the answers into the first message', () => {
    expect(formMessage(NEWCHAT_DEFAULT_FIELDS, { name: 'Ana', phone: '11 99999-0000' })).toBe(
      'Nome: Ana\nTelefone: 11 99999-0000',
    );
  });
});
