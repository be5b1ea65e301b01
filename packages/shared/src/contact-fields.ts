// Custom contact fields (spec 1 §3 and §5 Contact metadata; spec 3 §3 and §5 Custom contact fields): texts,
// the option-key and mask rules, and the schemas shared by the server and the screens.

import { ZCard } from './attendance';
import { zId, zIdParam } from './ids';
import { z } from './zod';

export const CONTACT_FIELD_MSG = {
  listNeedsOptions: 'Campos do tipo lista devem possuir opções definidas',
  lastOption: 'O campo deve possuir ao menos uma opção',
  optionEmpty: 'Valor não preenchido',
  optionDuplicate: 'Existem opções repetidas.',
  optionTooLong: 'A opção deve ter no máximo 100 caracteres.',
  optionsTooMany: 'Use no máximo 100 opções.',
  keyRequired: 'O campo Chave é obrigatório.',
  keyInvalid: 'A chave deve ter até 50 caracteres: letras minúsculas sem acento, números e _.',
  keyTaken: 'Já existe um campo com esta chave.',
  labelRequired: 'O campo Nome é obrigatório.',
  labelTooLong: 'O nome deve ter no máximo 100 caracteres.',
  typeRequired: 'Selecione o tipo do campo.',
  maskInvalid: 'Máscara inválida. Use 9 para números, a para letras e * para ambos.',
  sectorNotFound: 'O setor informado não foi localizado.',
  notFound: 'Campo não encontrado.',
  created: 'Campo criado com sucesso!',
  saved: 'Campo alterado com sucesso!',
  removed: 'Campo removido com sucesso!',
  valuesSaved: 'Os dados foram atualizados com sucesso!',
  loadError: 'Algo deu errado ao carregar metadados. Consulte o suporte',
  required: (label: string) => `Campo ${label} obrigatório!`,
  invalid: (label: string) => `Campo ${label} é inválido!`,
} as const;

export const CONTACT_FIELD_TYPES = ['text', 'list'] as const;
export type TContactFieldType = (typeof CONTACT_FIELD_TYPES)[number];
export const CONTACT_FIELD_TYPE_LABEL: Record<TContactFieldType, string> = { text: 'Texto', list: 'Lista' };

export const NUMERIC_MASK = 'numeric';
/** The masks offered by the settings screen (any other pattern of 9, a and * is accepted too). */
export const MASK_PRESETS = [
  { value: NUMERIC_MASK, label: 'Numérico' },
  { value: '999.999.999-99', label: 'CPF' },
  { value: '99.999.999/9999-99', label: 'CNPJ' },
  { value: '99999-999', label: 'CEP' },
  { value: '(99) 99999-9999', label: 'Celular' },
  { value: '(99) 9999-9999', label: 'Telefone fixo' },
  { value: '99/99/9999', label: 'Data' },
] as const;

export const FIELD_KEY_MAX = 50;
export const FIELD_VALUE_MAX = 500;

/** An option's key (spec 3 §5): the value lowercased, accent-free, with underscores for spaces. */
export function optionKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '_');
}

/** A field key suggested from its name: the option-key form, keeping only letters, digits and _. */
export function fieldKeyFromLabel(label: string): string {
  return optionKey(label)
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, FIELD_KEY_MAX);
}

const SLOT: Record<string, RegExp> = { '9': /\d/, a: /\p{L}/u, '*': /[\p{L}\d]/u };

/** A usable mask: 'numeric', or a pattern with at least one slot (9 digit, a letter, * either). */
export function isValidMask(mask: string): boolean {
  if (mask === NUMERIC_MASK) return true;
  return mask.length > 0 && mask.length <= 50 && [...mask].some((c) => c in SLOT);
}

/** Whether a value fills a pattern mask exactly (every slot of its kind, every literal as written). */
export function matchesMask(value: string, mask: string): boolean {
  const chars = [...value];
  const slots = [...mask];
  if (chars.length !== slots.length) return false;
  return slots.every((m, i) => {
    const c = chars[i] ?? '';
    const slot = SLOT[m];
    return slot ? slot.test(c) : c === m;
  });
}

/** What the user typed laid into the mask as they type: slots take matching characters, literals come by themselves. */
export function applyMask(input: string, mask: string): string {
  if (mask === NUMERIC_MASK) return input.replace(/[^\d,.-]/g, '');
  const typed = [...input].filter((c) => SLOT['*']?.test(c));
  let out = '';
  let t = 0;
  for (const m of mask) {
    if (t >= typed.length) break;
    const slot = SLOT[m];
    if (!slot) {
      out += m;
      continue;
    }
    // Skip typed characters that do not fit this slot (a letter where a digit goes).
    while (t < typed.length && !slot.test(typed[t] ?? '')) t++;
    if (t >= typed.length) break;
    out += typed[t];
    t++;
  }
  return out;
}

const NUMBER = /^-?\d+([.,]\d+)?$/;

/** A numeric value as stored: negative numbers become positive (spec 1 §5). Null when not a number. */
export function positiveNumber(value: string): string | null {
  const text = value.trim();
  if (!NUMBER.test(text)) return null;
  return text.replace(/^-/, '');
}

export type TFieldRule = {
  label: string;
  type: TContactFieldType;
  options: { key: string; value: string }[];
  required: boolean;
  mask: string | null;
};

/**
 * A filled-in value checked against its definition: required, one of the list's options (by key or by value,
 * stored as the key), the mask, numbers made positive. Empty optional values are stored as nothing (null).
 */
export function checkFieldValue(
  def: TFieldRule,
  raw: unknown,
): { ok: true; value: string | null } | { ok: false; message: string } {
  const text = raw === null || raw === undefined ? '' : String(raw).trim();
  if (!text)
    return def.required
      ? { ok: false, message: CONTACT_FIELD_MSG.required(def.label) }
      : { ok: true, value: null };
  const invalid = { ok: false as const, message: CONTACT_FIELD_MSG.invalid(def.label) };
  if (def.type === 'list') {
    const option = def.options.find((o) => o.key === text || o.value === text);
    return option ? { ok: true, value: option.key } : invalid;
  }
  if (text.length > FIELD_VALUE_MAX) return invalid;
  if (def.mask === NUMERIC_MASK) {
    const n = positiveNumber(text);
    return n === null ? invalid : { ok: true, value: n };
  }
  if (def.mask && !matchesMask(text, def.mask)) return invalid;
  return { ok: true, value: text };
}

/**
 * The rules across a definition's fields: a list needs options ("…ao menos uma opção" when an existing list
 * loses its last one) and no two options with the same key. Null when it holds.
 */
export function definitionError(
  def: { type: TContactFieldType; options: { value: string }[] },
  opts: { wasList?: boolean } = {},
): string | null {
  if (def.type !== 'list') return null;
  if (def.options.length === 0)
    return opts.wasList ? CONTACT_FIELD_MSG.lastOption : CONTACT_FIELD_MSG.listNeedsOptions;
  if (def.options.some((o) => !o.value.trim())) return CONTACT_FIELD_MSG.optionEmpty;
  const keys = def.options.map((o) => optionKey(o.value));
  if (new Set(keys).size !== keys.length) return CONTACT_FIELD_MSG.optionDuplicate;
  return null;
}

const ZOption = z.object({
  key: z.string().max(200).optional(),
  value: z
    .string({ error: CONTACT_FIELD_MSG.optionEmpty })
    .trim()
    .min(1, { error: CONTACT_FIELD_MSG.optionEmpty })
    .max(100, { error: CONTACT_FIELD_MSG.optionTooLong }),
});

const fieldShape = {
  key: z
    .string({ error: CONTACT_FIELD_MSG.keyRequired })
    .trim()
    .min(1, { error: CONTACT_FIELD_MSG.keyRequired })
    .max(FIELD_KEY_MAX, { error: CONTACT_FIELD_MSG.keyInvalid })
    .regex(/^[a-z0-9_]+$/, { error: CONTACT_FIELD_MSG.keyInvalid }),
  label: z
    .string({ error: CONTACT_FIELD_MSG.labelRequired })
    .trim()
    .min(1, { error: CONTACT_FIELD_MSG.labelRequired })
    .max(100, { error: CONTACT_FIELD_MSG.labelTooLong }),
  type: z.enum(CONTACT_FIELD_TYPES, { error: CONTACT_FIELD_MSG.typeRequired }),
  options: z.array(ZOption).max(100, { error: CONTACT_FIELD_MSG.optionsTooMany }),
  required: z.boolean(),
  mask: z
    .string()
    .trim()
    .max(50, { error: CONTACT_FIELD_MSG.maskInvalid })
    .refine((m) => m === '' || isValidMask(m), { error: CONTACT_FIELD_MSG.maskInvalid })
    .nullable(),
  is_active: z.boolean(),
  sector_id: zId().nullable(),
  position: z.number().int().min(0).max(10_000),
};

export const ZContactFieldInput = z.object({
  ...fieldShape,
  options: fieldShape.options.default([]),
  required: fieldShape.required.default(false),
  mask: fieldShape.mask.default(null),
  is_active: fieldShape.is_active.default(true),
  sector_id: fieldShape.sector_id.default(null),
  position: fieldShape.position.optional(),
});
export type TContactFieldInput = z.input<typeof ZContactFieldInput>;

export const ZContactFieldPatch = z.object(fieldShape).partial();
export type TContactFieldPatch = z.infer<typeof ZContactFieldPatch>;

export const ZContactField = z.object({
  id: z.number(),
  key: z.string(),
  label: z.string(),
  type: z.enum(CONTACT_FIELD_TYPES),
  options: z.array(z.object({ key: z.string(), value: z.string() })),
  required: z.boolean(),
  mask: z.string().nullable(),
  is_active: z.boolean(),
  sector_id: z.number().nullable(),
  position: z.number(),
  created_at: z.string(),
});
export type TContactField = z.infer<typeof ZContactField>;

export const ZContactFieldQuery = z.object({
  sector_id: zIdParam().optional(),
  include_inactive: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

export const ZContactFieldValues = z.record(
  z.string().max(FIELD_KEY_MAX),
  z.union([z.string().max(FIELD_VALUE_MAX * 2), z.number(), z.null()]),
);
export const ZContactFieldValuesInput = z.object({ values: ZContactFieldValues });

export const ZAttendanceContactFields = z.object({
  fields: z.array(ZContactField),
  values: z.record(z.string(), z.string()),
});
export type TAttendanceContactFields = z.infer<typeof ZAttendanceContactFields>;

/** A definition created or changed, with the text to show. */
export const ZContactFieldResult = z.object({ message: z.string(), field: ZContactField });

/** The values saved on an attendance's contact and the card's new state. */
export const ZContactFieldValuesSaved = z.object({
  message: z.string(),
  values: z.record(z.string(), z.string()),
  card: ZCard,
});
