import { ERROR_CODE } from '@prosa/shared/messages';
import {
  DEFAULT_PHRASES,
  NEGOTIATOR_MSG,
  PHRASE_GROUPS,
  phrasesErrors,
  type TPhraseGroup,
} from '@prosa/shared/negotiator';
import type { TNegotiatorPhrasesInput, TNegotiatorPhrasesView } from '@prosa/shared/negotiator-admin';
import type { AppDeps, Caller } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { updateNegotiatorRow } from './admin-repository';
import { requireNegotiator } from './require-negotiator';

type Deps = Pick<AppDeps, 'db'>;
type Stored = Record<string, Record<string, string>>;

const defaultsOf = (group: TPhraseGroup) =>
  DEFAULT_PHRASES[group] as Record<string, { label: string; text: string }>;

/** Every phrase of both groups: label, default, the text in use, and whether it was edited. */
export function phrasesView(stored: Stored): TNegotiatorPhrasesView {
  const view: TNegotiatorPhrasesView = { commandprocessor: {}, hotsite: {} };
  for (const group of PHRASE_GROUPS) {
    for (const [key, def] of Object.entries(defaultsOf(group))) {
      const edited = stored[group]?.[key];
      const isEdited = typeof edited === 'string' && edited !== def.text && edited.trim() !== '';
      view[group][key] = {
        label: def.label,
        default: def.text,
        text: isEdited ? edited : def.text,
        edited: isEdited,
      };
    }
  }
  return view;
}

export async function getNegotiatorPhrases(deps: Deps, caller: Caller, id: number) {
  const row = await requireNegotiator(deps.db, caller.companyId, id);
  return phrasesView(row.phrases ?? {});
}

/**
 * Saves the phrases of the groups sent (spec 3 §5 Phrases): every phrase checked by its rules (400 with the first
 * message and every error by "group.key"); only the phrases that differ from their default are stored.
 */
export async function saveNegotiatorPhrases(
  deps: Deps,
  caller: Caller,
  id: number,
  input: TNegotiatorPhrasesInput,
) {
  const row = await requireNegotiator(deps.db, caller.companyId, id);
  const errors = phrasesErrors({
    commandprocessor: input.phrases.commandprocessor ?? {},
    hotsite: input.phrases.hotsite ?? {},
  });
  const first = Object.values(errors)[0];
  if (first) throw new AppError(ERROR_CODE.validation, first, 400, { errors });
  const next: Stored = { ...(row.phrases ?? {}) };
  for (const group of PHRASE_GROUPS) {
    const sent = input.phrases[group];
    if (!sent) continue;
    const defaults = defaultsOf(group);
    next[group] = Object.fromEntries(
      Object.entries(sent).filter(([key, text]) => text !== defaults[key]?.text),
    );
  }
  const saved = await updateNegotiatorRow(deps.db, caller.companyId, id, { phrases: next }).catch(() => {
    throw new AppError(ERROR_CODE.internal, NEGOTIATOR_MSG.saveFailed, 503);
  });
  if (!saved) throw notFound(NEGOTIATOR_MSG.notFound);
  return { message: NEGOTIATOR_MSG.phrasesSaved, phrases: phrasesView(saved.phrases ?? {}) };
}
