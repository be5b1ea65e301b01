import { optionsChanged, POLL_MSG, type TPollHsm, type TPollValues } from '@prosa/shared/polls';
import { and, eq } from 'drizzle-orm';
import { statuses } from '../../db/schema/organization';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { findVisibleTemplate, listVisibleTemplates } from '../hsm/repository';
import {
  answerCounts,
  findPollRow,
  insertPoll,
  listPolls,
  softDeletePoll,
  toPoll,
  updatePollRow,
} from './repository';

type Deps = Pick<AppDeps, 'db'>;

async function existing(deps: Deps, caller: Caller, id: number) {
  const row = await findPollRow(deps.db, caller.companyId, id);
  if (!row) throw notFound(POLL_MSG.notFound);
  return row;
}

async function answersOf(deps: Deps, companyId: number, id: number) {
  return (await answerCounts(deps.db, companyId, [id])).get(id) ?? 0;
}

/** The HSM must be a template of the company's marked for polls (spec 2 use_in_poll). */
async function checkHsm(deps: Deps, caller: Caller, values: TPollValues) {
  if (values.hsm_id === null) return;
  const t = await findVisibleTemplate(deps.db, caller.companyId, values.hsm_id);
  if (!t?.useInPoll) throw badRequest(POLL_MSG.hsmInvalid);
}

export async function allPolls(deps: Deps, caller: Caller, withTrashed = false) {
  return listPolls(deps.db, caller.companyId, withTrashed);
}

export async function createPoll(deps: Deps, caller: Caller, values: TPollValues) {
  await checkHsm(deps, caller, values);
  const row = await insertPoll(deps.db, caller.companyId, values);
  return { message: POLL_MSG.created, poll: toPoll(row, 0) };
}

/** A poll with answers keeps its options: none added or removed, values and key type locked (spec 3 §4). */
export async function updatePoll(deps: Deps, caller: Caller, id: number, values: TPollValues) {
  const before = await existing(deps, caller, id);
  const answers = await answersOf(deps, caller.companyId, id);
  if (
    answers > 0 &&
    optionsChanged(
      {
        answer_order: before.answerOrder === 'numbers' ? 'numbers' : 'letters',
        possible_answers: before.possibleAnswers,
      },
      values,
    )
  )
    throw badRequest(POLL_MSG.lockedOptions);
  await checkHsm(deps, caller, values);
  const row = await updatePollRow(deps.db, caller.companyId, id, values);
  if (!row) throw notFound(POLL_MSG.notFound);
  return { message: POLL_MSG.updated, poll: toPoll(row, answers) };
}

/** Soft delete: its answers stay in the reports; statuses that sent it send nothing from now on. */
export async function deletePoll(deps: Deps, caller: Caller, id: number) {
  await existing(deps, caller, id);
  await softDeletePoll(deps.db, caller.companyId, id);
  await deps.db
    .update(statuses)
    .set({ pollId: null })
    .where(and(eq(statuses.companyId, caller.companyId), eq(statuses.pollId, id)));
  return { message: POLL_MSG.deleted };
}

/** "Check answers": whether the poll has answers (its options are then locked). */
export async function checkAnswers(deps: Deps, caller: Caller, id: number) {
  await existing(deps, caller, id);
  const answers = await answersOf(deps, caller.companyId, id);
  return { has_answers: answers > 0, answers };
}

/** The templates a poll may use (use_in_poll) among those the company sees. */
export async function pollTemplates(deps: Deps, caller: Caller): Promise<TPollHsm[]> {
  const rows = await listVisibleTemplates(deps.db, caller.companyId);
  return rows.filter((r) => r.useInPoll).map((r) => ({ id: r.id, name: r.name, template: r.template }));
}
