import { moduleOn, readCompanyMetadata, type TCompanyMetadata } from '@prosa/shared/company-metadata';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/access';
import type { Db } from '../../platform/db';
import { forbidden } from '../../platform/errors';
import { loadStoredMetadata } from './repository';

/** The texts of a company module turned off in settings (tabs 2 dashboard, 3 campaign, 6 batch close). */
export const MODULE_OFF_MSG: Record<string, string> = {
  dashboard: 'Os dashboards estão desativados para a empresa.',
  campaigns: 'As campanhas estão desativadas para a empresa.',
  batch_close: 'A finalização em lote está desativada para a empresa.',
};

/** The company's metadata, typed with its defaults (an unknown company reads as all defaults). */
export async function companySettings(db: Db, companyId: number): Promise<TCompanyMetadata> {
  return readCompanyMetadata(await loadStoredMetadata(db, companyId));
}

/** Whether a company module of a default-on flag is on (issue 24). */
export async function companyModuleOn(db: Db, companyId: number, flag: string): Promise<boolean> {
  const stored = await loadStoredMetadata(db, companyId);
  return moduleOn(stored?.allow as Record<string, unknown> | undefined, flag);
}

/**
 * Every route of the plugin answers 403 while the company has the module off: call inside a route plugin (its
 * hooks stay in that plugin). Public routes (no caller) are not gated.
 */
export function gateModule(app: FastifyInstance, db: Db, flag: string) {
  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || 'public' in access) return;
    const { companyId } = callerOf(request);
    if (!(await companyModuleOn(db, companyId, flag)))
      throw forbidden(MODULE_OFF_MSG[flag] ?? 'Recurso desativado para a empresa.');
  });
}
