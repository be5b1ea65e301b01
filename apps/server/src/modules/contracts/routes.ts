import { ZMessageOutput } from '@prosa/shared/auth';
import { ZIdParam } from '@prosa/shared/company';
import { ZIdName } from '@prosa/shared/company-admin';
import { ZContractInput, ZContractMonthQuery, ZContractOutput } from '@prosa/shared/contract';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN, callerOf } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { getContract } from './get-contract';
import { listSellers } from './repository';
import { updateContract } from './save-contract';

const tags = ['contracts'];

export function contractRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/sellers',
      {
        config: ADMIN,
        schema: { tags, summary: 'Vendedores', response: { 200: z.array(ZIdName) } },
      },
      async () => listSellers(deps.db),
    );

    app.get(
      '/api/companies/:id/contract',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Contrato da empresa e custo de uso no mês (month AAAA-MM; padrão: mês atual)',
          params: ZIdParam,
          querystring: ZContractMonthQuery,
          response: { 200: ZContractOutput },
        },
      },
      async (request) => getContract(deps, callerOf(request), request.params.id, request.query.month),
    );

    app.patch(
      '/api/companies/:id/contract',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Salva o contrato (datas DD/MM/AAAA, faixas, valor por número, observação, vendedor)',
          params: ZIdParam,
          body: ZContractInput,
          response: { 200: ZMessageOutput },
        },
      },
      async (request) => updateContract(deps, callerOf(request), request.params.id, request.body),
    );
  };
}
