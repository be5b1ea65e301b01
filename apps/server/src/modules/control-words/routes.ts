import { ZMessageOutput } from '@prosa/shared/auth';
import { ZIdParam } from '@prosa/shared/company';
import {
  ZControlWord,
  ZControlWordInput,
  ZControlWordList,
  ZControlWordLogPage,
} from '@prosa/shared/control-words';
import { zPage } from '@prosa/shared/ids';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER, needs } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { addControlWord, listControlWordLogs, listControlWords, removeControlWord } from './manage-words';

const tags = ['control-words'];
const WRITE = needs(MANAGER, 'configuracoes_gerais', 'write');

export function controlWordRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/control-words',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Palavras de controle da empresa e se o filtro está ligado',
          response: { 200: ZControlWordList },
        },
      },
      async (request) => listControlWords(deps, callerOf(request)),
    );

    app.post(
      '/api/control-words',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Adiciona uma palavra de controle',
          body: ZControlWordInput,
          response: { 200: z.object({ message: z.string(), word: ZControlWord }) },
        },
      },
      async (request) => addControlWord(deps, callerOf(request), request.body.word),
    );

    app.delete(
      '/api/control-words/:id',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'Remove uma palavra de controle',
          params: ZIdParam,
          response: { 200: ZMessageOutput },
        },
      },
      async (request) => removeControlWord(deps, callerOf(request), request.params.id),
    );

    app.get(
      '/api/control-words/logs',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Mensagens e nomes bloqueados (25 por página)',
          querystring: z.object({ page: zPage() }),
          response: { 200: ZControlWordLogPage },
        },
      },
      async (request) => listControlWordLogs(deps, callerOf(request), request.query.page),
    );
  };
}
