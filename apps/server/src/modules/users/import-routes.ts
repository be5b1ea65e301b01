import { zIdParam } from '@prosa/shared/ids';
import { ERROR_CODE } from '@prosa/shared/messages';
import {
  IMPORT_MODEL_FILE,
  IMPORT_MSG,
  ZImportProgress,
  ZImportRefused,
  ZImportValidation,
} from '@prosa/shared/users-import';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { readCsvUpload } from './csv-upload';
import { importModel, importProgress, saveImportFile, validateImportFile } from './import-users';
import { READ, scopeOf, tags, WRITE, ZCompanyParams } from './route-scope';

const ZImportParams = ZCompanyParams.extend({ importId: zIdParam() });

/** CSV user import (spec 2 §4, §5, §9): model file, validation, save and progress. */
export function userImportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const scope = scopeOf(deps);
  return async (app) => {
    app.get(
      '/api/companies/:companyId/users/import/model',
      {
        config: READ,
        schema: { tags, summary: `Modelo de importação (${IMPORT_MODEL_FILE})`, params: ZCompanyParams },
      },
      async (request, reply) => {
        const s = await scope(request);
        const csv = await importModel(deps, s.companyId);
        return reply
          .header('content-disposition', `attachment; filename="${IMPORT_MODEL_FILE}"`)
          .type('text/csv; charset=utf-8')
          .send(csv);
      },
    );

    app.post(
      '/api/companies/:companyId/users/import/validate',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Valida o CSV de usuários (multipart: file); mensagens por linha',
          consumes: ['multipart/form-data'],
          params: ZCompanyParams,
          response: { 200: ZImportValidation },
        },
      },
      async (request) => {
        const s = await scope(request);
        const file = await readCsvUpload(request);
        return validateImportFile(deps, s.companyId, file.text);
      },
    );

    app.post(
      '/api/companies/:companyId/users/import/save',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Importa o CSV de usuários (só se todas as linhas forem válidas)',
          consumes: ['multipart/form-data'],
          params: ZCompanyParams,
          response: { 200: z.object({ import_id: z.number() }), 400: ZImportRefused },
        },
      },
      async (request, reply) => {
        const s = await scope(request);
        const file = await readCsvUpload(request);
        const result = await saveImportFile(deps, s.caller, s.companyId, file);
        if (!result.ok) {
          return reply
            .code(400)
            .send({ code: ERROR_CODE.validation, message: IMPORT_MSG.saveFailed, users: result.users });
        }
        return { import_id: result.import_id };
      },
    );

    app.get(
      '/api/companies/:companyId/users/imports/:importId',
      {
        config: READ,
        schema: {
          tags,
          summary: 'Andamento de uma importação (PENDING, PROCESS, FINISHED, FAILED)',
          params: ZImportParams,
          response: { 200: ZImportProgress },
        },
      },
      async (request) => {
        const s = await scope(request);
        return importProgress(deps, s.companyId, request.params.importId);
      },
    );
  };
}
