import {
  ZReleaseSeenInput,
  ZReleaseSeenOutput,
  ZReleasesOutput,
  ZReleasesQuery,
} from '@prosa/shared/releases-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, callerOf } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { getReleases } from './get-releases';
import { markReleaseSeen } from './mark-release-seen';

const tags = ['releases'];

/** Release notes ("Novidades", spec 3 §2, §7): the product's own releases and each user's last one seen. */
export function releaseRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/releases',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary:
            'Novidades de todas as versões, ou de uma (?version=0.N.0), e se a atual ainda não foi vista',
          querystring: ZReleasesQuery,
          response: { 200: ZReleasesOutput },
        },
      },
      async (request) => getReleases(deps, callerOf(request), request.query),
    );

    app.post(
      '/api/releases/seen',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Marca as novidades de uma versão como vistas (nunca volta para uma versão anterior)',
          body: ZReleaseSeenInput,
          response: { 200: ZReleaseSeenOutput },
        },
      },
      async (request) => markReleaseSeen(deps, callerOf(request), request.body),
    );
  };
}
