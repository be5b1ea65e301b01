import { lessonsForRole, TRAINING_MSG, type TTrainingProgress } from '@prosa/shared/training';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { readTrainingDone, setTrainingDone } from './repository';

type Deps = Pick<AppDeps, 'db'>;

/** The caller's lessons marked as done, among the lessons of their role's path. */
export async function getTrainingProgress(deps: Deps, caller: Caller): Promise<TTrainingProgress> {
  const lessons = lessonsForRole(caller.role);
  const done = new Set(await readTrainingDone(deps.db, caller));
  return { done: lessons.filter((l) => done.has(l.id)).map((l) => l.id), total: lessons.length };
}

/** Marks one lesson of the caller's path as done (or not); a lesson outside the path answers 404. */
export async function markTrainingLesson(
  deps: Deps,
  caller: Caller,
  input: { id: string; done: boolean },
): Promise<TTrainingProgress> {
  if (!lessonsForRole(caller.role).some((l) => l.id === input.id))
    throw notFound(TRAINING_MSG.lessonNotFound);
  await setTrainingDone(deps.db, caller, input.id, input.done);
  return getTrainingProgress(deps, caller);
}
