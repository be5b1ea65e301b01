import { CONTROL_WORDS_MSG, normalizeControlText } from '@prosa/shared/control-words';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { findCompany } from '../companies/repository';
import { controlWordsOn } from './check-control-words';
import { deleteWord, insertWord, listLogs, listWords } from './repository';

type Deps = Pick<AppDeps, 'db'>;

const LOGS_PER_PAGE = 25;

const toWord = (r: { id: number; word: string; createdAt: Date }) => ({
  id: r.id,
  word: r.word,
  created_at: r.createdAt.toISOString(),
});

export async function listControlWords(deps: Deps, caller: Caller) {
  const [company, rows] = await Promise.all([
    findCompany(deps.db, caller.companyId),
    listWords(deps.db, caller.companyId),
  ]);
  return { enabled: controlWordsOn(company?.metadata), items: rows.map(toWord) };
}

export async function addControlWord(deps: Deps, caller: Caller, word: string) {
  const clean = word.trim().replace(/\s+/g, ' ');
  const row = await insertWord(deps.db, caller.companyId, clean, normalizeControlText(clean));
  if (!row) throw badRequest(CONTROL_WORDS_MSG.duplicate);
  return { message: CONTROL_WORDS_MSG.saved, word: toWord(row) };
}

export async function removeControlWord(deps: Deps, caller: Caller, id: number) {
  if (!(await deleteWord(deps.db, caller.companyId, id))) throw notFound(CONTROL_WORDS_MSG.notFound);
  return { message: CONTROL_WORDS_MSG.removed };
}

export async function listControlWordLogs(deps: Deps, caller: Caller, page: number) {
  const { rows, total } = await listLogs(deps.db, caller.companyId, page, LOGS_PER_PAGE);
  return {
    items: rows.map((r) => ({
      id: r.id,
      user_id: r.userId,
      user_name: r.userName,
      attendance_id: r.attendanceId,
      protocol: r.protocol,
      kind: r.kind,
      words: r.words,
      created_at: r.createdAt.toISOString(),
    })),
    total,
    page,
    count: LOGS_PER_PAGE,
  };
}
