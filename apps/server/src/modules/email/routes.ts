import { ZUploadResult } from '@prosa/shared/attachments';
import { ZIdParam } from '@prosa/shared/company';
import {
  EMAIL_MSG,
  ZActiveEmailInput,
  ZActiveEmailResult,
  ZEmailCheck,
  ZEmailConfig,
  ZEmailConfigInput,
  ZEmailConfigPatch,
} from '@prosa/shared/email';
import { zId } from '@prosa/shared/ids';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, callerOf, MANAGER } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { readUpload } from '../attachments/read-upload';
import { checkEmailConfig } from './check-email-config';
import { createActiveEmail } from './create-active-email';
import { createEmailConfig } from './create-email-config';
import { deleteEmailConfig } from './delete-email-config';
import { getEmailConfig, listEmailConfigs } from './list-email-configs';
import { storeMailUpload } from './mail-upload';
import { listEmChannels } from './repository';
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
    app.get(
      '/api/email-configs/available',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Configurações de e-mail para o e-mail ativo',
          response: {
            200: z.array(z.object({ id: z.number(), name: z.string(), sender_address: z.string() })),
          },
        },
      },
      async (request) =>
        (await listEmChannels(deps.db, callerOf(request).companyId)).map((r) => ({
          id: r.id,
          name: r.name,
          sender_address: String((r.config as { sender_address?: unknown }).sender_address ?? ''),
        })),
    );
    app.post(
      '/api/mail-upload',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary:
            'Anexo de e-mail ativo (multipart: email_config_id, channel_type, file). BMP, GIF, JPG, MP4, PDF, PNG',
          consumes: ['multipart/form-data'],
          response: { 200: ZUploadResult },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const upload = await readUpload(request);
        const configId = Number(upload.fields.email_config_id);
        const channel =
          Number.isSafeInteger(configId) && configId > 0 && configId <= 2_147_483_647
            ? await deps.channelRepository.find(caller.companyId, configId)
            : null;
        if (channel?.kind !== 'em' || channel.deletedAt !== null) throw notFound(EMAIL_MSG.notFound);
        return storeMailUpload(deps, caller, upload);
      },
    );
    app.post(
      '/api/active-email',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'E-mail ativo: abre um atendimento no setor escolhido',
          body: ZActiveEmailInput,
          response: { 200: ZActiveEmailResult },
        },
      },
      async (request) => createActiveEmail(deps, callerOf(request), request.body),
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
