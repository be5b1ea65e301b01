import { readCompanyMetadata, type TCompanyMetadata } from '@prosa/shared/company-metadata';
import type { Db } from '../../platform/db';
import type { AppDeps, Caller } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { loadStoredMetadata } from './repository';

/** The typed metadata of a company (defaults filled in); other modules read their switches through it. */
export async function companyMetadataOf(db: Db, companyId: number): Promise<TCompanyMetadata> {
  const stored = await loadStoredMetadata(db, companyId);
  if (!stored) throw notFound();
  return readCompanyMetadata(stored);
}

/** Company metadata "load" (spec 3 §7): the whole object. */
export async function getCompanyMetadata(deps: Pick<AppDeps, 'db'>, caller: Caller) {
  return companyMetadataOf(deps.db, caller.companyId);
}
