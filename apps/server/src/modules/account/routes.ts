import {
  ACCOUNT_MSG,
  AVATAR_MAX_BYTES,
  ZAvatarOutput,
  ZManagerSurvey,
  ZSurveyAnswer,
  ZUserSettings,
} from '@prosa/shared/account';
import { ZOwnProfile, ZOwnProfileInput, ZOwnProfileSaved } from '@prosa/shared/account-profile';
import { ZMessageOutput } from '@prosa/shared/auth';
import { zIdParam } from '@prosa/shared/ids';
import { ERROR_CODE } from '@prosa/shared/messages';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, callerOf } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest } from '../../platform/errors';
import { readAvatar, removeAvatar, uploadAvatar } from './avatar';
import { answerManagerSurvey, getManagerSurvey } from './manager-survey';
import { getOwnProfile, updateOwnProfile } from './own-profile';
import { getUserSettings, updateUserSettings } from './user-settings';

const tags = ['account'];

export function accountRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/users/me/avatar',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Envia a foto de perfil (multipart: file; até 2 MB)',
          consumes: ['multipart/form-data'],
          response: { 200: ZAvatarOutput },
        },
      },
      async (request) => {
        const part = await request
          .file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } })
          .catch(() => undefined);
        if (!part) throw badRequest(ACCOUNT_MSG.avatarInvalid);
        const data = await part.toBuffer().catch((err: { code?: string }) => {
          if (err.code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError(ERROR_CODE.validation, ACCOUNT_MSG.avatarTooLarge, 413);
          throw badRequest(ACCOUNT_MSG.avatarUploadError);
        });
        return uploadAvatar(deps, callerOf(request), {
          name: part.filename,
          data,
          truncated: part.file.truncated,
        });
      },
    );

    app.delete(
      '/api/users/me/avatar',
      {
        config: ANY_USER,
        schema: { tags, summary: 'Remove a foto de perfil', response: { 200: ZMessageOutput } },
      },
      async (request) => removeAvatar(deps, callerOf(request)),
    );

    app.get(
      '/api/users/:id/avatar/:file',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Foto de perfil de um colega da empresa',
          params: z.object({ id: zIdParam(), file: z.string().max(80) }),
        },
      },
      async (request, reply) => {
        const { data, mime } = await readAvatar(
          deps,
          callerOf(request),
          request.params.id,
          request.params.file,
        );
        return reply
          .header('content-type', mime)
          .header('cache-control', 'private, max-age=31536000, immutable')
          .send(data);
      },
    );

    app.get(
      '/api/users/me/profile',
      {
        config: ANY_USER,
        schema: { tags, summary: 'Dados do próprio usuário', response: { 200: ZOwnProfile } },
      },
      async (request) => getOwnProfile(deps, callerOf(request)),
    );
    app.put(
      '/api/users/me/profile',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Altera nome, nome de exibição, e-mail e gênero do próprio usuário',
          body: ZOwnProfileInput,
          response: { 200: ZOwnProfileSaved },
        },
      },
      async (request) => updateOwnProfile(deps, callerOf(request), request.body),
    );

    app.get(
      '/api/users/me/settings',
      {
        config: ANY_USER,
        schema: { tags, summary: 'Preferências do usuário', response: { 200: ZUserSettings } },
      },
      async (request) => ZUserSettings.parse(await getUserSettings(deps, callerOf(request))),
    );
    app.put(
      '/api/users/me/settings',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Salva preferências do usuário',
          body: ZUserSettings,
          response: { 200: ZUserSettings },
        },
      },
      async (request) => ZUserSettings.parse(await updateUserSettings(deps, callerOf(request), request.body)),
    );

    app.get(
      '/api/users/me/manager-survey',
      {
        config: ANY_USER,
        schema: { tags, summary: 'Pesquisa dos gestores', response: { 200: ZManagerSurvey } },
      },
      async (request) => getManagerSurvey(deps, callerOf(request)),
    );
    app.post(
      '/api/users/me/manager-survey',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Responde a pesquisa dos gestores (até 3 opções)',
          body: ZSurveyAnswer,
          response: { 200: ZMessageOutput },
        },
      },
      async (request) => answerManagerSurvey(deps, callerOf(request), request.body.choices),
    );
  };
}
