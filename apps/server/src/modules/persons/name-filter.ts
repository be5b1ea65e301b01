import type { Db } from '../../platform/db';
import type { Caller } from '../../platform/deps';
import { checkControlWords, logControlWords } from '../control-words/check-control-words';

/**
 * A contact's edited name passes the company's control words (spec: "Esse nome não pode ser salvo."); a
 * blocked name is logged like a blocked message (who, when, which words).
 */
export async function nameIsBlocked(db: Db, caller: Caller, name: string): Promise<boolean> {
  const words = await checkControlWords(db, caller.companyId, name);
  if (words.length === 0) return false;
  await logControlWords(db, {
    companyId: caller.companyId,
    userId: caller.userId,
    attendanceId: null,
    kind: 'name',
    words,
  });
  return true;
}
