import {
  newchatProblem,
  type TNewchat,
  type TNewchatField,
  type TNewchatProblem,
  type TNewchatSettings,
  ZNewchatSettings,
} from '@prosa/shared/newchat';

export type TWizardValues = { name: string; sector_id: number | null; settings: TNewchatSettings };

/** The wizard's steps (spec 2 §2 NewChat wizard), numbered as `step` in the URL. */
export const STEPS = ['Configurar', 'Personalizar', 'Mensagem de fila', 'Termos de uso', 'Publicar'] as const;
export const LAST_STEP = STEPS.length;

export function parseStep(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= LAST_STEP ? n : 1;
}

export function emptyValues(): TWizardValues {
  return { name: '', sector_id: null, settings: ZNewchatSettings.parse({}) };
}

export function valuesOf(n: TNewchat): TWizardValues {
  return { name: n.name, sector_id: n.sector_id, settings: n.settings };
}

// Which step shows each field the validation may name.
const STEP_OF_FIELD: Record<string, number> = {
  name: 1,
  sector_id: 1,
  finishStatus: 1,
  footerUrl: 2,
  queueMessage: 3,
  termsOfUseText: 4,
  termsOfUseTitle: 4,
};

/** The first problem of the steps up to this one (later steps are checked when the manager gets there). */
export function problemUpTo(step: number, v: TWizardValues): (TNewchatProblem & { step: number }) | null {
  const p = newchatProblem(v);
  if (!p) return null;
  const at = STEP_OF_FIELD[p.field] ?? 1;
  return at <= step ? { ...p, step: at } : null;
}

export const publicLink = (origin: string, code: string) => `${origin}/newchat/${code}`;
export const embedSnippet = (origin: string, code: string) =>
  `<script src="${origin}/newchat/${code}.js" async></script>`;

/** A new custom field of the form, with an identifier not yet used. */
export function newField(existing: readonly TNewchatField[]): TNewchatField {
  let i = existing.length + 1;
  while (existing.some((f) => f.name === `campo_${i}`)) i++;
  return { name: `campo_${i}`, label: `Campo ${i}`, type: 'text', required: false, error: '' };
}

/** Phone and name stay in the form (spec 2 §3: they exist by default). */
export const isDefaultField = (f: Pick<TNewchatField, 'name'>) => f.name === 'name' || f.name === 'phone';
