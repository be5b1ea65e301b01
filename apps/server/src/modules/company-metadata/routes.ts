import { META_MSG, ZCompanyMetadata, ZCompanyMetadataShape } from '@prosa/shared/company-metadata';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { getCompanyMetadata } from './get-metadata';
import { saveCompanyMetadata } from './save-metadata';

const tags = ['company-metadata'];

export function companyMetadataRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/company/metadata',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Metadados da empresa (objeto inteiro, com os valores padrão)',
          response: { 200: ZCompanyMetadataShape },
        },
      },
      async (request) => getCompanyMetadata(deps, callerOf(request)),
    );

    app.put(
      '/api/company/metadata',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: `Salva os metadados da empresa (objeto inteiro); responde "${META_MSG.saved}"`,
          body: ZCompanyMetadata,
          response: { 200: z.object({ message: z.string(), metadata: ZCompanyMetadataShape }) },
        },
      },
      async (request) => saveCompanyMetadata(deps, callerOf(request), request.body),
    );
  };
}
