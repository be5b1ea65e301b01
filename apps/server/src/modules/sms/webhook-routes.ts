import { zIdParam } from '@prosa/shared/ids';
import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptEvent, createInboxWriter } from '../../channels/inbound/accept';
import { PUBLIC } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';

const ZParams = z.object({
  channelId: zIdParam(),
  token: z.string().min(1).max(200),
});

/**
 * Brokers' webhooks with the channel's secret in the path (/api/webhooks/{sms|smart}/{id}/{token}): most SMS
 * brokers take only a URL. The event is committed to the inbox before the 200; a wrong token is refused (401)
 * and stores nothing.
 */
export function smsWebhookRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const writer = createInboxWriter(deps.db);
    app.removeContentTypeParser(['application/json']);
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    for (const kind of ['sms', 'smart'] as const) {
      app.post(
        `/api/webhooks/${kind}/:channelId/:token`,
        {
          config: PUBLIC,
          bodyLimit: 1024 * 1024,
          schema: {
            tags: ['webhooks'],
            summary: 'Eventos de brokers SMS e gateways Smart (segredo do canal no caminho)',
            params: ZParams,
            response: { 200: z.object({ ok: z.boolean() }), 401: z.object({ ok: z.boolean() }) },
          },
        },
        async (req, reply) => {
          const result = await acceptEvent({ ...deps, writer }, kind, {
            channelId: req.params.channelId,
            query: { token: req.params.token },
            headers: req.headers,
            rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
          });
          if (result === 'unknown') throw notFound();
          return reply.code(result === 'accepted' ? 200 : 401).send({ ok: result === 'accepted' });
        },
      );
    }
  };
}
