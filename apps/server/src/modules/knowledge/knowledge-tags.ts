import { KNOWLEDGE_MSG } from '@prosa/shared/knowledge';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { knowledgeReader } from './access';
import { deleteTag, ensureTags, incrementUses, listTags } from './repository';

type Deps = Pick<AppDeps, 'db'>;

const TAGS_LISTED = 100;

export async function listKnowledgeTags(deps: Deps, caller: Caller, term = '') {
  await knowledgeReader(deps.db, caller);
  return listTags(deps.db, caller.companyId, term, TAGS_LISTED);
}

/** A tag that already exists (same letters, whatever the case or accents) is answered as it is. */
export async function createKnowledgeTag(deps: Deps, caller: Caller, tag: string) {
  await knowledgeReader(deps.db, caller);
  const [saved] = await deps.db.transaction((tx) => ensureTags(tx, caller.companyId, [tag]));
  if (!saved) throw new Error('tag not saved');
  return { message: KNOWLEDGE_MSG.tagSaved, tag: saved };
}

/** Removes the tag from the company and from every answer that had it. */
export async function deleteKnowledgeTag(deps: Deps, caller: Caller, id: number) {
  await knowledgeReader(deps.db, caller);
  if (!(await deleteTag(deps.db, caller.companyId, id))) throw notFound(KNOWLEDGE_MSG.tagNotFound);
  return { message: KNOWLEDGE_MSG.tagRemoved };
}

/** An answer inserted in the chat: its usage counter goes up by one (it ranks the "most used"). */
export async function incrementKnowledge(deps: Deps, caller: Caller, id: number) {
  const reader = await knowledgeReader(deps.db, caller);
  const uses = await incrementUses(deps.db, reader, id);
  if (uses === null) throw notFound(KNOWLEDGE_MSG.notFound);
  return { id, uses };
}
