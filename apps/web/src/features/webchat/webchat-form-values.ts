import type { FormErrors } from '@mantine/form';
import { type TWebchat, type TWebchatInput, ZWebchatInput } from '@prosa/shared/webchat';
import { zodValidate } from '../../lib/zod-form';
import { draftFromField, fieldFromDraft, type TFieldDraft } from './field-editor-state';

export const DEFAULT_COLOR = '#1C7ED6';
export const DEFAULT_FONT_COLOR = '#FFFFFF';

export const WEBCHAT_FORM_MSG = {
  duplicateField: 'Já existe um campo com este identificador.',
  selectOptions: 'Informe ao menos uma opção para a lista.',
} as const;

/** The create/edit form; its paths mirror ZWebchatInput so the schema's errors land on the right inputs. */
export type TWebchatFormValues = {
  name: string;
  sector_id: string | null;
  custom_data: {
    nome: string;
    text_msg: string;
    text_button: string;
    color: string;
    widget_font_color: string;
    fields: TFieldDraft[];
  };
};

let keySeq = 0;
/** A local key for a field row (React identity only, never sent). */
export const nextFieldKey = () => `field-${Date.now().toString(36)}-${(keySeq++).toString(36)}`;

export function formValuesFrom(webchat: TWebchat | null): TWebchatFormValues {
  const c = webchat?.custom_data ?? {};
  return {
    name: webchat?.name ?? '',
    sector_id: webchat ? String(webchat.sector_id) : null,
    custom_data: {
      nome: c.nome ?? '',
      text_msg: c.text_msg ?? '',
      text_button: c.text_button ?? '',
      color: c.color ?? DEFAULT_COLOR,
      widget_font_color: c.widget_font_color ?? DEFAULT_FONT_COLOR,
      fields: (c.fields ?? []).map((f) => draftFromField(f, nextFieldKey())),
    },
  };
}

const optional = (value: string) => (value.trim() ? value.trim() : undefined);

/**
 * Form values → the body of POST/PUT /api/webchats. Keys of custom_data this form does not edit (text_color)
 * are kept from `previous`; empty texts are left out so the widget uses its defaults.
 */
export function toWebchatInput(
  values: TWebchatFormValues,
  previous: TWebchat['custom_data'] = {},
): Omit<TWebchatInput, 'sector_id'> & { sector_id: number | undefined } {
  const c = values.custom_data;
  const sector = values.sector_id ? Number(values.sector_id) : Number.NaN;
  const customData: TWebchatInput['custom_data'] = {
    ...previous,
    nome: optional(c.nome),
    text_msg: optional(c.text_msg),
    text_button: optional(c.text_button),
    color: optional(c.color),
    widget_font_color: optional(c.widget_font_color),
    fields: c.fields.map(fieldFromDraft),
  };
  for (const key of Object.keys(customData) as (keyof typeof customData)[]) {
    if (customData[key] === undefined) delete customData[key];
  }
  return {
    name: values.name,
    sector_id: Number.isInteger(sector) && sector > 0 ? sector : undefined,
    custom_data: customData,
  };
}

/** ZWebchatInput (the server's texts) plus two checks of the editor: unique identifiers, options of a list. */
export function validateWebchatForm(values: TWebchatFormValues): FormErrors {
  const errors = zodValidate<TWebchatFormValues>(ZWebchatInput, (v) => toWebchatInput(v))(values);
  const seen = new Set<string>();
  values.custom_data.fields.forEach((field, i) => {
    const name = field.name.trim();
    const namePath = `custom_data.fields.${i}.name`;
    if (name && seen.has(name) && !(namePath in errors)) errors[namePath] = WEBCHAT_FORM_MSG.duplicateField;
    seen.add(name);
    const optionsPath = `custom_data.fields.${i}.options`;
    const options = field.options.filter((o) => o.trim());
    if (field.type === 'select' && options.length === 0 && !(optionsPath in errors))
      errors[optionsPath] = WEBCHAT_FORM_MSG.selectOptions;
  });
  return errors;
}

/** The one tag a customer site adds (served by GET /webchat/<code>.js). */
export function installSnippet(origin: string, code: string): string {
  return `<script src="${origin}/webchat/${code}.js" async></script>`;
}
