import { KNOWLEDGE_MSG, type TKnowledgePatch, ZKnowledgeInput } from '@prosa/shared/knowledge';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { findSector } from '../sectors/repository';
import { knowledgeReader } from './access';
import { withTags } from './list-knowledge';
import {
  ensureTags,
  findVisibleItem,
  insertItem,
  setItemTags,
  softDeleteItem,
  updateItem,
} from './repository';

type Deps = Pick<AppDeps, 'db'>;

async function checkedSector(deps: Deps, caller: Caller, sectorId: number | null) {
  if (sectorId === null) return null;
  if (!(await findSector(deps.db, caller.companyId, sectorId)))
    throw badRequest(KNOWLEDGE_MSG.sectorNotFound);
  return sectorId;
}

/**
 * Creates (id null) or changes an answer. A change may name only some fields: the others keep their value
 * (tags too, when not sent). Tags that do not exist yet are created.
 */
export async function saveKnowledge(deps: Deps, caller: Caller, id: number | null, body: TKnowledgePatch) {
  const reader = await knowledgeReader(deps.db, caller);
  const existing = id !== null ? await findVisibleItem(deps.db, reader, id) : null;
  if (id !== null && !existing) throw notFound(KNOWLEDGE_MSG.notFound);
  const parsed = ZKnowledgeInput.safeParse({
    title: body.title ?? existing?.title,
    text: body.text ?? existing?.text,
    tags: body.tags ?? [],
    sector_id: body.sector_id === undefined ? (existing?.sectorId ?? null) : body.sector_id,
  });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? KNOWLEDGE_MSG.titleRequired);
  const input = parsed.data;
  const sectorId = await checkedSector(deps, caller, input.sector_id ?? null);
  const keepTags = existing !== null && body.tags === undefined;

  const row = await deps.db.transaction(async (tx) => {
    const values = { title: input.title, text: input.text, sectorId };
    const saved =
      id === null
        ? await insertItem(tx, { ...values, companyId: caller.companyId, createdBy: caller.userId })
        : await updateItem(tx, caller.companyId, id, values);
    if (!saved) throw notFound(KNOWLEDGE_MSG.notFound);
    if (!keepTags) {
      const tags = await ensureTags(tx, caller.companyId, input.tags);
      await setItemTags(
        tx,
        caller.companyId,
        saved.id,
        tags.map((t) => t.id),
      );
    }
    return saved;
  });
  const [item] = await withTags(deps, caller.companyId, [row]);
  if (!item) throw new Error('knowledge item vanished');
  return { message: KNOWLEDGE_MSG.saved, item };
}

export async function deleteKnowledge(deps: Deps, caller: Caller, id: number) {
  await knowledgeReader(deps.db, caller);
  if (!(await softDeleteItem(deps.db, caller.companyId, id))) throw notFound(KNOWLEDGE_MSG.notFound);
  return { message: KNOWLEDGE_MSG.removed };
}
