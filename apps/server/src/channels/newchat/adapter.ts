import { capabilitiesOf } from '@prosa/shared/channel-capabilities';
import { z } from '@prosa/shared/zod';
import type { ChannelAdapter } from '../port';

/** A NewChat's config: the spec's widget preview keys under `settings` (checked by ZNewchatSettings on save). */
export const ZNewchatConfig = z.object({ settings: z.record(z.string(), z.unknown()).default({}) });
export type NewchatConfig = z.output<typeof ZNewchatConfig>;

/**
 * NewChat: the full-page chat runs our widget and its visitor API (modules/webchat), so like the web chat its
 * outbound messages reach the visitor from their `message.sent` fact over the /webchat socket; stored is sent.
 */
export const newchatAdapter: ChannelAdapter<NewchatConfig> = {
  kind: 'nc',
  capabilities: capabilitiesOf('nc'),
  config: ZNewchatConfig,
  send: async () => ({ state: 'sent' }),
};
