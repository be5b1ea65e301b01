import { ZIdParam } from '@prosa/shared/company';
import { ZBigIdParams, zId } from '@prosa/shared/ids';
import {
  ZPersonChange,
  ZPersonDetail,
  ZPersonFilters,
  ZPersonImportChannel,
  ZPersonImportResult,
  ZPersonInput,
  ZPersonPage,
  ZPersonView,
} from '@prosa/shared/person';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, callerOf, needs } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { getAttendancePerson, getPerson, getPersonChanges } from './get-person';
import { listImportChannels } from './import-channels';
import { readImportForm } from './import-form';
import { importPersons } from './import-persons';
import { listPersons } from './list-persons';
import { mergePersons } from './merge-persons';
import { personSettings } from './person-view';
import { savePerson } from './save-person';

const tags = ['persons'];

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

    app.get(
      '/api/persons/import-channels',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Canais a que uma importação de contatos pode vincular os contatos (telefone ou e-mail)',
          response: { 200: z.array(ZPersonImportChannel) },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        await personSettings(deps.db, caller);
        return listImportChannels(deps.db, caller.companyId);
      },
    );

    app.post(
      '/api/persons/import',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Importa contatos de um CSV (separador ;) num canal (multipart: channel_id e file)',
          consumes: ['multipart/form-data'],
          response: { 200: ZPersonImportResult },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        await personSettings(deps.db, caller);
        return importPersons(deps, caller, await readImportForm(request));
      },
    );
  };
}
