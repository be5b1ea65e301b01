import { zIdParam } from '@prosa/shared/ids';
import {
  ZCompanyTrial,
  ZCompanyTrialInput,
  ZCompanyTrialSaved,
  ZOnboardingMarkOutput,
  ZOnboardingOutput,
} from '@prosa/shared/onboarding';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN, callerOf, MANAGER } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { getCompanyTrial, setCompanyTrial } from './company-trial';
import { dismissOnboarding, markTrialSeen } from './dismiss-onboarding';
import { getOnboarding } from './get-onboarding';

const tags = ['onboarding'];
const ZCompanyId = z.object({ id: zIdParam() });

/** The first-run guide and the trial welcome (spec 1 §2 side modals), for the company's managers and admins. */
export function onboardingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/onboarding',
      {
        config: MANAGER,
        schema: {
          tags,
          summary:
            'Guia de primeiros passos: etapas concluídas (calculadas dos dados da empresa) e período de teste',
          response: { 200: ZOnboardingOutput },
        },
      },
      async (request) => getOnboarding(deps, callerOf(request)),
    );
    app.post(
      '/api/onboarding/dismiss',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Dispensa o guia de primeiros passos para o usuário',
          response: { 200: ZOnboardingMarkOutput },
        },
      },
      async (request) => dismissOnboarding(deps, callerOf(request)),
    );
    app.post(
      '/api/onboarding/trial-seen',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Registra que o usuário viu as boas-vindas do período de teste',
          response: { 200: ZOnboardingMarkOutput },
        },
      },
      async (request) => markTrialSeen(deps, callerOf(request)),
    );
    app.get(
      '/api/companies/:id/trial',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Fim do período de teste da empresa (trial_until), nulo quando segue o contrato',
          params: ZCompanyId,
          response: { 200: ZCompanyTrial },
        },
      },
      async (request) => getCompanyTrial(deps, callerOf(request), request.params.id),
    );
    app.put(
      '/api/companies/:id/trial',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Define (ou remove, com nulo) o fim do período de teste da empresa',
          params: ZCompanyId,
          body: ZCompanyTrialInput,
          response: { 200: ZCompanyTrialSaved },
        },
      },
      async (request) => setCompanyTrial(deps, callerOf(request), request.params.id, request.body),
    );
  };
}
