import { type TWebchat, WEBCHAT_MSG, ZWebchatInput } from '@prosa/shared/webchat';
import { describe, expect, it } from 'vitest';
import { newField } from './field-editor-state';
import {
  formValuesFrom,
  installSnippet,
  toWebchatInput,
  validateWebchatForm,
  WEBCHAT_FORM_MSG,
} from './webchat-form-values';

const saved: TWebchat = {
  id: 3,
  code: 'abc123',
  name: 'Site',
  sector_id: 2,
  custom_data: {
    nome: 'Fale conosco',
    text_color: '#333333',
    fields: [{ name: 'assunto', label: 'Assunto', type: 'select', options: ['A', 'B'] }],
  },
  created_at: '2026-03-01T12:00:00Z',
} as TWebchat;

describe('webchat form values', () => {
  it('starts a new web chat with the default colours and nothing else', () => {
    const values = formValuesFrom(null);
    expect(values).toMatchObject({
      name: '',
      sector_id: null,
      custom_data: { color: '#1C7ED6', widget_font_color: '#FFFFFF', fields: [] },
    });
  });

  it('gives the server texts for name and sector', () => {
    const errors = validateWebchatForm(formValuesFrom(null));
    expect(errors.name).toBe(WEBCHAT_MSG.nameRequired);
    expect(errors.sector_id).toBe(WEBCHAT_MSG.sectorRequired);
  });

  it('turns an edited web chat back into a valid body, keeping keys the form does not edit', () => {
    const values = formValuesFrom(saved);
    values.custom_data.text_msg = '  ';
    const body = toWebchatInput(values, saved.custom_data);
    expect(body).toEqual({
      name: 'Site',
      sector_id: 2,
      custom_data: {
        nome: 'Fale conosco',
        text_color: '#333333',
        color: '#1C7ED6',
        widget_font_color: '#FFFFFF',
        fields: [{ name: 'assunto', label: 'Assunto', type: 'select', options: ['A', 'B'] }],
      },
    });
    expect(ZWebchatInput.safeParse(body).success).toBe(true);
    expect(validateWebchatForm(values)).toEqual({});
  });

  it('points field errors at the field row', () => {
    const values = formValuesFrom(saved);
    values.custom_data.fields.push({ ...newField('x'), name: 'Assunto!', label: '' });
    values.custom_data.fields.push({ ...newField('y'), name: 'assunto', label: 'Outro', type: 'select' });
    const errors = validateWebchatForm(values);
    expect(errors['custom_data.fields.1.name']).toBe(
      'O identificador do campo deve ter apenas letras minúsculas, números e _.',
    );
    expect(errors['custom_data.fields.1.label']).toBe('Informe o rótulo do campo.');
    expect(errors['custom_data.fields.2.name']).toBe(WEBCHAT_FORM_MSG.duplicateField);
    expect(errors['custom_data.fields.2.options']).toBe(WEBCHAT_FORM_MSG.selectOptions);
  });

  it('refuses an invalid colour with the schema text', () => {
    const values = formValuesFrom(saved);
    values.custom_data.color = '#12';
    expect(validateWebchatForm(values)['custom_data.color']).toBe('Cor inválida (use #RRGGBB).');
  });

  it('builds the installation tag with the origin', () => {
    expect(installSnippet('https://prosa.example.com', 'abc123')).toBe(
      '<script src="https://prosa.example.com/webchat/abc123.js" async></script>',
    );
  });
});
