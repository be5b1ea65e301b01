import { KNOWLEDGE_MSG } from '@prosa/shared/knowledge';
import { ROLE } from '@prosa/shared/roles';
import type { Db } from '../../platform/db';
import type { Caller } from '../../platform/deps';
import { forbidden, notFound } from '../../platform/errors';
import { findCompany } from '../companies/repository';
import type { Reader } from './repository';

type Meta = { allow?: Record<string, unknown>; knowledgebase_scope?: unknown };

export type KnowledgeScope = 'company' | 'sector';

/** The company switch (allow.knowledgebase) and scope (knowledgebase_scope, default 'company'). */
export async function knowledgeSettings(db: Db, companyId: number) {
  const company = await findCompany(db, companyId);
  if (!company) throw notFound();
  const meta = company.metadata as Meta;
  const scope: KnowledgeScope = meta.knowledgebase_scope === 'sector' ? 'sector' : 'company';
  return { enabled: meta.allow?.knowledgebase === true, scope };
}

/**
 * Every knowledge base call: refused while the company has the feature off; under the 'sector' scope an
 * operator reads only the items of their sectors (and those without a sector).
 */
export async function knowledgeReader(db: Db, caller: Caller): Promise<Reader & { scope: KnowledgeScope }> {
  const settings = await knowledgeSettings(db, caller.companyId);
  if (!settings.enabled) throw forbidden(KNOWLEDGE_MSG.notEnabled);
  return {
    companyId: caller.companyId,
    userId: caller.userId,
    sectorScoped: settings.scope === 'sector' && caller.role < ROLE.manager,
    scope: settings.scope,
  };
}
