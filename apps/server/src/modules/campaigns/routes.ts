import { Readable } from 'node:stream';
import {
  CAMPAIGN_API,
  ZCampaign,
  ZCampaignChannelOption,
  ZCampaignContactsPage,
  ZCampaignContactsQuery,
  ZCampaignDetails,
  ZCampaignIdParams,
  ZCampaignInput,
  ZCampaignList,
  ZCampaignListQuery,
  ZCampaignMailingOption,
  ZCampaignMailingsQuery,
  ZCampaignMessageResult,
  ZCampaignReport,
  ZCampaignSaved,
  ZCampaignTemplateOption,
  ZCampaignTemplatesQuery,
  ZCampaignUploadResult,
  ZChannelContactsQuery,
  ZCount,
  ZMailingContactsCount,
  ZMailingContactsQuery,
  ZMailingFieldValues,
  ZMailingFieldValuesInput,
  ZSmsBrokers,
  ZSubscriberCountQuery,
  ZUnlockInput,
} from '@prosa/shared/campaigns';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { gateModule } from '../company-metadata/module-gate';
import { campaignContactsPage, campaignDetails, campaignReport, generateReport } from './campaign-details';
import {
  campaignMailings,
  channelContactCount,
  channelsOfKind,
  channelTemplates,
  mailingContactsCount,
  mailingFieldValues,
  smsBrokers,
  subscriberCount,
} from './campaign-options';
import {
  createCampaign,
  deleteCampaign,
  findCampaign,
  listCampaigns,
  unlockCampaign,
  updateCampaign,
} from './manage-campaigns';
import { uploadCampaignMedia } from './upload-media';

const tags = ['campaigns'];

/** Campaigns (spec 3 §2, §7 Campaign): manager and above, always the caller's company. */
export function campaignRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Settings tab: the company may turn the module off (allow.campaigns, on by default): every route is 403 then.
    gateModule(app, deps.db, 'campaigns');
    app.get(
      CAMPAIGN_API.list,
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Campanhas da empresa (filtros; padrão: últimos 10 dias)',
          querystring: ZCampaignListQuery,
          response: { 200: ZCampaignList },
        },
      },
      async (request) => listCampaigns(deps, callerOf(request), request.query),
    );

    app.post(
      CAMPAIGN_API.list,
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Cria uma campanha',
          body: ZCampaignInput,
          response: { 200: ZCampaignSaved },
        },
      },
      async (request) => createCampaign(deps, callerOf(request), request.body),
    );

    app.post(
      CAMPAIGN_API.unlock,
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Destrava uma campanha parada em processamento',
          body: ZUnlockInput,
          response: { 200: ZCampaignMessageResult },
        },
      },
      async (request) => unlockCampaign(deps, callerOf(request), request.body.campaignId),
    );

    app.get(
      '/api/campaigns/:id',
      {
        config: MANAGER,
        schema: { tags, summary: 'Uma campanha', params: ZCampaignIdParams, response: { 200: ZCampaign } },
      },
      async (request) => findCampaign(deps, callerOf(request), request.params.id),
    );

    app.put(
      '/api/campaigns/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Altera uma campanha pendente ou agendada',
          params: ZCampaignIdParams,
          body: ZCampaignInput,
          response: { 200: ZCampaignSaved },
        },
      },
      async (request) => updateCampaign(deps, callerOf(request), request.params.id, request.body),
    );

    app.delete(
      '/api/campaigns/:id',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Exclui uma campanha',
          params: ZCampaignIdParams,
          response: { 200: ZCampaignMessageResult },
        },
      },
      async (request) => deleteCampaign(deps, callerOf(request), request.params.id),
    );

    app.get(
      '/api/campaigns/:id/details',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Progresso da campanha: percentual, enviados, entregues, lidos',
          params: ZCampaignIdParams,
          response: { 200: ZCampaignDetails },
        },
      },
      async (request) => campaignDetails(deps, callerOf(request), request.params.id),
    );

    app.get(
      '/api/campaigns/:id/contacts',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Contatos da campanha, paginados (15, 30 ou 45), por status',
          params: ZCampaignIdParams,
          querystring: ZCampaignContactsQuery,
          response: { 200: ZCampaignContactsPage },
        },
      },
      async (request) => campaignContactsPage(deps, callerOf(request), request.params.id, request.query),
    );

    app.post(
      '/api/campaigns/:id/report',
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Gera o relatório CSV da campanha',
          params: ZCampaignIdParams,
          response: { 200: ZCampaignReport },
        },
      },
      async (request) => generateReport(deps, callerOf(request), request.params.id),
    );

    app.get(
      '/api/campaigns/:id/report.csv',
      {
        config: MANAGER,
        schema: { tags, summary: 'Baixa o relatório CSV da campanha', params: ZCampaignIdParams },
      },
      async (request, reply) => {
        const { filename, chunks } = await campaignReport(deps, callerOf(request), request.params.id);
        return reply
          .header('content-disposition', `attachment; filename="${filename}"`)
          .type('text/csv; charset=utf-8')
          .send(Readable.from(chunks));
      },
    );

    app.get(
      CAMPAIGN_API.mailings,
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Mailings ativos no período da campanha',
          querystring: ZCampaignMailingsQuery,
          response: { 200: z.array(ZCampaignMailingOption) },
        },
      },
      async (request) => campaignMailings(deps, callerOf(request), request.query),
    );

    app.get(
      CAMPAIGN_API.enterpriseChannels,
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Canais WhatsApp Enterprise',
          response: { 200: z.array(ZCampaignChannelOption) },
        },
      },
      async (request) => channelsOfKind(deps, callerOf(request), 'waent'),
    );

    app.get(
      CAMPAIGN_API.hasEnterpriseChannel,
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'A empresa tem canal WhatsApp Enterprise',
          response: { 200: z.object({ has: z.boolean() }) },
        },
      },
      async (request) => ({ has: (await channelsOfKind(deps, callerOf(request), 'waent')).length > 0 }),
    );

    app.get(
      CAMPAIGN_API.wawebChannels,
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Canais WhatsApp Web (QR code)',
          response: { 200: z.array(ZCampaignChannelOption) },
        },
      },
      async (request) => channelsOfKind(deps, callerOf(request), 'waweb'),
    );

    app.get(
      CAMPAIGN_API.templates,
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Modelos (HSM) aprovados de um canal WhatsApp Enterprise',
          querystring: ZCampaignTemplatesQuery,
          response: { 200: z.array(ZCampaignTemplateOption) },
        },
      },
      async (request) => channelTemplates(deps, callerOf(request), request.query.channel_id),
    );

    app.get(
      CAMPAIGN_API.smsBrokers,
      {
        config: MANAGER,
        schema: { tags, summary: 'Brokers de SMS (canais SMS)', response: { 200: ZSmsBrokers } },
      },
      async (request) => smsBrokers(deps, callerOf(request)),
    );

    app.get(
      CAMPAIGN_API.mailingContacts,
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Contatos de um mailing (total e com endereço válido na coluna)',
          querystring: ZMailingContactsQuery,
          response: { 200: ZMailingContactsCount },
        },
      },
      async (request) => mailingContactsCount(deps, callerOf(request), request.query),
    );

    app.post(
      CAMPAIGN_API.mailingFieldValues,
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Valores de uma coluna do mailing (autocompletar filtros)',
          body: ZMailingFieldValuesInput,
          response: { 200: ZMailingFieldValues },
        },
      },
      async (request) => mailingFieldValues(deps, callerOf(request), request.body),
    );

    app.get(
      CAMPAIGN_API.channelContacts,
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Contatos conhecidos de um canal',
          querystring: ZChannelContactsQuery,
          response: { 200: ZCount },
        },
      },
      async (request) => channelContactCount(deps, callerOf(request), request.query.channel_id),
    );

    app.get(
      CAMPAIGN_API.subscriberCount,
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Inscritos (opt-in) ativos de um canal',
          querystring: ZSubscriberCountQuery,
          response: { 200: ZCount },
        },
      },
      async (request) => subscriberCount(deps, callerOf(request), request.query),
    );

    app.post(
      CAMPAIGN_API.upload,
      {
        config: MANAGER,
        schema: {
          tags,
          summary: 'Arquivo de mensagem de campanha (multipart: file; até 5MB; BMP, GIF, JPG, MP4, PDF, PNG)',
          consumes: ['multipart/form-data'],
          response: { 200: ZCampaignUploadResult },
        },
      },
      async (request) => uploadCampaignMedia(deps, callerOf(request).companyId, request),
    );
  };
}
