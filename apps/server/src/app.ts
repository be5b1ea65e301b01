import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ERROR_CODE, MSG } from '@prosa/shared/messages';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { type ControlRouteDeps, channelControlRoutes } from './channels/waweb/control-routes';
import { accountRoutes } from './modules/account/routes';
import { activeSmsRoutes } from './modules/active-sms/routes';
import { activeWhatsappRoutes } from './modules/active-whatsapp/routes';
import { attachmentRoutes } from './modules/attachments/routes';
import { attendanceAttachmentRoutes } from './modules/attendance/attachment-routes';
import { attendanceRoutes } from './modules/attendance/routes';
import { registerGuard } from './modules/auth/guard';
import { authRoutes } from './modules/auth/routes';
import { backgroundReportRoutes } from './modules/background-reports/routes';
import { backupRoutes } from './modules/backups/routes';
import { batchCloseRoutes } from './modules/batch-close/routes';
import { biReportRoutes } from './modules/bi-reports/routes';
import { billingRoutes } from './modules/billing/routes';
import { blacklistRoutes } from './modules/blacklist/routes';
import { campaignRoutes } from './modules/campaigns/routes';
import { channelMonitorRoutes } from './modules/channel-monitor/routes';
import { channelRoutes } from './modules/channels/routes';
import { chatbotRoutes } from './modules/chatbot/routes';
import { companyRoutes } from './modules/companies/routes';
import { registerChannelKindGate } from './modules/company-channels/kind-gate';
import { companyMetadataRoutes } from './modules/company-metadata/routes';
import { contactFieldRoutes } from './modules/contact-fields/routes';
import { contractRoutes } from './modules/contracts/routes';
import { controlWordRoutes } from './modules/control-words/routes';
import { crmRoutes } from './modules/crm/routes';
import { dashboardRoutes } from './modules/dashboards/routes';
import { distributionRoutes } from './modules/distribution/routes';
import { emailRoutes } from './modules/email/routes';
import { facebookRoutes } from './modules/facebook/routes';
import { featureFlagRoutes } from './modules/feature-flags/routes';
import { googleCalendarRoutes } from './modules/google-calendar/routes';
import { healthRoutes } from './modules/health/routes';
import { historyRoutes } from './modules/history/routes';
import { hsmRoutes } from './modules/hsm/routes';
import { instagramRoutes } from './modules/instagram/routes';
import { integrationRoutes } from './modules/integrations/routes';
import { knowledgeRoutes } from './modules/knowledge/routes';
import { mailingRoutes } from './modules/mailing/routes';
import { mailingDataRoutes } from './modules/mailing-data/routes';
import { messengerRoutes } from './modules/messenger/routes';
import { multichannelRoutes } from './modules/multichannel/routes';
import { negotiatorPublicRoutes } from './modules/negotiator/public-routes';
import { negotiatorRoutes } from './modules/negotiator/routes';
import { newchatRoutes } from './modules/newchat/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { onboardingRoutes } from './modules/onboarding/routes';
import { optinRoutes } from './modules/optin/routes';
import { organizationRoutes } from './modules/organizations/routes';
import { pauseRoutes } from './modules/pause/routes';
import { permissionRoutes } from './modules/permissions/routes';
import { personRoutes } from './modules/persons/routes';
import { pollRoutes } from './modules/polls/routes';
import { profileRoutes } from './modules/profiles/routes';
import { referralRoutes } from './modules/referrals/routes';
import { releaseRoutes } from './modules/releases/routes';
import { flowDetailRoutes } from './modules/reports/flow-detail-routes';
import { reportRoutes } from './modules/reports/routes';
import { schedulingRoutes } from './modules/scheduling/routes';
import { sectorRoutes } from './modules/sectors/routes';
import { signatureRoutes } from './modules/signatures/routes';
import { smartRoutes } from './modules/smart/routes';
import { smsRoutes } from './modules/sms/routes';
import { smsWebhookRoutes } from './modules/sms/webhook-routes';
import { statusRoutes } from './modules/statuses/routes';
import { surveyRoutes } from './modules/surveys/routes';
import { telegramRoutes } from './modules/telegram/routes';
import { trainingRoutes } from './modules/training/routes';
import { triageRoutes } from './modules/triage/routes';
import { triggerRoutes } from './modules/triggers/routes';
import { userImportRoutes } from './modules/users/import-routes';
import { userRoutes } from './modules/users/routes';
import { waentRoutes } from './modules/waent/routes';
import { waentOnboardingRoutes } from './modules/waent-onboarding/routes';
import { wawebRoutes } from './modules/waweb/routes';
import { defaultWidgetFile, webchatRoutes } from './modules/webchat/routes';
import { webhookRoutes } from './modules/webhooks/routes';
import { dbInputErrorCode, reportDbInputError } from './platform/db-input-error';
import type { AppDeps } from './platform/deps';
import { AppError } from './platform/errors';
import { registerNulGuard } from './platform/refuse-nul';
import { registerSecurityHeaders } from './platform/security-headers';

export async function buildApp(
  deps: AppDeps,
  opts: {
    logger?: boolean;
    widgetFile?: string;
    /** The multichannel widget bundle served at /multichannel/<hash>.js (the built one by default). */
    multichannelWidgetFile?: string;
    /** This process runs a channel server: its control calls (spec 2 §7) are answered here. */
    channelControl?: ControlRouteDeps;
  } = {},
) {
  const app = Fastify({
    logger: opts.logger ? { level: deps.config.LOG_LEVEL } : false,
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: 2 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .code(error.httpStatus)
        .send({ ...error.details, code: error.code, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.code(400).send({
        code: ERROR_CODE.validation,
        message: first?.message ?? MSG.genericError,
        issues: error.validation.map((v) => ({ path: v.instancePath, message: v.message })),
      });
    }
    if (error.statusCode === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply
        .code(415)
        .send({ code: ERROR_CODE.validation, message: 'Formato de envio não suportado.' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .code(error.statusCode)
        .send({ code: ERROR_CODE.validation, message: 'Requisição inválida.' });
    }
    const dbCode = dbInputErrorCode(error);
    if (dbCode) {
      // Safety net: a value PostgreSQL refuses is bad input (400), but it means a schema lacks a bound.
      request.log.error({ err: error, dbCode }, 'valor recusado pelo PostgreSQL: falta um limite no esquema');
      reportDbInputError({ code: dbCode, method: request.method, url: request.url });
      return reply.code(400).send({ code: ERROR_CODE.validation, message: MSG.invalidRequest });
    }
    request.log.error(error);
    return reply.code(500).send({ code: ERROR_CODE.internal, message: MSG.genericError });
  });

  await app.register(fastifyCookie);
  await registerSecurityHeaders(app, deps.config);
  // Uploads are read by each route with its own limits (logo 2 MB, attachments per channel).
  await app.register(fastifyMultipart, { limits: { files: 5, fields: 10 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Prosa API', description: 'API da plataforma de atendimento Prosa', version: '0.1.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'prosa_session' } } },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  registerGuard(app, deps);
  registerNulGuard(app);
  registerChannelKindGate(app, deps);

  await app.register(healthRoutes(deps));
  await app.register(authRoutes(deps));
  await app.register(companyRoutes(deps));
  await app.register(contractRoutes(deps));
  await app.register(sectorRoutes(deps));
  await app.register(statusRoutes(deps));
  await app.register(companyMetadataRoutes(deps));
  await app.register(triageRoutes(deps));
  await app.register(userRoutes(deps));
  await app.register(signatureRoutes(deps));
  await app.register(userImportRoutes(deps));
  await app.register(profileRoutes(deps));
  await app.register(attendanceRoutes(deps));
  await app.register(attendanceAttachmentRoutes(deps));
  await app.register(attachmentRoutes(deps));
  await app.register(historyRoutes(deps));
  await app.register(distributionRoutes(deps));
  await app.register(pauseRoutes(deps));
  await app.register(pollRoutes(deps));
  await app.register(permissionRoutes(deps));
  await app.register(personRoutes(deps));
  await app.register(accountRoutes(deps));
  await app.register(knowledgeRoutes(deps));
  await app.register(controlWordRoutes(deps));
  await app.register(schedulingRoutes(deps));
  await app.register(contactFieldRoutes(deps));
  await app.register(webchatRoutes(deps, { widgetFile: opts.widgetFile ?? defaultWidgetFile() }));
  await app.register(newchatRoutes(deps, { widgetFile: opts.widgetFile ?? defaultWidgetFile() }));
  await app.register(waentRoutes(deps));
  await app.register(telegramRoutes(deps));
  await app.register(emailRoutes(deps));
  await app.register(smsRoutes(deps));
  await app.register(smartRoutes(deps));
  await app.register(activeSmsRoutes(deps));
  await app.register(smsWebhookRoutes(deps));
  await app.register(wawebRoutes(deps));
  await app.register(facebookRoutes(deps));
  await app.register(instagramRoutes(deps));
  await app.register(webhookRoutes(deps));
  await app.register(referralRoutes(deps));
  await app.register(channelRoutes(deps));
  await app.register(chatbotRoutes(deps));
  await app.register(hsmRoutes(deps));
  await app.register(triggerRoutes(deps));
  await app.register(multichannelRoutes(deps, { widgetFile: opts.multichannelWidgetFile }));
  await app.register(activeWhatsappRoutes(deps));
  await app.register(channelMonitorRoutes(deps));
  await app.register(batchCloseRoutes(deps));
  await app.register(blacklistRoutes(deps));
  await app.register(campaignRoutes(deps));
  await app.register(mailingRoutes(deps));
  await app.register(mailingDataRoutes(deps));
  await app.register(optinRoutes(deps));
  await app.register(reportRoutes(deps));
  await app.register(flowDetailRoutes(deps));
  await app.register(backgroundReportRoutes(deps));
  await app.register(dashboardRoutes(deps));
  await app.register(messengerRoutes(deps));
  await app.register(notificationRoutes(deps));
  await app.register(surveyRoutes(deps));
  await app.register(releaseRoutes(deps));
  await app.register(onboardingRoutes(deps));
  await app.register(trainingRoutes(deps));
  await app.register(organizationRoutes(deps));
  await app.register(biReportRoutes(deps));
  await app.register(billingRoutes(deps));
  await app.register(backupRoutes(deps));
  await app.register(crmRoutes(deps));
  await app.register(integrationRoutes(deps));
  await app.register(googleCalendarRoutes(deps));
  await app.register(waentOnboardingRoutes(deps));
  await app.register(negotiatorRoutes(deps));
  await app.register(negotiatorPublicRoutes(deps));
  await app.register(featureFlagRoutes(deps));
  if (opts.channelControl) await app.register(channelControlRoutes(opts.channelControl));

  await serveWebApp(app, deps.config.WEB_DIST);
  return app;
}

/** The built React app: files as they are, and index.html for every other GET outside /api. */
async function serveWebApp(app: FastifyInstance, dist: string) {
  const root = resolve(dist);
  const hasWeb = existsSync(resolve(root, 'index.html'));
  // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
  if (hasWeb) await app.register(fastifyStatic, { root, wildcard: true, index: ['index.html'] });
  app.setNotFoundHandler((request, reply) => {
    if (
      request.method === 'GET' &&
      hasWeb &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/socket.io')
    ) {
      return reply.sendFile('index.html');
    }
    return reply.code(404).send({ code: ERROR_CODE.notFound, message: MSG.notFound });
  });
}
