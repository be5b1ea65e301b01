import { ZIdParam } from '@prosa/shared/company';
import { zIdParam } from '@prosa/shared/ids';
import { ZWaentChannel, ZWaentChannelInput, ZWaentChannelPatch } from '@prosa/shared/waent';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, MANAGER, needs, PUBLIC } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import {
  createChannel,
  deleteChannel,
  getChannel,
  listCompanyChannels,
  updateChannel,
} from './manage-channels';
import { receiveWebhook, verifyWebhook } from './receive-webhook';

const tags = ['whatsapp-enterprise'];
const ZChannelParam = z.object({ channelId: zIdParam() });

export function waentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/channels/waent',
      {
        config: needs(MANAGER, 'whatsapp', 'read'),
        schema: { tags, summary: 'Canais WhatsApp Enterprise', response: { 200: z.array(ZWaentChannel) } },
      },
      async (request) => listCompanyChannels(deps, callerOf(request)),
    );
    app.get(
      '/api/channels/waent/:id',
      {
        config: needs(MANAGER, 'whatsapp', 'read'),
        schema: { tags, summary: 'Um canal', params: ZIdParam, response: { 200: ZWaentChannel } },
      },
      async (request) => getChannel(deps, callerOf(request), request.params.id),
    );
    app.post(
      '/api/channels/waent',
      {
        config: needs(MANAGER, 'whatsapp', 'write'),
        schema: { tags, summary: 'Cria canal', body: ZWaentChannelInput, response: { 200: ZWaentChannel } },
      },
      async (request) => createChannel(deps, callerOf(request), request.body),
    );
    app.patch(
      '/api/channels/waent/:id',
      {
        config: needs(MANAGER, 'whatsapp', 'write'),
        schema: {
          tags,
          summary: 'Altera canal (segredos em branco são mantidos)',
          params: ZIdParam,
          body: ZWaentChannelPatch,
          response: { 200: ZWaentChannel },
        },
      },
      async (request) => updateChannel(deps, callerOf(request), request.params.id, request.body),
    );
    app.delete(
      '/api/channels/waent/:id',
      {
        config: needs(MANAGER, 'whatsapp', 'write'),
        schema: {
          tags,
          summary: 'Remove canal',
          params: ZIdParam,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => deleteChannel(deps, callerOf(request), request.params.id),
    );

    // Meta's webhook: the signature is over the raw body, so this scope keeps JSON bodies as bytes.
    const webhookScope: FastifyPluginAsyncZod = async (hooks) => {
      hooks.removeContentTypeParser(['application/json']);
      hooks.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
      hooks.get(
        '/api/webhooks/waent/:channelId',
        {
          config: PUBLIC,
          schema: {
            tags,
            summary: 'Verificação do webhook (Meta)',
            params: ZChannelParam,
            querystring: z.object({
              'hub.mode': z.string().optional(),
              'hub.verify_token': z.string().optional(),
              'hub.challenge': z.string().optional(),
            }),
            response: { 200: z.string(), 403: z.string() },
          },
        },
        async (request, reply) => {
          const q = request.query;
          const challenge = await verifyWebhook(deps, request.params.channelId, {
            mode: q['hub.mode'],
            token: q['hub.verify_token'],
            challenge: q['hub.challenge'],
          });
          reply.type('text/plain');
          return challenge === null ? reply.code(403).send('Forbidden') : reply.code(200).send(challenge);
        },
      );
      hooks.post(
        '/api/webhooks/waent/:channelId',
        {
          config: PUBLIC,
          bodyLimit: 4 * 1024 * 1024,
          schema: {
            tags,
            summary: 'Eventos do WhatsApp Cloud API (assinados com X-Hub-Signature-256)',
            params: ZChannelParam,
            response: { 200: z.object({ ok: z.boolean() }), 401: z.object({ ok: z.boolean() }) },
          },
        },
        async (request, reply) => {
          const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const header = request.headers['x-hub-signature-256'];
          const ok = await receiveWebhook(deps, {
            channelId: request.params.channelId,
            rawBody: raw,
            signature: typeof header === 'string' ? header : undefined,
            log: (err) => request.log.error(err),
          });
          return reply.code(ok ? 200 : 401).send({ ok });
        },
      );
    };
    await app.register(webhookScope);
  };
}
