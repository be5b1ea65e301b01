import { ZMessageOutput } from '@prosa/shared/auth';
import { ZIdParam } from '@prosa/shared/company';
import {
  ZKnowledgeInput,
  ZKnowledgeItem,
  ZKnowledgeItemResult,
  ZKnowledgeListPage,
  ZKnowledgePatch,
  ZKnowledgeQuery,
  ZKnowledgeTag,
  ZKnowledgeTagInput,
} from '@prosa/shared/knowledge';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_USER, callerOf, MANAGER, needs } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import {
  createKnowledgeTag,
  deleteKnowledgeTag,
  incrementKnowledge,
  listKnowledgeTags,
} from './knowledge-tags';
import { autocompleteKnowledge, listKnowledge, mostUsedKnowledge } from './list-knowledge';
import { deleteKnowledge, saveKnowledge } from './save-knowledge';

const tags = ['knowledge'];
// Spec 1 §6: the knowledge base needs the menu access key; reading (and using answers) for every role,
// changing for managers and up with write permission.
const READ = needs(ANY_USER, 'perguntas_e_respostas', 'read');
const WRITE = needs(MANAGER, 'perguntas_e_respostas', 'write');

export function knowledgeRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/knowledge',
      {
        config: READ,
        schema: {
          tags,
          summary: 'Perguntas e respostas (8 por página; 4, 8 ou 16), com busca',
          querystring: ZKnowledgeQuery,
          response: { 200: ZKnowledgeListPage },
        },
      },
      async (request) => listKnowledge(deps, callerOf(request), request.query),
    );

    app.get(
      '/api/knowledge/most-used',
      {
        config: READ,
        schema: { tags, summary: 'As 7 respostas mais usadas', response: { 200: z.array(ZKnowledgeItem) } },
      },
      async (request) => mostUsedKnowledge(deps, callerOf(request)),
    );

    app.get(
      '/api/knowledge/autocomplete',
      {
        config: READ,
        schema: {
          tags,
          summary: "Respostas para o '#termo' do chat (7, a partir de 2 caracteres)",
          querystring: z.object({ term: z.string().max(254).default('') }),
          response: { 200: z.array(ZKnowledgeItem) },
        },
      },
      async (request) => autocompleteKnowledge(deps, callerOf(request), request.query.term),
    );

    app.post(
      '/api/knowledge/:id/increment',
      {
        config: READ,
        schema: {
          tags,
          summary: 'Conta um uso da resposta (inserida no chat)',
          params: ZIdParam,
          response: { 200: z.object({ id: z.number(), uses: z.number() }) },
        },
      },
      async (request) => incrementKnowledge(deps, callerOf(request), request.params.id),
    );

    app.post(
      '/api/knowledge',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Cria pergunta e resposta',
          body: ZKnowledgeInput,
          response: { 200: ZKnowledgeItemResult },
        },
      },
      async (request) => saveKnowledge(deps, callerOf(request), null, request.body),
    );

    app.patch(
      '/api/knowledge/:id',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Altera pergunta e resposta (os campos não enviados continuam como estão)',
          params: ZIdParam,
          body: ZKnowledgePatch,
          response: { 200: ZKnowledgeItemResult },
        },
      },
      async (request) => saveKnowledge(deps, callerOf(request), request.params.id, request.body),
    );

    app.delete(
      '/api/knowledge/:id',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Remove pergunta e resposta',
          params: ZIdParam,
          response: { 200: ZMessageOutput },
        },
      },
      async (request) => deleteKnowledge(deps, callerOf(request), request.params.id),
    );

    app.get(
      '/api/knowledge/tags',
      {
        config: READ,
        schema: {
          tags,
          summary: 'Tags da base de conhecimento (busca por termo)',
          querystring: z.object({ term: z.string().max(50).default('') }),
          response: { 200: z.array(ZKnowledgeTag) },
        },
      },
      async (request) => listKnowledgeTags(deps, callerOf(request), request.query.term),
    );

    app.post(
      '/api/knowledge/tags',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Cria tag (uma tag existente é devolvida)',
          body: ZKnowledgeTagInput,
          response: { 200: z.object({ message: z.string(), tag: ZKnowledgeTag }) },
        },
      },
      async (request) => createKnowledgeTag(deps, callerOf(request), request.body.tag),
    );

    app.delete(
      '/api/knowledge/tags/:id',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Remove tag de todas as respostas',
          params: ZIdParam,
          response: { 200: ZMessageOutput },
        },
      },
      async (request) => deleteKnowledgeTag(deps, callerOf(request), request.params.id),
    );
  };
}
