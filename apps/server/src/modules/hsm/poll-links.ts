import type { Db, Tx } from '../../platform/db';

/**
 * The companies whose polls use a template (spec 2 §5: use in poll cannot be turned off, nor a company
 * removed, while a poll uses it). Polls do not exist yet (document 3 campaigns/polls): nothing links a
 * template today, so this answers none; when polls arrive this is the one place to query them.
 */
export async function pollLinkedCompanies(_db: Db | Tx, _templateId: number): Promise<number[]> {
  return [];
}
