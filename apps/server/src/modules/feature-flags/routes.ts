import {
  ZFeatureFlag,
  ZFeatureFlagList,
  ZFeatureFlagQuery,
  ZFeatureFlagToggled,
  ZFeatureFlagToggleInput,
  ZFeatureFlagTypeParam,
} from '@prosa/shared/feature-flags-schemas';
import { ROLE } from '@prosa/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { getFeatureFlag, listFeatureFlags } from './get-feature-flags';
import { toggleFeatureFlag } from './toggle-feature-flag';

const tags = ['feature-flags'];
/** Only the platform owner (1000) reads and switches a company's feature flags. */
const LORD = { access: { minRole: ROLE.lord } } as const;

export function featureFlagRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/feature-flags',
      {
        config: LORD,
        schema: {
          tags,
          summary: 'Os recursos (feature flags) de uma empresa',
          querystring: ZFeatureFlagQuery,
          response: { 200: ZFeatureFlagList },
        },
      },
      async (request) => listFeatureFlags(deps, { companyId: request.query.company_id }),
    );
    app.get(
      '/api/feature-flags/:type',
      {
        config: LORD,
        schema: {
          tags,
          summary: 'Estado atual de um recurso (feature flag) de uma empresa, por tipo',
          params: ZFeatureFlagTypeParam,
          querystring: ZFeatureFlagQuery,
          response: { 200: ZFeatureFlag },
        },
      },
      async (request) =>
        getFeatureFlag(deps, { companyId: request.query.company_id, type: request.params.type }),
    );
    app.post(
      '/api/feature-flags/:type/toggle',
      {
        config: LORD,
        schema: {
          tags,
          summary: 'Liga ou desliga um recurso (feature flag) de uma empresa, por tipo',
          params: ZFeatureFlagTypeParam,
          body: ZFeatureFlagToggleInput,
          response: { 200: ZFeatureFlagToggled },
        },
      },
      async (request) =>
        toggleFeatureFlag(deps, callerOf(request), {
          companyId: request.body.company_id,
          type: request.params.type,
        }),
    );
  };
}
