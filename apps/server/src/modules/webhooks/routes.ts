import { zIdParam } from '@prosa/shared/ids';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptEvent, answerChallenge, createInboxWriter } from '../../channels/inbound/accept';
import type { InboundRequest } from '../../channels/port';
import { PUBLIC } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { metaWebhookRoutes } from './meta-routes';

const tags = ['webhooks'];
const ZParams = z.object({ kind: z.string().min(1).max(40), channelId: zIdParam() });

/**
 * Providers' calls (plan 0005 §3): /api/webhooks/{kind}/{channelId}, e.g. Meta's /api/webhooks/waent/{id}.
 * The event is committed to the inbox (group commit) before the 200; the workers process it afterwards.
 */
export function webhookRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const writer = createInboxWriter(deps.db);
    // Signatures are over the raw body, so this scope keeps every body as bytes.
    app.removeContentTypeParser(['application/json']);
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    // Meta's one webhook for every page and Instagram account (the channel is named in the body).
    await app.register(metaWebhookRoutes(deps, writer));

    const request = (
      channelId: number,
      query: Record<string, string | undefined>,
      headers: InboundRequest['headers'],
      body: unknown,
    ): InboundRequest => ({
      channelId,
      query,
      headers,
      rawBody: Buffer.isBuffer(body) ? body : Buffer.alloc(0),
    });

    app.get(
      '/api/webhooks/:kind/:channelId',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Verificação do webhook pelo provedor (Meta: hub.challenge)',
          params: ZParams,
          querystring: z.record(z.string().max(200), z.string().max(2000)),
          response: { 200: z.string(), 403: z.string() },
        },
      },
      async (req, reply) => {
        if (!deps.channels.get(req.params.kind)?.inbound) throw notFound();
        const answer = await answerChallenge(
          deps,
          req.params.kind,
          request(req.params.channelId, req.query, req.headers, undefined),
        );
        reply.type('text/plain');
        return answer === null ? reply.code(403).send('Forbidden') : reply.code(200).send(answer);
      },
    );

    app.post(
      '/api/webhooks/:kind/:channelId',
      {
        config: PUBLIC,
        bodyLimit: 4 * 1024 * 1024,
        schema: {
          tags,
          summary: 'Eventos do provedor (WhatsApp Cloud API: assinados com X-Hub-Signature-256)',
          params: ZParams,
          response: { 200: z.object({ ok: z.boolean() }), 401: z.object({ ok: z.boolean() }) },
        },
      },
      async (req, reply) => {
        const result = await acceptEvent({ ...deps, writer }, req.params.kind, {
          ...request(req.params.channelId, {}, req.headers, req.body),
        });
        if (result === 'unknown') throw notFound();
        return reply.code(result === 'accepted' ? 200 : 401).send({ ok: result === 'accepted' });
      },
    );
  };
}
