import { ZIdParam } from '@prosa/shared/company';
import { ZEmailCheck, ZEmailConfig, ZEmailConfigInput, ZEmailConfigPatch } from '@prosa/shared/email';
import { zId } from '@prosa/shared/ids';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { checkEmailConfig } from './check-email-config';
import { createEmailConfig } from './create-email-config';
import { deleteEmailConfig } from './delete-email-config';
import { getEmailConfig, listEmailConfigs } from './list-email-configs';
import { updateEmailConfig } from './update-email-config';

const tags = ['email'];

/** E-mail configs (spec 2 §7 "E-mail: findOne, checkConfig, create, update, delete"), managers and up. */
export function emailRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/email-configs',
      {
        config: MANAGER,
        schema: { tags, summary: 'Configurações de e-mail', response: { 200: z.array(ZEmailConfig) } },
      },
      async (request) => listEmailConfigs(deps, callerOf(request)),
    );
    app.get(
      '/api/email-configs/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Uma configuração de e-mail',
          params: ZIdParam,
          response: { 200: ZEmailConfig },
        },
      },
      async (request) => getEmailConfig(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/api/email-configs',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Cria configuração de e-mail',
          body: ZEmailConfigInput,
          response: { 200: ZEmailConfig },
        },
      },
      async (request) => createEmailConfig(deps, callerOf(request), request.body),
    );
    app.patch(
      '/api/email-configs/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Altera configuração de e-mail (senha em branco é mantida)',
          params: ZIdParam,
          body: ZEmailConfigPatch,
          response: { 200: ZEmailConfig },
        },
      },
      async (request) => updateEmailConfig(deps, callerOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/email-configs/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Remove configuração de e-mail',
          params: ZIdParam,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => deleteEmailConfig(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/api/email-configs/check',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Testa IMAP e SMTP (checkConfig); senhas em branco usam as da configuração salva',
          body: ZEmailConfigPatch.extend({ id: zId().optional() }),
          response: { 200: ZEmailCheck },
        },
      },
      async (request) => checkEmailConfig(deps, callerOf(request), request.body),
    );
  };
}
