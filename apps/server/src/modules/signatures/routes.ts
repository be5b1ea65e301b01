import { ZMessageOutput } from '@prosa/shared/auth';
import { zIdParam } from '@prosa/shared/ids';
import { ZCompanySignature, ZSignature, ZSignatureInput, ZSignatureSaved } from '@prosa/shared/users-admin';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps';
import { READ, scopeOf, WRITE, ZCompanyParams, ZUserParams } from '../users/route-scope';
import {
  companySignatures,
  createSignature,
  deleteSignature,
  updateSignature,
  userSignatures,
} from './manage-signatures';

const tags = ['signatures'];

const ZSignatureParams = ZUserParams.extend({ signatureId: zIdParam() });

/** A user's signatures per sector, and the company's list of them (spec 2 §3 Signature). */
export function signatureRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const scope = scopeOf(deps);
  return async (app) => {
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
  };
}
