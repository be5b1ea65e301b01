import {
  COMPANY_CHANNEL_KINDS,
  channelKindOffMessage,
  channelKindOn,
  type TCompanyChannelKind,
} from '@prosa/shared/company-channels';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/access';
import type { AppDeps } from '../../platform/deps';
import { forbidden } from '../../platform/errors';
import { loadStoredMetadata } from '../company-metadata/repository';

/** The calls that create (or link) a channel of each kind; editing, starting or using one stays open. */
export const CHANNEL_CREATE_ROUTES: Record<string, TCompanyChannelKind> = {
  'POST /api/channels/waweb': 'waweb',
  'POST /api/channels/waent': 'waent',
  'POST /api/waent-onboarding/link-phonenumber': 'waent',
  'POST /api/facebook/pages/:pageId/connect': 'fa',
  'POST /api/instagram': 'insta',
  'POST /api/channels/telegram': 'tg',
  'POST /api/newchats': 'nc',
  'POST /api/channels/sms': 'sms',
  'POST /api/channels/smart': 'smart',
  'POST /api/email-configs': 'em',
  'POST /api/webchats': 'web',
};

/** Every company kind has its create call named above (a new kind must add its own). */
export const GATED_KINDS = new Set(Object.values(CHANNEL_CREATE_ROUTES));
if (COMPANY_CHANNEL_KINDS.some((k) => !GATED_KINDS.has(k))) throw new Error('canal sem rota de criação');

/**
 * Settings tab 15 (channels in use): creating a channel of a kind the company turned off answers 403 with its
 * text. Channels that already exist keep working (only the create calls are gated).
 */
export function registerChannelKindGate(app: FastifyInstance, deps: Pick<AppDeps, 'db'>) {
  // Before the body is validated: a kind turned off is refused whatever the form says.
  app.addHook('preValidation', async (request) => {
    const kind = CHANNEL_CREATE_ROUTES[`${request.method} ${request.routeOptions.url}`];
    if (!kind) return;
    const { companyId } = callerOf(request);
    const stored = await loadStoredMetadata(deps.db, companyId);
    if (!channelKindOn(stored?.allow as Record<string, unknown> | undefined, kind))
      throw forbidden(channelKindOffMessage(kind));
  });
}
