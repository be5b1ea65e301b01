import { CONTROL_WORDS_MSG, findControlWords } from '@prosa/shared/control-words';
import type { Db } from '../../platform/db';
import type { Caller } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { findCompany } from '../companies/repository';
import { insertLog, wordsForMatching } from './repository';

type Meta = { allow?: Record<string, unknown> } | null | undefined;

export const controlWordsOn = (metadata: unknown) => (metadata as Meta)?.allow?.controlwords === true;

/**
 * The listed words `text` contains (as written in the list), or [] when the company has the filter off (allow.controlwords) or the
 * text is clean. Used for outgoing messages and for contacts' edited names.
 */
export async function checkControlWords(
  db: Db,
  companyId: number,
  text: string,
  metadata?: unknown,
): Promise<string[]> {
  const meta = metadata === undefined ? (await findCompany(db, companyId))?.metadata : metadata;
  if (!controlWordsOn(meta)) return [];
  const list = await wordsForMatching(db, companyId);
  const found = findControlWords(
    text,
    list.map((w) => w.normalized),
  );
  // Answered as the list shows them (with their accents), not in the compared form.
  return found.map((n) => list.find((w) => w.normalized === n)?.word ?? n);
}

/** Records a blocked message or name: who, when and which words (the control words report reads it). */
export async function logControlWords(
  db: Db,
  entry: {
    companyId: number;
    userId: number;
    attendanceId: number | null;
    kind: 'message' | 'name';
    words: string[];
  },
) {
  await insertLog(db, entry);
}

/**
 * An operator's outgoing message (spec 1 §5): with the filter on, a message holding a listed word is logged
 * and refused with 400 'Sua mensagem não pode ser enviada.'; nothing is stored or sent.
 */
export async function refuseControlWords(
  db: Db,
  caller: Caller,
  input: { attendanceId: number; text: string; metadata?: unknown },
) {
  const words = await checkControlWords(db, caller.companyId, input.text, input.metadata);
  if (words.length === 0) return;
  await logControlWords(db, {
    companyId: caller.companyId,
    userId: caller.userId,
    attendanceId: input.attendanceId,
    kind: 'message',
    words,
  });
  throw badRequest(CONTROL_WORDS_MSG.messageBlocked);
}
