import { ZMessageOutput } from '@prosa/shared/auth';
import { ZBrand, ZBrandQuery } from '@prosa/shared/brand';
import { ZIdParam } from '@prosa/shared/company';
import {
  COMPANY_MSG,
  type TWhiteLabelKey,
  WHITE_LABEL_KEYS,
  WHITE_LABEL_MAX_BYTES,
} from '@prosa/shared/company-admin';
import { ERROR_CODE } from '@prosa/shared/messages';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN, ANY_USER, callerOf, PUBLIC } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest } from '../../platform/errors';
import { companyBrand, publicBrand, readPublicLogo } from './brand';
import { deleteWhiteLabel, readWhiteLabel, uploadWhiteLabel } from './white-label';

const tags = ['companies'];
const ZKeyParams = ZIdParam.extend({ key: z.enum(WHITE_LABEL_KEYS, { error: COMPANY_MSG.uploadError }) });
const isKey = (value: unknown): value is TWhiteLabelKey =>
  typeof value === 'string' && (WHITE_LABEL_KEYS as readonly string[]).includes(value);

/** White-label of a company (spec 2 §7 whitelabel-upload): logo, login logo and default image. */
export function whiteLabelRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/companies/:id/white-label',
      {
        config: ADMIN,
        schema: {
          tags,
          summary:
            'Envia uma imagem de white-label (multipart: key logo|logo_login|default_image, file; até 2 MB)',
          consumes: ['multipart/form-data'],
          params: ZIdParam,
          response: { 200: z.object({ url: z.string() }) },
        },
      },
      async (request) => {
        const part = await request
          .file({ limits: { fileSize: WHITE_LABEL_MAX_BYTES, files: 1 } })
          .catch(() => undefined);
        if (!part) throw badRequest(COMPANY_MSG.uploadInvalid);
        const data = await part.toBuffer().catch((err: { code?: string }) => {
          if (err.code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError(ERROR_CODE.validation, COMPANY_MSG.uploadTooLarge, 413);
          throw badRequest(COMPANY_MSG.uploadError);
        });
        const keyField = part.fields.key;
        const key = keyField && 'value' in keyField ? keyField.value : undefined;
        if (!isKey(key)) throw badRequest(COMPANY_MSG.uploadError);
        return uploadWhiteLabel(deps, callerOf(request), request.params.id, {
          key,
          name: part.filename,
          data,
          truncated: part.file.truncated,
        });
      },
    );

    app.delete(
      '/api/companies/:id/white-label/:key',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Remove uma imagem de white-label',
          params: ZKeyParams,
          response: { 200: ZMessageOutput },
        },
      },
      async (request) => deleteWhiteLabel(deps, callerOf(request), request.params.id, request.params.key),
    );

    app.get(
      '/api/company/brand',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Título e logo (white-label) da empresa do usuário, para o cabeçalho',
          response: { 200: ZBrand },
        },
      },
      async (request) => companyBrand(deps, callerOf(request)),
    );

    // Public: the login page shows the company's title and login logo before anyone logs in.
    app.get(
      '/api/brand',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary:
            'Título e logo da tela de login: empresa por ?empresa= (id ou domínio) ou pelo endereço (host); desconhecida → padrão',
          querystring: ZBrandQuery,
          response: { 200: ZBrand },
        },
      },
      async (request) =>
        publicBrand(deps, { ...request.query, host: request.query.host ?? request.hostname }),
    );

    app.get(
      '/api/brand/:id/logo',
      {
        config: PUBLIC,
        schema: { tags, summary: 'Logo da tela de login da empresa', params: ZIdParam },
      },
      async (request, reply) => {
        const image = await readPublicLogo(deps, request.params.id);
        return reply
          .header('cache-control', 'public, max-age=86400')
          .header('x-content-type-options', 'nosniff')
          .type(image.mime)
          .send(image.data);
      },
    );

    // Users of the company see its logo; admins also those of the companies of their list.
    app.get(
      '/api/companies/:id/white-label/:key',
      {
        config: ANY_USER,
        schema: { tags, summary: 'Imagem de white-label da empresa', params: ZKeyParams },
      },
      async (request, reply) => {
        const image = await readWhiteLabel(deps, callerOf(request), request.params.id, request.params.key);
        return reply.header('cache-control', 'private, max-age=86400').type(image.mime).send(image.data);
      },
    );
  };
}
