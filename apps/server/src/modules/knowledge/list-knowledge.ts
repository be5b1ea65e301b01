import {
  AUTOCOMPLETE_ITEMS,
  AUTOCOMPLETE_MIN_CHARS,
  KNOWLEDGE_MOST_USED,
  normalizeSearchText,
  parseKnowledgeSearch,
  type TKnowledgeItem,
} from '@prosa/shared/knowledge';
import type { AppDeps, Caller } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { knowledgeReader } from './access';
import { autocompleteItems, type KnowledgeRow, listItems, mostUsedItems, tagsOfItems } from './repository';

type Deps = Pick<AppDeps, 'db'>;

export async function withTags(
  deps: Deps,
  companyId: number,
  rows: KnowledgeRow[],
): Promise<TKnowledgeItem[]> {
  const tags = await tagsOfItems(
    deps.db,
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    text: r.text,
    tags: tags.get(r.id) ?? [],
    uses: r.uses,
    sector_id: r.sectorId,
  }));
}

/** The paged list with the search rules of spec 1 §5 (8 per page; 4, 8 or 16). */
export async function listKnowledge(
  deps: Deps,
  caller: Caller,
  q: { page: number; count: number; searchFor?: string },
) {
  const reader = await knowledgeReader(deps.db, caller);
  const search = parseKnowledgeSearch(q.searchFor);
  if (!search.ok) throw badRequest(search.message);
  const { rows, total } = await listItems(deps.db, reader, search, q.page, q.count);
  return {
    items: await withTags(deps, caller.companyId, rows),
    total,
    page: q.page,
    count: q.count,
    scope: reader.scope,
  };
}

/** The 7 answers used most (usage counter above zero). */
export async function mostUsedKnowledge(deps: Deps, caller: Caller) {
  const reader = await knowledgeReader(deps.db, caller);
  return withTags(deps, caller.companyId, await mostUsedItems(deps.db, reader, KNOWLEDGE_MOST_USED));
}

/** '#term' in the chat's text box: 7 answers, from 2 characters on, case- and accent-insensitive. */
export async function autocompleteKnowledge(deps: Deps, caller: Caller, term: string) {
  const reader = await knowledgeReader(deps.db, caller);
  const clean = normalizeSearchText(term.replace(/^#/, ''));
  if ([...clean].length < AUTOCOMPLETE_MIN_CHARS) return [];
  return withTags(
    deps,
    caller.companyId,
    await autocompleteItems(deps.db, reader, clean, AUTOCOMPLETE_ITEMS),
  );
}
