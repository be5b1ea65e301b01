import { ZIdParam } from '@prosa/shared/company';
import { LOGIN_REDIRECT_MSG, ZLoginRedirect, ZLoginRedirectInput } from '@prosa/shared/login-redirect';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN, callerOf } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { getLoginRedirect, setLoginRedirect } from './login-redirect';

const tags = ['companies'];

/** The company's new product URL (spec 2 §4 Login redirect), edited in company edit by admins. */
export function loginRedirectRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/companies/:id/login-redirect',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Novo endereço do produto para onde o login da empresa redireciona (null: nenhum)',
          params: ZIdParam,
          response: { 200: ZLoginRedirect },
        },
      },
      async (request) => getLoginRedirect(deps, callerOf(request), request.params.id),
    );

    app.put(
      '/api/companies/:id/login-redirect',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: `Define (https) ou remove (null) o redirecionamento do login; responde "${LOGIN_REDIRECT_MSG.saved}"`,
          params: ZIdParam,
          body: ZLoginRedirectInput,
          response: { 200: ZLoginRedirect.extend({ message: z.string() }) },
        },
      },
      async (request) =>
        setLoginRedirect(deps, callerOf(request), request.params.id, request.body.redirect_url),
    );
  };
}
