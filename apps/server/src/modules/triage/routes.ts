import { TRIAGE_MSG, ZTriageInput, ZTriageOutput, ZTriageSaved } from '@prosa/shared/triage';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { getTriage, saveTriage } from './triage-settings';

const tags = ['triage'];

export function triageRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/company/triage',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Triagem da empresa: modo escolhido, modo em vigor e motivo do bloqueio',
          response: { 200: ZTriageOutput },
        },
      },
      async (request) => getTriage(deps, callerOf(request)),
    );

    app.put(
      '/api/company/triage',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: `Escolhe o modo de triagem (BASIC, OPERATOR, MANAGER); responde "${TRIAGE_MSG.saved}"`,
          body: ZTriageInput,
          response: { 200: ZTriageSaved },
        },
      },
      async (request) => saveTriage(deps, callerOf(request), request.body.triage),
    );
  };
}
