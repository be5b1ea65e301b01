import { ZMessageOutput } from '@prosa/shared/auth';
import { ERROR_CODE } from '@prosa/shared/messages';
import {
  ZCompanySignature,
  ZInactivateInput,
  ZOperatorStatusInput,
  ZSignature,
  ZSignatureInput,
  ZUserCreateInput,
  ZUserDetail,
  ZUserFormOptions,
  ZUserListQuery,
  ZUserPage,
  ZUserSectorsInput,
  ZUserUpdateInput,
} from '@prosa/shared/users-admin';
import {
  IMPORT_MODEL_FILE,
  IMPORT_MSG,
  ZImportProgress,
  ZImportRowOutput,
  ZImportValidation,
} from '@prosa/shared/users-import';
import { z } from '@prosa/shared/zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyScope } from '../../platform/company-scope';
import type { AppDeps } from '../../platform/deps';
import { callerOf, MANAGER, needs } from '../../platform/guard';
import { readCsvUpload } from './csv-upload';
import { importModel, importProgress, saveImportFile, validateImportFile } from './import-users';
import { getCompanyUser, getUserByEmail, listCompanyUsers, userFormOptions } from './read-users';
import { createUser, updateUser, updateUserSectors } from './save-user';
import {
  companySignatures,
  createSignature,
  deleteSignature,
  updateSignature,
  userSignatures,
} from './signatures';
import { activateUser, inactivateUser, setUserStatus } from './user-state';

const tags = ['users-admin'];
const READ = needs(MANAGER, 'usuarios', 'read');
const WRITE = needs(MANAGER, 'usuarios', 'write');

const companyId = z.coerce.number().int().positive();
const ZCompanyParams = z.object({ companyId });
const ZUserParams = z.object({ companyId, id: z.coerce.number().int().positive() });
const ZSignatureParams = ZUserParams.extend({ signatureId: z.coerce.number().int().positive() });
const ZImportParams = z.object({ companyId, importId: z.coerce.number().int().positive() });
const ZUserSaved = z.object({ message: z.string(), user: ZUserDetail });
const ZSignatureSaved = z.object({ message: z.string(), signature: ZSignature });
const ZImportRefused = z.object({
  code: z.string(),
  message: z.string(),
  users: z.array(ZImportRowOutput).optional(),
});

export function usersAdminRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  /** The caller and the company the call acts on (own; listed ones for admins; all for lords; else 404). */
  const scope = async (request: FastifyRequest & { params: { companyId: number } }) => {
    const caller = callerOf(request);
    return { caller, companyId: await companyScope(deps.db, caller, request.params.companyId) };
  };

  return async (app) => {
    app.get(
      '/api/companies/:companyId/users',
      {
        config: READ,
        schema: {
          tags,
          summary: 'Usuários da empresa (busca por nome ou e-mail, paginada)',
          params: ZCompanyParams,
          querystring: ZUserListQuery,
          response: { 200: ZUserPage },
        },
      },
      async (request) => {
        const s = await scope(request);
        return listCompanyUsers(deps, s.caller, s.companyId, request.query);
      },
    );

    app.get(
      '/api/companies/:companyId/users/by-email',
      {
        config: READ,
        schema: {
          tags,
          summary: 'Busca usuário por e-mail',
          params: ZCompanyParams,
          querystring: z.object({ email: z.string().max(254) }),
          response: { 200: ZUserDetail },
        },
      },
      async (request) => {
        const s = await scope(request);
        return getUserByEmail(deps, s.caller, s.companyId, request.query.email);
      },
    );

    app.get(
      '/api/companies/:companyId/users/form-options',
      {
        config: READ,
        schema: {
          tags,
          summary: 'Setores, perfis e funções oferecidos no cadastro de usuário',
          params: ZCompanyParams,
          response: { 200: ZUserFormOptions },
        },
      },
      async (request) => {
        const s = await scope(request);
        return userFormOptions(deps, s.caller, s.companyId);
      },
    );

    app.get(
      '/api/companies/:companyId/users/:id',
      {
        config: READ,
        schema: { tags, summary: 'Um usuário', params: ZUserParams, response: { 200: ZUserDetail } },
      },
      async (request) => {
        const s = await scope(request);
        return getCompanyUser(deps, s.caller, s.companyId, request.params.id);
      },
    );

    app.post(
      '/api/companies/:companyId/users',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Cadastra usuário',
          params: ZCompanyParams,
          body: ZUserCreateInput,
          response: { 200: ZUserSaved },
        },
      },
      async (request) => {
        const s = await scope(request);
        return createUser(deps, s.caller, s.companyId, request.body);
      },
    );

    app.patch(
      '/api/companies/:companyId/users/:id',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Altera usuário (senha opcional: o usuário terá de trocá-la)',
          params: ZUserParams,
          body: ZUserUpdateInput,
          response: { 200: ZUserSaved },
        },
      },
      async (request) => {
        const s = await scope(request);
        return updateUser(deps, s.caller, s.companyId, request.params.id, request.body);
      },
    );

    app.patch(
      '/api/companies/:companyId/users/:id/sectors',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Setores e setores de transferência do usuário',
          params: ZUserParams,
          body: ZUserSectorsInput,
          response: { 200: ZUserSaved },
        },
      },
      async (request) => {
        const s = await scope(request);
        return updateUserSectors(deps, s.caller, s.companyId, request.params.id, request.body);
      },
    );

    app.post(
      '/api/companies/:companyId/users/:id/inactivate',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Inativa o usuário a partir de uma data (DD/MM/AAAA)',
          params: ZUserParams,
          body: ZInactivateInput,
          response: { 200: ZUserSaved },
        },
      },
      async (request) => {
        const s = await scope(request);
        return inactivateUser(deps, s.caller, s.companyId, request.params.id, request.body.inactive_since);
      },
    );

    app.post(
      '/api/companies/:companyId/users/:id/activate',
      {
        config: WRITE,
        schema: { tags, summary: 'Reativa o usuário', params: ZUserParams, response: { 200: ZUserSaved } },
      },
      async (request) => {
        const s = await scope(request);
        return activateUser(deps, s.caller, s.companyId, request.params.id);
      },
    );

    app.post(
      '/api/companies/:companyId/users/:id/status',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Coloca o usuário on-line ou off-line',
          params: ZUserParams,
          body: ZOperatorStatusInput,
          response: {
            200: z.object({
              message: z.string(),
              status: z.enum(['online', 'offline']),
              returned_to_queue: z.number(),
            }),
          },
        },
      },
      async (request) => {
        const s = await scope(request);
        return setUserStatus(deps, s.caller, s.companyId, request.params.id, request.body.status);
      },
    );

    app.get(
      '/api/companies/:companyId/users/:id/signatures',
      {
        config: READ,
        schema: {
          tags,
          summary: 'Assinaturas do usuário',
          params: ZUserParams,
          response: { 200: z.array(ZSignature) },
        },
      },
      async (request) => {
        const s = await scope(request);
        return userSignatures(deps, s.caller, s.companyId, request.params.id);
      },
    );

    app.post(
      '/api/companies/:companyId/users/:id/signatures',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Cria assinatura (descrição, setor)',
          params: ZUserParams,
          body: ZSignatureInput,
          response: { 200: ZSignatureSaved },
        },
      },
      async (request) => {
        const s = await scope(request);
        return createSignature(deps, s.caller, s.companyId, request.params.id, request.body);
      },
    );

    app.patch(
      '/api/companies/:companyId/users/:id/signatures/:signatureId',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Altera assinatura',
          params: ZSignatureParams,
          body: ZSignatureInput,
          response: { 200: ZSignatureSaved },
        },
      },
      async (request) => {
        const s = await scope(request);
        const { id, signatureId } = request.params;
        return updateSignature(deps, s.caller, s.companyId, id, signatureId, request.body);
      },
    );

    app.delete(
      '/api/companies/:companyId/users/:id/signatures/:signatureId',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Remove assinatura',
          params: ZSignatureParams,
          response: { 200: ZMessageOutput },
        },
      },
      async (request) => {
        const s = await scope(request);
        const { id, signatureId } = request.params;
        return deleteSignature(deps, s.caller, s.companyId, id, signatureId);
      },
    );

    app.get(
      '/api/companies/:companyId/signatures',
      {
        config: READ,
        schema: {
          tags,
          summary: 'Assinaturas de todos os usuários da empresa',
          params: ZCompanyParams,
          response: { 200: z.array(ZCompanySignature) },
        },
      },
      async (request) => {
        const s = await scope(request);
        return companySignatures(deps, s.caller, s.companyId);
      },
    );

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
