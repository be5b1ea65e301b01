import { ZIdParam } from '@prosa/shared/company';
import {
  FACEBOOK_SCREEN_PATH,
  ZFacebookCallbackQuery,
  ZFacebookConnectInput,
  ZFacebookLoginStatus,
  ZFacebookPageIdParam,
  ZFacebookPagePatch,
  ZFacebookPageResult,
  ZFacebookPages,
} from '@prosa/shared/facebook';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { connectFacebookPage } from './connect-page';
import { finishFacebookLogin } from './finish-login';
import { listFacebookPages } from './list-pages';
import { facebookLoginStatus } from './login-status';
import { resubscribeFacebookPage } from './resubscribe-page';
import { startFacebookLogin } from './start-login';
import { unlinkFacebookPage } from './unlink-page';
import { updateFacebookPage } from './update-page';

const tags = ['facebook'];

// main.facebook (spec 2 §2): Facebook Login and the company's pages, for managers and above (the permissions
// catalogue has no Facebook action).
export function facebookRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/facebook/login',
      { config: MANAGER, schema: { tags, summary: 'Abre o login do Facebook (302)' } },
      async (request, reply) => reply.redirect(await startFacebookLogin(deps, callerOf(request)), 302),
    );
    app.get(
      '/api/facebook/callback',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Retorno do login do Facebook (302 para a tela)',
          querystring: ZFacebookCallbackQuery,
        },
      },
      async (request, reply) => {
        const result = await finishFacebookLogin(deps, callerOf(request), request.query, (msg, err) =>
          request.log.warn({ err }, msg),
        );
        return reply.redirect(`${FACEBOOK_SCREEN_PATH}?login=${result}`, 302);
      },
    );
    app.get(
      '/api/facebook/login-status',
      {
        config: MANAGER,
        schema: { tags, summary: 'Verifica o login do Facebook', response: { 200: ZFacebookLoginStatus } },
      },
      async (request) => facebookLoginStatus(deps, callerOf(request)),
    );
    app.get(
      '/api/facebook/pages',
      {
        config: MANAGER,
        schema: { tags, summary: 'Páginas do Facebook', response: { 200: ZFacebookPages } },
      },
      async (request) => listFacebookPages(deps, callerOf(request)),
    );
    app.post(
      '/api/facebook/pages/:pageId/connect',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Conecta a página (inscreve o app)',
          params: ZFacebookPageIdParam,
          body: ZFacebookConnectInput,
          response: { 200: ZFacebookPageResult },
        },
      },
      async (request) =>
        connectFacebookPage(deps, callerOf(request), request.params.pageId, request.body.sector_id),
    );
    app.post(
      '/api/facebook/pages/:id/resubscribe',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Desinscreve e inscreve a página novamente',
          params: ZIdParam,
          response: { 200: ZFacebookPageResult },
        },
      },
      async (request) => resubscribeFacebookPage(deps, callerOf(request), request.params.id),
    );
    app.patch(
      '/api/facebook/pages/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Altera o setor padrão da página',
          params: ZIdParam,
          body: ZFacebookPagePatch,
          response: { 200: ZFacebookPageResult },
        },
      },
      async (request) =>
        updateFacebookPage(deps, callerOf(request), request.params.id, request.body.sector_id),
    );
    app.delete(
      '/api/facebook/pages/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Desvincula a página',
          params: ZIdParam,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => unlinkFacebookPage(deps, callerOf(request), request.params.id),
    );
  };
}
