import { ZIdParam } from '@prosa/shared/company';
import { ZBigIdParams, zId } from '@prosa/shared/ids';
import { ERROR_CODE } from '@prosa/shared/messages';
import {
  PERSON_MSG,
  ZPersonChange,
  ZPersonDetail,
  ZPersonFilters,
  ZPersonImportResult,
  ZPersonInput,
  ZPersonPage,
  ZPersonView,
} from '@prosa/shared/person';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, callerOf, needs } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest } from '../../platform/errors';
import { getAttendancePerson, getPerson, getPersonChanges } from './get-person';
import { importPersons } from './import-persons';
import { listPersons } from './list-persons';
import { mergePersons } from './merge-persons';
import { savePerson } from './save-person';

const tags = ['persons'];
const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

const READ = needs(ANY_USER, 'contatos', 'read');
const WRITE = needs(ANY_USER, 'contatos', 'write');

export function personRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/persons',
      {
        config: READ,
        schema: {
          tags,
          summary: 'Contatos da empresa (filtros, 25 por página)',
          querystring: ZPersonFilters,
          response: { 200: ZPersonPage },
        },
      },
      async (request) => listPersons(deps, callerOf(request), request.query),
    );

    app.post(
      '/api/persons',
      {
        config: WRITE,
        schema: { tags, summary: 'Cria um contato', body: ZPersonInput, response: { 200: ZPersonView } },
      },
      async (request) => savePerson(deps, callerOf(request), null, request.body),
    );

    app.get(
      '/api/persons/:id',
      {
        config: READ,
        schema: {
          tags,
          summary: 'Um contato com seus canais',
          params: ZIdParam,
          response: { 200: ZPersonDetail },
        },
      },
      async (request) => getPerson(deps, callerOf(request), request.params.id),
    );

    app.put(
      '/api/persons/:id',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Salva um contato',
          params: ZIdParam,
          body: ZPersonInput,
          response: { 200: ZPersonView },
        },
      },
      async (request) => savePerson(deps, callerOf(request), request.params.id, request.body),
    );

    app.post(
      '/api/persons/:id/merge',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Mescla outro contato neste (canais e histórico passam para este)',
          params: ZIdParam,
          body: z.object({ from_id: zId() }),
          response: { 200: ZPersonView },
        },
      },
      async (request) => mergePersons(deps, callerOf(request), request.params.id, request.body.from_id),
    );

    app.get(
      '/api/persons/:id/changes',
      {
        config: READ,
        schema: {
          tags,
          summary: 'Histórico de alterações do contato',
          params: ZIdParam,
          response: { 200: z.array(ZPersonChange) },
        },
      },
      async (request) => getPersonChanges(deps, callerOf(request), request.params.id),
    );

    app.get(
      '/api/attendances/:id/person',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Contato do atendimento',
          params: ZBigIdParams,
          response: { 200: ZPersonDetail },
        },
      },
      async (request) => getAttendancePerson(deps, callerOf(request), request.params.id),
    );

    app.post(
      '/api/persons/import',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Importa contatos de um CSV (separador ;)',
          consumes: ['multipart/form-data'],
          response: { 200: ZPersonImportResult },
        },
      },
      async (request) => {
        const part = await request
          .file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } })
          .catch(() => undefined);
        if (!part) throw badRequest(PERSON_MSG.csvRequired);
        const data = await part.toBuffer().catch((err: { code?: string }) => {
          if (err.code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError(ERROR_CODE.validation, 'O arquivo deve ter no máximo 5 MB.', 413);
          throw badRequest(PERSON_MSG.csvRequired);
        });
        return importPersons(deps, callerOf(request), part.filename, data.toString('utf8'));
      },
    );
  };
}
