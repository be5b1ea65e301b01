import { ZIdParam } from '@prosa/shared/company';
import {
  ZGenerateMigrationHashInput,
  ZLinkPhonenumberInput,
  ZMessageOutput,
  ZMigrationHashOutput,
  ZMigrationHashQuery,
  ZMigrationInfo,
  ZNumbersPage,
  ZNumbersQuery,
  ZOnboardingState,
  ZRemoveWhatsappChannelInput,
  ZRequestCodeInput,
  ZRequestCodeOutput,
  ZSaveFacebookInfosInput,
  ZSendCodeInput,
} from '@prosa/shared/waent-onboarding';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER, needs } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { listNumbers } from './list-numbers';
import { decryptMigrationHash, generateMigrationHash, saveFacebookInfos } from './migration';
import { linkPhonenumber, requestNumberCode, sendNumberCode } from './number-link';
import { numberState, removeWhatsappChannel } from './number-state';

const tags = ['whatsapp-enterprise-onboarding'];
const READ = needs(MANAGER, 'whatsapp', 'read');
const WRITE = needs(MANAGER, 'whatsapp', 'write');

export function waentOnboardingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/waent-onboarding/channels/:id',
      {
        config: READ,
        schema: {
          tags,
          summary: 'Estado do vínculo do número',
          params: ZIdParam,
          response: { 200: ZOnboardingState },
        },
      },
      async (request) => numberState(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/api/waent-onboarding/request-code',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'requestCode (SMS ou VOICE)',
          body: ZRequestCodeInput,
          response: { 200: ZRequestCodeOutput },
        },
      },
      async (request) => requestNumberCode(deps, callerOf(request), request.body),
    );
    app.post(
      '/api/waent-onboarding/send-code',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'sendCode (código recebido)',
          body: ZSendCodeInput,
          response: { 200: ZOnboardingState },
        },
      },
      async (request) => sendNumberCode(deps, callerOf(request), request.body),
    );
    app.post(
      '/api/waent-onboarding/link-phonenumber',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'linkPhonenumber (registra com o PIN)',
          body: ZLinkPhonenumberInput,
          response: { 200: ZOnboardingState },
        },
      },
      async (request) => linkPhonenumber(deps, callerOf(request), request.body),
    );
    app.post(
      '/api/waent-onboarding/remove-whatsapp-channel',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'removeWhatsappChannel',
          body: ZRemoveWhatsappChannelInput,
          response: { 200: ZMessageOutput },
        },
      },
      async (request) => removeWhatsappChannel(deps, callerOf(request), request.body.channel),
    );
    app.post(
      '/api/waent-onboarding/migration-hash',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'generateMigrationHash',
          body: ZGenerateMigrationHashInput,
          response: { 200: ZMigrationHashOutput },
        },
      },
      async (request) => generateMigrationHash(deps, callerOf(request), request.body.channel_id),
    );
    app.get(
      '/api/waent-onboarding/migration',
      {
        config: READ,
        schema: {
          tags,
          summary: 'decryptMigrationHash',
          querystring: ZMigrationHashQuery,
          response: { 200: ZMigrationInfo },
        },
      },
      async (request) => decryptMigrationHash(deps, callerOf(request), request.query.params),
    );
    app.post(
      '/api/waent-onboarding/migration/facebook-infos',
      {
        config: WRITE,
        schema: {
          tags,
          summary: 'saveFacebookInfos (cadastro incorporado)',
          body: ZSaveFacebookInfosInput,
          response: { 200: ZOnboardingState },
        },
      },
      async (request) => saveFacebookInfos(deps, callerOf(request), request.body),
    );
    app.get(
      '/api/numbers',
      {
        config: READ,
        schema: {
          tags,
          summary: 'Números (300 por página)',
          querystring: ZNumbersQuery,
          response: { 200: ZNumbersPage },
        },
      },
      async (request) => listNumbers(deps.db, callerOf(request), request.query.page),
    );
  };
}
