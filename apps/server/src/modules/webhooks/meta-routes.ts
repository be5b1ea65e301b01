import { z } from '@prosa/shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { InboxWriter } from '../../channels/inbound/accept';
import { metaGraphOptions } from '../../channels/meta/graph-options';
import { challengeFor, verifyAppSignature } from '../../channels/meta/inbound';
import { type MetaEntry, readWebhook } from '../../channels/meta/messaging';
import type { OpenChannel } from '../../channels/port';
import { PUBLIC } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { stripNul } from '../../platform/refuse-nul';
import { channelByRouteKey, onlyOurTicks } from './meta-channels';
import { annotateNewPeople } from './meta-profiles';

const tags = ['webhooks'];
const ZKind = z.object({ provider: z.enum(['facebook', 'instagram']) });

/**
 * Meta's one webhook for the app (every page and Instagram account): /api/webhooks/facebook and
 * /api/webhooks/instagram. The body is signed with the app secret; each entry names its page (entry.id, the page
 * id) or Instagram account, whose live channel gets its events, split per person, committed to the inbox before
 * the 200. Entries of a page no company connected are dropped (a 4xx would only make Meta send them again).
 */
export function metaWebhookRoutes(deps: AppDeps, writer: InboxWriter): FastifyPluginAsyncZod {
  const meta = metaGraphOptions(deps.config);
  return async (app) => {
    app.get(
      '/api/webhooks/:provider',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Verificação do webhook do app da Meta (hub.challenge)',
          params: ZKind,
          querystring: z.record(z.string().max(200), z.string().max(2000)),
          response: { 200: z.string(), 403: z.string() },
        },
      },
      async (req, reply) => {
        const answer = challengeFor(req.query, meta);
        reply.type('text/plain');
        return answer === null ? reply.code(403).send('Forbidden') : reply.code(200).send(answer);
      },
    );

    app.post(
      '/api/webhooks/:provider',
      {
        config: PUBLIC,
        bodyLimit: 4 * 1024 * 1024,
        schema: {
          tags,
          summary: 'Eventos do Messenger e do Instagram (assinados com X-Hub-Signature-256)',
          params: ZKind,
          response: { 200: z.object({ ok: z.boolean() }), 401: z.object({ ok: z.boolean() }) },
        },
      },
      async (req, reply) => {
        const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        if (!verifyAppSignature({ channelId: null, query: {}, headers: req.headers, rawBody }, meta))
          return reply.code(401).send({ ok: false });
        let payload: unknown;
        try {
          // A NUL (PostgreSQL refuses it) carries nothing a person reads: stripped.
          payload = stripNul(JSON.parse(rawBody.toString('utf8')));
        } catch {
          // Signed but not JSON: nothing to read, and refusing would make Meta send it again.
          return reply.code(200).send({ ok: true });
        }
        const hook = readWebhook(payload);
        const kind =
          hook.object === 'instagram' || (hook.object === '' && req.params.provider === 'instagram')
            ? 'insta'
            : 'fa';
        const adapter = deps.channels.get(kind);
        const byChannel = new Map<number, { ch: OpenChannel; entries: MetaEntry[] }>();
        for (const entry of hook.entry) {
          const ch = await channelByRouteKey(deps, kind, entry.id);
          if (!ch) continue;
          await onlyOurTicks(deps.db, ch, entry);
          await annotateNewPeople({ ...deps, meta }, ch, kind, [entry]);
          const group = byChannel.get(ch.id) ?? { ch, entries: [] };
          group.entries.push(entry);
          byChannel.set(ch.id, group);
        }
        const rows = [...byChannel.values()].flatMap(({ ch, entries }) =>
          (adapter?.inbound?.split({ object: hook.object, entry: entries }) ?? []).map((p) => ({
            companyId: ch.companyId,
            channelId: ch.id,
            orderingKey: p.orderingKey,
            payload: p.payload,
          })),
        );
        await writer.write(rows);
        return reply.code(200).send({ ok: true });
      },
    );
  };
}
