import type { TWebchatField } from '@prosa/shared/webchat';

export type TFieldType = TWebchatField['type'];

/** One row of the form-fields editor: the field plus a local key (React identity) and edit state. */
export type TFieldDraft = {
  key: string;
  name: string;
  label: string;
  type: TFieldType;
  options: string[];
  mask: string;
  required: boolean;
  /** False while the identifier still follows the label ("E-mail" → "e_mail"). */
  nameTouched: boolean;
};

export type TFieldPatch = Partial<Omit<TFieldDraft, 'key' | 'nameTouched'>>;

export type TFieldAction =
  | { type: 'add'; key: string }
  | { type: 'remove'; key: string }
  | { type: 'move'; key: string; offset: -1 | 1 }
  | { type: 'update'; key: string; patch: TFieldPatch }
  | { type: 'reset'; fields: TFieldDraft[] };

export const MAX_FIELDS = 15;
const IDENTIFIER_MAX = 40;

/** A field identifier from its label: lower case, no accents, letters/digits joined by "_". */
export function identifierFromLabel(label: string): string {
  return label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, IDENTIFIER_MAX);
}

export function newField(key: string): TFieldDraft {
  return {
    key,
    name: '',
    label: '',
    type: 'text',
    options: [],
    mask: '',
    required: false,
    nameTouched: false,
  };
}

export function draftFromField(field: TWebchatField, key: string): TFieldDraft {
  return {
    key,
    name: field.name,
    label: field.label,
    type: field.type,
    options: field.options ?? [],
    mask: field.mask ?? '',
    required: field.required ?? false,
    nameTouched: true,
  };
}

/** The field as ZWebchatField expects it: options for a list, a mask (if any) for the typed fields. */
export function fieldFromDraft(draft: TFieldDraft): TWebchatField {
  const field: TWebchatField = { name: draft.name.trim(), label: draft.label.trim(), type: draft.type };
  if (draft.type === 'select') field.options = draft.options.map((o) => o.trim()).filter(Boolean);
  else if (draft.mask.trim()) field.mask = draft.mask.trim();
  if (draft.required) field.required = true;
  return field;
}

/** The form-fields editor: add (up to 15), remove, reorder and edit fields. */
export function fieldsReducer(fields: TFieldDraft[], action: TFieldAction): TFieldDraft[] {
  switch (action.type) {
    case 'add':
      return fields.length >= MAX_FIELDS ? fields : [...fields, newField(action.key)];
    case 'remove':
      return fields.filter((f) => f.key !== action.key);
    case 'move': {
      const from = fields.findIndex((f) => f.key === action.key);
      const to = from + action.offset;
      if (from < 0 || to < 0 || to >= fields.length) return fields;
      const next = [...fields];
      const [moved] = next.splice(from, 1);
      if (moved) next.splice(to, 0, moved);
      return next;
    }
    case 'update':
      return fields.map((f) => (f.key === action.key ? applyPatch(f, action.patch) : f));
    case 'reset':
      return action.fields;
  }
}

function applyPatch(field: TFieldDraft, patch: TFieldPatch): TFieldDraft {
  const next = { ...field, ...patch };
  if (patch.name !== undefined) {
    next.nameTouched = patch.name !== '';
  } else if (patch.label !== undefined && !field.nameTouched) {
    next.name = identifierFromLabel(patch.label);
  }
  return next;
}
