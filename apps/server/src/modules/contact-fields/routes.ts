import { ZMessageOutput } from '@prosa/shared/auth';
import { ZIdParam } from '@prosa/shared/company';
import {
  ZAttendanceContactFields,
  ZContactField,
  ZContactFieldInput,
  ZContactFieldPatch,
  ZContactFieldQuery,
  ZContactFieldResult,
  ZContactFieldValuesInput,
  ZContactFieldValuesSaved,
} from '@prosa/shared/contact-fields';
import { ZBigIdParams } from '@prosa/shared/ids';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, callerOf, MANAGER, needs } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { getAttendanceContactFields, saveAttendanceContactFields } from './attendance-contact-fields';
import { listContactFields } from './list-contact-fields';
import { createContactField, deleteContactField, updateContactField } from './save-contact-field';

const tags = ['contact-fields'];
// The definitions are company settings (spec 3 §3): managers and up with write permission on them.
const WRITE = needs(MANAGER, 'configuracoes_gerais', 'write');

export function contactFieldRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/contact-fields',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Campos personalizados do contato (ativos; de um setor com sector_id)',
          querystring: ZContactFieldQuery,
          response: { 200: z.array(ZContactField) },
        },
      },
      async (request) => listContactFields(deps, callerOf(request), request.query),
    );

    app.post(
      '/api/contact-fields',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Cria campo personalizado do contato',
          body: ZContactFieldInput,
          response: { 200: ZContactFieldResult },
        },
      },
      async (request) => createContactField(deps, callerOf(request), request.body),
    );

    app.patch(
      '/api/contact-fields/:id',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Altera campo personalizado (os campos não enviados continuam como estão)',
          params: ZIdParam,
          body: ZContactFieldPatch,
          response: { 200: ZContactFieldResult },
        },
      },
      async (request) => updateContactField(deps, callerOf(request), request.params.id, request.body),
    );

    app.delete(
      '/api/contact-fields/:id',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Remove campo personalizado',
          params: ZIdParam,
          response: { 200: ZMessageOutput },
        },
      },
      async (request) => deleteContactField(deps, callerOf(request), request.params.id),
    );

    app.get(
      '/api/attendances/:id/contact-fields',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Campos do contato do setor do atendimento e os valores preenchidos nele',
          params: ZBigIdParams,
          response: { 200: ZAttendanceContactFields },
        },
      },
      async (request) => getAttendanceContactFields(deps, callerOf(request), request.params.id),
    );

    app.put(
      '/api/attendances/:id/contact-fields',
      {
        config: ANY_USER,
        schema: {
          tags,
          summary: 'Salva os campos do contato no atendimento',
          params: ZBigIdParams,
          body: ZContactFieldValuesInput,
          response: { 200: ZContactFieldValuesSaved },
        },
      },
      async (request) =>
        saveAttendanceContactFields(deps, callerOf(request), {
          attendanceId: request.params.id,
          values: request.body.values,
        }),
    );
  };
}
