import { ZReferralParams, ZReferralTracking } from '@prosa/shared/meta';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, callerOf } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { listReferrals } from './list-referrals';

export function referralRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/referral-tracking/:protocol',
      {
        config: ANY_USER,
        schema: {
          tags: ['attendance'],
          summary: 'Referências (link, anúncio) que trouxeram o contato do Messenger a um atendimento',
          params: ZReferralParams,
          response: { 200: ZReferralTracking },
        },
      },
      async (request) => listReferrals(deps, callerOf(request), request.params.protocol),
    );
  };
}
