import { ERROR_CODE } from '@prosa/shared/messages';
import {
  WAWEB_CONTROL_MSG,
  ZWawebControlById,
  ZWawebControlResult,
  ZWawebControlV2,
} from '@prosa/shared/waweb';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC } from '../../http/access';
import type { OutboundGuard } from '../../platform/outbound-url';
import type { Storage } from '../../platform/storage/storage';
import {
  type ControlDeps,
  controlLogout,
  controlRefresh,
  controlScreenshot,
  controlStart,
  controlStop,
  mustFindChannel,
} from './control-calls';
import { sendOnThisServer, ZControlSend, ZSendOutcome } from './control-send';
import { controlTokenMatches } from './control-token';
import { profilePictureOnThisServer, ZControlProfilePicture, ZProfilePictureAnswer } from './profile-picture';

// A channel server's control API (spec 2 §7), mounted on the API's Fastify app or on the channel server's own
// (control-app.ts). Only other nodes call it: every route wants the control token (401 otherwise); the session
// guard of user routes does not apply (PUBLIC), the token replaces it.

export type ControlRouteDeps = ControlDeps & { appSecret: string; storage: Storage; outbound: OutboundGuard };

const tags = ['channel-server'];

export function channelControlRoutes(deps: ControlRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!controlTokenMatches(deps.appSecret, request.headers.authorization))
        return reply
          .code(401)
          .send({ code: ERROR_CODE.unauthenticated, message: WAWEB_CONTROL_MSG.unauthorized });
    });

    const byId = (summary: string, run: typeof controlStart) =>
      ({
        config: PUBLIC,
        schema: { tags, summary, body: ZWawebControlById, response: { 200: ZWawebControlResult } },
        handler: async (request: { body: { id: number } }) =>
          run(deps, await mustFindChannel(deps, { id: request.body.id })),
      }) as const;
    app.post('/api/start', byId('Inicia a sessão neste servidor', controlStart));
    app.post('/api/refresh', byId('Reconecta a sessão', controlRefresh));
    app.post('/api/logout', byId('Desconecta o aparelho (novo QR)', controlLogout));
    app.post('/api/stop', byId('Para a sessão', controlStop));

    app.post(
      '/api/screenshot',
      {
        config: PUBLIC,
        schema: { tags, summary: 'Imagem da sessão (QR ou estado), PNG', body: ZWawebControlById },
      },
      async (request, reply) => {
        const png = await controlScreenshot(deps, await mustFindChannel(deps, { id: request.body.id }));
        return reply.type('image/png').send(png);
      },
    );

    const byUuid = (summary: string, run: typeof controlStart, watch: boolean) =>
      ({
        config: PUBLIC,
        schema: { tags, summary, body: ZWawebControlV2, response: { 200: ZWawebControlResult } },
        handler: async (request: { body: { uuid: string; webhook?: string | undefined } }) => {
          const ch = await mustFindChannel(deps, { routeKey: request.body.uuid });
          const { webhook } = request.body;
          if (webhook) await deps.outbound.assertUrl(webhook);
          // Watched before the call: the states the start records at once are told too.
          const previous =
            watch && webhook
              ? deps.webhooks.set(ch.channelId, { url: webhook, uuid: ch.routeKey })
              : undefined;
          try {
            return await run(deps, ch);
          } catch (err) {
            // Refused (already running, not running here): the channel keeps the webhook it had.
            if (watch && webhook) {
              if (previous) deps.webhooks.set(ch.channelId, previous);
              else deps.webhooks.remove(ch.channelId);
            }
            throw err;
          }
        },
      }) as const;
    app.post('/api/v2/channel/start', byUuid('Inicia a sessão pelo uuid', controlStart, true));
    app.post('/api/v2/channel/refresh', byUuid('Reconecta a sessão pelo uuid', controlRefresh, true));
    app.post('/api/v2/channel/stop', byUuid('Para a sessão pelo uuid', controlStop, false));

    app.post(
      '/api/send',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Envia pela sessão deste servidor (uso interno)',
          body: ZControlSend,
          response: { 200: ZSendOutcome },
        },
      },
      async (request) => sendOnThisServer(deps, request.body),
    );

    app.post(
      '/api/profile-picture',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Endereço da foto de perfil de uma pessoa, pela sessão deste servidor (uso interno)',
          body: ZControlProfilePicture,
          response: { 200: ZProfilePictureAnswer },
        },
      },
      async (request) => profilePictureOnThisServer(deps, request.body),
    );
  };
}
